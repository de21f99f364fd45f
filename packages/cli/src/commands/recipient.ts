import { AppError, addTestRecipient, getWorkspace, listTestRecipients, removeTestRecipient } from "@svc/core";
import { type Command, optionalFlag, requireFlag } from "../command.ts";
import { withDomainContext } from "../identities.ts";

/** Pre-verified recipients: the only addresses mail sent with a `test` key is delivered to. */
export const recipientCommands: Command[] = [
  {
    path: ["recipient", "add"],
    usage: "--workspace ID --email ADDRESS",
    run: async (flags, { db, config }) =>
      withDomainContext({ config, db }, (context) =>
        addTestRecipient(
          db.prisma,
          { workspaceId: requireFlag(flags, "workspace"), email: requireFlag(flags, "email") },
          context.identities,
        ),
      ),
  },
  {
    path: ["recipient", "list"],
    usage: "--workspace ID",
    run: async (flags, { db, config }) => {
      const workspace = await getWorkspace(db.prisma, requireFlag(flags, "workspace"));
      return withDomainContext({ config, db }, (context) => listTestRecipients(db.prisma, workspace.id, context.identities));
    },
  },
  {
    path: ["recipient", "remove"],
    usage: "--workspace ID (--email ADDRESS | --id RCP_ID)",
    run: async (flags, { db, config }) => {
      const workspaceId = requireFlag(flags, "workspace");
      const email = optionalFlag(flags, "email");
      const id = optionalFlag(flags, "id");
      if ((email === undefined) === (id === undefined)) throw new AppError("bad_request", "Give exactly one of --email or --id.");
      const removed = await withDomainContext({ config, db }, (context) =>
        removeTestRecipient(db.prisma, workspaceId, id !== undefined ? { id } : { email: email! }, context.identities),
      );
      return { ...removed, removed: true };
    },
  },
];
