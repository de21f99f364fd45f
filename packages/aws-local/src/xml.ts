/**
 * The few XML shapes the SNS query protocol answers with: elements for object keys, `<member>` for
 * list items and `<entry><key/><value/></entry>` for string maps (topic and subscription
 * attributes), which is how the SDK's query deserializer reads them.
 */
export type XmlValue = string | number | boolean | XmlMap | XmlValue[] | { [name: string]: XmlValue | undefined };

/** A string-to-string map, rendered as `<entry>` elements. */
export class XmlMap {
  constructor(readonly entries: Record<string, string>) {}
}

export function renderXml(value: XmlValue): string {
  if (typeof value === "string") return escapeXml(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof XmlMap) {
    return Object.entries(value.entries)
      .map(([key, entry]) => `<entry><key>${escapeXml(key)}</key><value>${escapeXml(entry)}</value></entry>`)
      .join("");
  }
  if (Array.isArray(value)) return value.map((item) => `<member>${renderXml(item)}</member>`).join("");
  return Object.entries(value)
    .filter((pair): pair is [string, XmlValue] => pair[1] !== undefined)
    .map(([name, child]) => `<${name}>${renderXml(child)}</${name}>`)
    .join("");
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
