import {
  getTemplate,
  getWorkspace,
  listTemplates,
  listTemplateVersions,
  publishTemplate,
  sqlPool,
  TEMPLATE_LIST_LIMIT,
  type TemplateView,
} from "@svc/core";
import { type CliContext, type Command, type Flags, optionalFlag, requireFlag } from "../command.ts";

async function workspaceOf(flags: Flags, { db }: CliContext): Promise<string> {
  return (await getWorkspace(db.prisma, requireFlag(flags, "workspace"))).id;
}

/** A workspace's email templates (named by id or alias); editing is the dashboard's and the API's. */
export const templateCommands: Command[] = [
  {
    path: ["template", "list"],
    usage: "--workspace ID",
    run: async (flags, context) => {
      const workspaceId = await workspaceOf(flags, context);
      const all: TemplateView[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await listTemplates(sqlPool(context.db), workspaceId, {
          limit: TEMPLATE_LIST_LIMIT.max,
          ...(after !== undefined ? { after } : {}),
        });
        all.push(...page.data);
        if (!page.hasMore)
          return all.map(({ id, name, alias, publishedVersion, updatedAt }) => ({ id, name, alias, publishedVersion, updatedAt }));
        after = page.data[page.data.length - 1]!.id;
      }
    },
  },
  {
    path: ["template", "show"],
    usage: "--workspace ID --template ID_OR_ALIAS",
    run: async (flags, context) => {
      const workspaceId = await workspaceOf(flags, context);
      const template = requireFlag(flags, "template");
      const db = sqlPool(context.db);
      return {
        ...(await getTemplate(db, workspaceId, template)),
        versions: (await listTemplateVersions(db, workspaceId, template)).map(({ version, publishedAt }) => ({ version, publishedAt })),
      };
    },
  },
  {
    path: ["template", "publish"],
    usage: "--workspace ID --template ID_OR_ALIAS [--from-version N]",
    run: async (flags, context) => {
      const workspaceId = await workspaceOf(flags, context);
      const fromVersion = optionalFlag(flags, "from-version");
      const body = fromVersion === undefined ? {} : { fromVersion: /^\d+$/.test(fromVersion) ? Number(fromVersion) : fromVersion };
      return publishTemplate(sqlPool(context.db), workspaceId, requireFlag(flags, "template"), body);
    },
  },
];
