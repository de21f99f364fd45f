import { createWorkspace, setWorkspacePlan } from "@svc/core";
import { optionalFlag, requireFlag, type Command } from "../command.ts";

export const workspaceCommands: Command[] = [
  {
    path: ["workspace", "create"],
    usage: "--name N [--plan free|pro|scale|unlimited]",
    run: async (flags, { db }) => {
      const workspace = await createWorkspace(db.prisma, { name: requireFlag(flags, "name"), plan: optionalFlag(flags, "plan") });
      return { id: workspace.id, name: workspace.name, plan: workspace.plan, dailySendLimit: workspace.dailySendLimit };
    },
  },
  {
    path: ["workspace", "set-plan"],
    usage: "--workspace ID --plan free|pro|scale|unlimited",
    run: async (flags, { db }) => setWorkspacePlan(db.prisma, requireFlag(flags, "workspace"), requireFlag(flags, "plan")),
  },
];
