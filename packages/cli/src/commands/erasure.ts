import { readFile } from "node:fs/promises";
import { getAnyErasure, getErasure, getWorkspace, listErasures, listLatestErasures, parseErasureRequest, requestErasure } from "@svc/core";
import { cliActor } from "../audit.ts";
import { type Command, listFlag, optionalFlag, requireFlag } from "../command.ts";

/**
 * Erasures ("forget a person"): ask for one in a workspace, read one with its receipt, list them.
 * The api's erasure runner does the work (within ERASURE_POLL_INTERVAL_MS); `show` follows it.
 * The request is its own audit entry (erasure.requested, with the counts, never the addresses).
 */
export const erasureCommands: Command[] = [
  {
    path: ["erasure", "create"],
    usage: "--workspace ID [--address A@B,C@D] [--file ADDRESSES_ONE_A_LINE] [--email-id EMAIL_ID,…]",
    run: async (flags, context) => {
      const workspaceId = (await getWorkspace(context.db.prisma, requireFlag(flags, "workspace"))).id;
      const file = optionalFlag(flags, "file");
      const fromFile = file
        ? (await readFile(file, "utf8"))
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter((line) => line !== "")
        : [];
      const request = parseErasureRequest({
        addresses: [...listFlag(flags, "address"), ...fromFile],
        emailIds: listFlag(flags, "email-id"),
      });
      return requestErasure(context.db, { workspaceId, request, ...cliActor() });
    },
  },
  {
    path: ["erasure", "show"],
    usage: "--id ERASURE_ID [--workspace ID]",
    run: async (flags, context) => {
      const workspace = optionalFlag(flags, "workspace");
      return workspace ? getErasure(context.db, workspace, requireFlag(flags, "id")) : getAnyErasure(context.db, requireFlag(flags, "id"));
    },
  },
  {
    path: ["erasure", "list"],
    usage: "[--workspace ID]",
    run: async (flags, context) => {
      const workspace = optionalFlag(flags, "workspace");
      return workspace
        ? listErasures(context.db, (await getWorkspace(context.db.prisma, workspace)).id, {})
        : listLatestErasures(context.db);
    },
  },
];
