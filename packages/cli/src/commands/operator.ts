import { listOperators, setOperator } from "@svc/core";
import { type Command, requireFlag } from "../command.ts";

/**
 * `svc operator grant|revoke|list`: the install-wide role. An operator sees the SES account page
 * and what every workspace shares; a workspace owner sees only its own workspace.
 */
export const operatorCommands: Command[] = [
  { path: ["operator", "grant"], usage: "--email E", run: (flags, { db }) => setOperator(db.prisma, requireFlag(flags, "email"), true) },
  { path: ["operator", "revoke"], usage: "--email E", run: (flags, { db }) => setOperator(db.prisma, requireFlag(flags, "email"), false) },
  { path: ["operator", "list"], usage: "", run: async (_flags, { db }) => ({ operators: await listOperators(db.prisma) }) },
];
