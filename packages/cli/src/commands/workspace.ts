import { sesRegionNamesOf } from "@svc/config";
import {
  AppError,
  createWorkspace,
  getWorkspaceRegions,
  parseFailoverPolicy,
  setWorkspacePlan,
  setWorkspaceRateLimit,
  setWorkspaceRegions,
  setWorkspaceRetention,
} from "@svc/core";
import { cliActor } from "../audit.ts";
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
  {
    // Records its own audit entry, in the change's transaction (so it is not in AUDITED).
    path: ["workspace", "retention"],
    usage: "--workspace ID [--body-days N|default] [--metadata-days N|default] [--privacy on|off]",
    run: async (flags, { db }) => {
      const workspaceId = requireFlag(flags, "workspace");
      const body = optionalFlag(flags, "body-days");
      const metadata = optionalFlag(flags, "metadata-days");
      const privacy = optionalFlag(flags, "privacy");
      if (body === undefined && metadata === undefined && privacy === undefined)
        throw new AppError("bad_request", "Give at least one of --body-days, --metadata-days or --privacy.");
      const { actor, source } = cliActor();
      const settings = await setWorkspaceRetention(
        db,
        workspaceId,
        {
          ...(body !== undefined ? { bodyRetentionDays: body } : {}),
          ...(metadata !== undefined ? { metadataRetentionDays: metadata } : {}),
          ...(privacy !== undefined ? { privacyMode: privacy } : {}),
        },
        { actor, source },
      );
      return { workspaceId, ...settings };
    },
  },
  {
    // Records its own audit entry, in the change's transaction (so it is not in AUDITED).
    path: ["workspace", "regions"],
    usage: "--workspace ID [--primary REGION|default] [--failover none|REGION,REGION…]  (without a change: shows them)",
    run: async (flags, { db, config }) => {
      const workspaceId = requireFlag(flags, "workspace");
      const configured = sesRegionNamesOf(config);
      const primary = optionalFlag(flags, "primary");
      const failover = optionalFlag(flags, "failover");
      if (primary === undefined && failover === undefined)
        return { workspaceId, configured, ...(await getWorkspaceRegions(db, workspaceId, configured)) };
      const { actor, source } = cliActor();
      const regions = await setWorkspaceRegions(
        db,
        workspaceId,
        {
          ...(primary !== undefined ? { primary } : {}),
          ...(failover !== undefined ? { failover: parseFailoverPolicy(failover) } : {}),
        },
        configured,
        { actor, source },
      );
      return { workspaceId, configured, ...regions };
    },
  },
];
