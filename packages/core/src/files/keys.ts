/**
 * Object keys of emails' files: `<prefix>emails/<workspace id>/<email id>/<position>`. Every part
 * is an id the service generated, never caller input, and the workspace leads, so one
 * workspace's files share a prefix and a key names whose file it is.
 */
export function emailFileKey(prefix: string, workspaceId: string, emailId: string, position: number): string {
  return `${prefix}emails/${workspaceId}/${emailId}/${position}`;
}

export function emailFilesPrefix(prefix: string): string {
  return `${prefix}emails/`;
}

/** The workspace and email a key belongs to; null for a key this service did not write. */
export function parseEmailFileKey(prefix: string, key: string): { workspaceId: string; emailId: string } | null {
  if (!key.startsWith(emailFilesPrefix(prefix))) return null;
  const parts = key.slice(emailFilesPrefix(prefix).length).split("/");
  if (parts.length !== 3 || !/^\d+$/.test(parts[2]!)) return null;
  return { workspaceId: parts[0]!, emailId: parts[1]! };
}
