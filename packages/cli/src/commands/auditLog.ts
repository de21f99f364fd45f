import { AppError, listAuditLog, parseAuditLogQuery, sqlPool } from "@svc/core";
import { type Command, optionalFlag } from "../command.ts";

/**
 * `svc audit-log list`: an operator reads a workspace's entries (`--workspace`) or the install-wide
 * ones (`--install-wide`: operator grants, failed sign-ins, SES setup), with the REST filters.
 */
export const auditLogCommands: Command[] = [
  {
    path: ["audit-log", "list"],
    usage:
      "(--workspace ID | --install-wide) [--action A] [--actor ID] [--target ID] [--since ISO] [--until ISO] [--limit N] [--after AUD_ID]",
    run: async (flags, { db }) => {
      const workspaceId = optionalFlag(flags, "workspace");
      const installWide = flags["install-wide"] === true;
      if ((workspaceId === undefined) === !installWide)
        throw new AppError("bad_request", "Give exactly one of --workspace ID or --install-wide.");
      const query: Record<string, unknown> = {};
      for (const name of ["action", "actor", "target", "since", "until", "limit", "after"]) {
        const value = optionalFlag(flags, name);
        if (value !== undefined) query[name] = value;
      }
      return listAuditLog(sqlPool(db), workspaceId !== undefined ? { workspaceId } : { installWide: true }, parseAuditLogQuery(query));
    },
  },
];
