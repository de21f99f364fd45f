import { addUserToWorkspace, parseRole } from "@svc/core";
import { type Command, requireFlag } from "../command.ts";

/**
 * `svc user create`: how people get in when dashboard sign-up is off. The password comes on
 * standard input (never argv, which other users of the machine can read in the process list);
 * one trailing newline, as `echo` adds, is not part of it.
 */
export const userCommands: Command[] = [
  {
    path: ["user", "create"],
    usage: "--email E --password-stdin --workspace ID --role owner|admin|viewer",
    run: async (flags, { db, readStdin }) => {
      const role = parseRole(requireFlag(flags, "role"));
      const workspaceId = requireFlag(flags, "workspace");
      const email = requireFlag(flags, "email");
      const password = flags["password-stdin"] === true ? (await readStdin()).replace(/\r?\n$/, "") : undefined;
      const result = await addUserToWorkspace(db.prisma, { email, workspaceId, role, password });
      return {
        id: result.user.id,
        email: result.user.email,
        workspaceId: result.workspaceId,
        role: result.role,
        created: result.userCreated,
      };
    },
  },
];
