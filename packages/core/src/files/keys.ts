/**
 * Object keys, every part an id the service generated, never caller input. Under the install's
 * own root, `<prefix><install id>/`, so that installs sharing a bucket (and a prefix) never see
 * each other's files, with the workspace leading so that a key names whose file it is:
 * - an email's attachment: `<root>emails/<workspace id>/<email id>/<position>`
 * - a received message's raw bytes and attachments: `<root>inbound/<workspace id>/<inbound id>/raw`
 *   and `…/<position>`.
 * Files written before keys carried the install id sit directly under `<prefix>` (the legacy
 * root): still read and deleted with their rows, never listed by the leftover sweep, which
 * cannot tell them from another install's.
 */
export interface FileKeys {
  /** `<prefix><install id>/`: every key this install writes starts with it. */
  readonly root: string;
  email(workspaceId: string, emailId: string, position: number): string;
  inbound(workspaceId: string, inboundId: string, part: number | "raw"): string;
  /** The same file's key as written before keys carried the install id. */
  legacyEmail(workspaceId: string, emailId: string, position: number): string;
  legacyInbound(workspaceId: string, inboundId: string, part: number | "raw"): string;
  /** Whose file a key under `root` is; null for a key this install did not write. */
  parse(key: string): { kind: "emails" | "inbound"; workspaceId: string; ownerId: string } | null;
}

export function fileKeys(prefix: string, installationId: string): FileKeys {
  const root = `${prefix}${installationId}/`;
  return {
    root,
    email: (workspaceId, emailId, position) => `${root}emails/${workspaceId}/${emailId}/${position}`,
    inbound: (workspaceId, inboundId, part) => `${root}inbound/${workspaceId}/${inboundId}/${part}`,
    legacyEmail: (workspaceId, emailId, position) => `${prefix}emails/${workspaceId}/${emailId}/${position}`,
    legacyInbound: (workspaceId, inboundId, part) => `${prefix}inbound/${workspaceId}/${inboundId}/${part}`,
    parse(key) {
      if (!key.startsWith(root)) return null;
      const parts = key.slice(root.length).split("/");
      if (parts.length !== 4) return null;
      const [kind, workspaceId, ownerId, part] = parts as [string, string, string, string];
      if (kind === "emails" && /^\d+$/.test(part)) return { kind, workspaceId, ownerId };
      if (kind === "inbound" && (part === "raw" || /^\d+$/.test(part))) return { kind, workspaceId, ownerId };
      return null;
    },
  };
}
