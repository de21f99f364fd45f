/**
 * The one way HTML is made in the dashboard: a tagged template that escapes every interpolated
 * value unless it is already `SafeHtml` (the output of another `html` template or of `raw`).
 * Arrays are rendered item by item with the same rule; null, undefined and false render nothing,
 * so `${cond && html`…`}` works. Attribute values must be quoted in the template: the escaper
 * covers `"` and `'` as well as `<`, `>` and `&`.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;", "`": "&#96;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (ch) => ESCAPES[ch]!);
}

export type Renderable = SafeHtml | string | number | boolean | null | undefined | Renderable[];

function render(value: Renderable): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Renderable[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return new SafeHtml(out);
}

/** Trusted markup only (constants written in this codebase, never user data). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** Query strings built from parts, each part encoded. */
export function queryString(params: Record<string, string | number | null | undefined>): string {
  const entries = Object.entries(params).filter(
    (entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined && entry[1] !== "",
  );
  if (entries.length === 0) return "";
  return `?${entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join("&")}`;
}
