/**
 * Object keys, every part an id the service generated, never caller input, with the workspace
 * leading so that one workspace's files share a prefix and a key names whose file it is:
 * - an email's attachment: `<prefix>emails/<workspace id>/<email id>/<position>`
 * - a received message's raw bytes and attachments: `<prefix>inbound/<workspace id>/<inbound id>/raw`
 *   and `…/<position>`.
 */
export function emailFileKey(prefix: string, workspaceId: string, emailId: string, position: number): string {
  return `${prefix}emails/${workspaceId}/${emailId}/${position}`;
}

export function inboundFileKey(prefix: string, workspaceId: string, inboundId: string, part: number | "raw"): string {
  return `${prefix}inbound/${workspaceId}/${inboundId}/${part}`;
}

/** Whose file a key is; null for a key this service did not write. */
export function parseFileKey(prefix: string, key: string): { kind: "emails" | "inbound"; workspaceId: string; ownerId: string } | null {
  if (!key.startsWith(prefix)) return null;
  const parts = key.slice(prefix.length).split("/");
  if (parts.length !== 4) return null;
  const [kind, workspaceId, ownerId, part] = parts as [string, string, string, string];
  if (kind === "emails" && /^\d+$/.test(part)) return { kind, workspaceId, ownerId };
  if (kind === "inbound" && (part === "raw" || /^\d+$/.test(part))) return { kind, workspaceId, ownerId };
  return null;
}
