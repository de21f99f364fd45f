import { AppError, createWorkspace, setWorkspacePlan, setWorkspaceRateLimit } from "@svc/core";
import { type Command, optionalFlag, requireFlag } from "../command.ts";

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
  {
    path: ["workspace", "set-rate-limit"],
    usage: "--workspace ID (--per-second N [--burst N] | --default)",
    run: async (flags, { db }) => {
      const workspaceId = requireFlag(flags, "workspace");
      if (flags.default === true) {
        if (flags["per-second"] !== undefined || flags.burst !== undefined)
          throw new AppError("bad_request", "--default takes no --per-second or --burst.");
        return setWorkspaceRateLimit(db.prisma, workspaceId, null);
      }
      return setWorkspaceRateLimit(db.prisma, workspaceId, {
        perSecond: requireFlag(flags, "per-second"),
        burst: optionalFlag(flags, "burst"),
      });
    },
  },
];
