import { readFile, stat } from "node:fs/promises";
import {
  AppError,
  addManualSuppression,
  exportSuppressionsCsv,
  getWorkspace,
  importSuppressionsCsv,
  listSuppressions,
  listTopicSuppressions,
  parseManualSuppression,
  parseReason,
  parseTopicSuppressionListQuery,
  removeSuppression,
  removeTopicSuppression,
  SUPPRESSION_IMPORT_LIMITS,
  SUPPRESSION_LIST_MAX_LIMIT,
  type SuppressionView,
  sqlPool,
  TOPIC_LIST_MAX_LIMIT,
  type TopicSuppressionView,
} from "@svc/core";
import { type CliContext, type Command, type Flags, optionalFlag, RawOutput, requireFlag } from "../command.ts";

/** The workspace named by --workspace, or a "not found" error. */
async function workspaceOf(flags: Flags, { db }: CliContext): Promise<string> {
  return (await getWorkspace(db.prisma, requireFlag(flags, "workspace"))).id;
}

/** The workspace's suppression list: addresses never mailed again (bounced, complained, or added by hand). */
export const suppressionCommands: Command[] = [
  {
    path: ["suppression", "list"],
    usage: "--workspace ID [--reason hard_bounce|complaint|manual] [--address TEXT]",
    run: async (flags, context) => {
      const workspaceId = await workspaceOf(flags, context);
      const reasonFlag = optionalFlag(flags, "reason");
      const address = optionalFlag(flags, "address");
      // Every entry: page through the list in address order.
      const all: SuppressionView[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await listSuppressions(sqlPool(context.db), workspaceId, {
          limit: SUPPRESSION_LIST_MAX_LIMIT,
          ...(reasonFlag !== undefined ? { reason: parseReason(reasonFlag) } : {}),
          ...(address !== undefined ? { address: address.trim().toLowerCase() } : {}),
          ...(after !== undefined ? { after } : {}),
        });
        all.push(...page);
        if (page.length < SUPPRESSION_LIST_MAX_LIMIT) return all;
        after = page[page.length - 1]!.address;
      }
    },
  },
  {
    path: ["suppression", "add"],
    usage: "--workspace ID --address ADDRESS [--expires-at ISO_DATE_TIME]",
    run: async (flags, context) => {
      const workspaceId = await workspaceOf(flags, context);
      const expiresAt = optionalFlag(flags, "expires-at");
      const input = parseManualSuppression({ address: requireFlag(flags, "address"), ...(expiresAt !== undefined ? { expiresAt } : {}) });
      const { created, suppression } = await addManualSuppression(sqlPool(context.db), workspaceId, input);
      return { ...suppression, created };
    },
  },
  {
    path: ["suppression", "remove"],
    usage: "--workspace ID --address ADDRESS [--confirm-complaint]",
    run: async (flags, context) => {
      const workspaceId = await workspaceOf(flags, context);
      const confirm = flags["confirm-complaint"];
      if (confirm !== undefined && confirm !== true) throw new AppError("bad_request", "--confirm-complaint takes no value.");
      try {
        const removed = await removeSuppression(sqlPool(context.db), workspaceId, requireFlag(flags, "address"), {
          confirmComplaint: confirm === true,
        });
        return { ...removed, removed: true };
      } catch (error) {
        if (error instanceof AppError && error.code === "confirmation_required") {
          throw new AppError("confirmation_required", error.message.replace("(?confirm=complaint)", "(--confirm-complaint)"));
        }
        throw error;
      }
    },
  },
  {
    // Recipients who unsubscribed from a topic with an email's one-click link.
    path: ["suppression", "topics"],
    usage: "--workspace ID [--topic TOPIC] [--address TEXT]",
    run: async (flags, context) => {
      const workspaceId = await workspaceOf(flags, context);
      const topic = optionalFlag(flags, "topic");
      const address = optionalFlag(flags, "address");
      const query = parseTopicSuppressionListQuery({
        ...(topic !== undefined ? { topic } : {}),
        ...(address !== undefined ? { address } : {}),
      });
      const all: TopicSuppressionView[] = [];
      for (;;) {
        const last = all[all.length - 1];
        const page = await listTopicSuppressions(sqlPool(context.db), workspaceId, {
          ...query,
          limit: TOPIC_LIST_MAX_LIMIT,
          ...(last ? { afterTopic: last.topic, afterAddress: last.address } : {}),
        });
        all.push(...page);
        if (page.length < TOPIC_LIST_MAX_LIMIT) return all;
      }
    },
  },
  {
    path: ["suppression", "topic-remove"],
    usage: "--workspace ID --topic TOPIC --address ADDRESS",
    run: async (flags, context) => {
      const workspaceId = await workspaceOf(flags, context);
      const removed = await removeTopicSuppression(
        sqlPool(context.db),
        workspaceId,
        requireFlag(flags, "topic"),
        requireFlag(flags, "address"),
      );
      return { ...removed, removed: true };
    },
  },
  {
    path: ["suppression", "import"],
    usage: "--workspace ID --file PATH.csv",
    run: async (flags, context) => {
      const workspaceId = await workspaceOf(flags, context);
      const file = requireFlag(flags, "file");
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new AppError("bad_request", `--file: ${file} is not a readable file.`);
      if (info.size > SUPPRESSION_IMPORT_LIMITS.maxBytes)
        throw new AppError("payload_too_large", "The file is larger than 1 MB; split it into smaller files.");
      return importSuppressionsCsv(sqlPool(context.db), workspaceId, await readFile(file, "utf8"));
    },
  },
  {
    path: ["suppression", "export"],
    usage: "--workspace ID",
    run: async (flags, context) => {
      const workspaceId = await workspaceOf(flags, context);
      let csv = "";
      for await (const chunk of exportSuppressionsCsv(sqlPool(context.db), workspaceId)) csv += chunk;
      return new RawOutput(csv);
    },
  },
];
