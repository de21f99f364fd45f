import { loadEnv, redisEnv, webhookReplayEnv, webhookSecretEnv, webhookUrlEnv } from "@svc/config";
import {
  AppError,
  createWebhookSubscription,
  deleteWebhookSubscription,
  disableWebhookSubscription,
  enableWebhookSubscription,
  getWebhookDelivery,
  getWebhookReplay,
  getWebhookSubscription,
  getWorkspace,
  listWebhookDeliveries,
  listWebhookSubscriptions,
  type ReplayRequest,
  redeliverWebhook,
  replayWebhookDeliveries,
  SecretBox,
  sendTestWebhookEvent,
  waitForRedelivery,
} from "@svc/core";
import { createProducerConnection, Producer, queueLayout } from "@svc/queues";
import { z } from "zod";
import { type CliContext, type Command, type Flags, optionalFlag, requireFlag } from "../command.ts";

/** The settings webhook commands need beyond the database, read through @svc/config. */
const webhookCliEnv = z.object({ ...redisEnv, ...webhookSecretEnv, ...webhookUrlEnv, ...webhookReplayEnv });

function dateFlag(flags: Flags, name: string): Date {
  const value = requireFlag(flags, name);
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime()))
    throw new AppError("validation_failed", `--${name}: an ISO 8601 date-time such as 2030-01-01T00:00:00Z.`);
  return date;
}

/** Which deliveries `svc webhook replay` sends again: exactly one of its selection flags. */
function replaySelection(flags: Flags): ReplayRequest {
  const given = ["delivery", "email", "failed-since", "from"].filter((name) => optionalFlag(flags, name) !== undefined);
  if (given.length !== 1)
    throw new AppError("validation_failed", "Give exactly one of --delivery, --email, --failed-since or --from (with --to).");
  if (optionalFlag(flags, "delivery") !== undefined) return { kind: "delivery", deliveryId: requireFlag(flags, "delivery") };
  if (optionalFlag(flags, "email") !== undefined) return { kind: "email", emailId: requireFlag(flags, "email") };
  if (optionalFlag(flags, "failed-since") !== undefined) return { kind: "failed_since", since: dateFlag(flags, "failed-since") };
  return { kind: "range", since: dateFlag(flags, "from"), until: dateFlag(flags, "to") };
}

function settings(context: CliContext) {
  return loadEnv(webhookCliEnv, context.env);
}

/** A producer for the webhook queue, closed again whatever happens. */
async function withProducer<T>(context: CliContext, run: (producer: Producer<"webhookDelivery">) => Promise<T>): Promise<T> {
  const env = settings(context);
  const redis = createProducerConnection(env);
  const producer = new Producer("webhookDelivery", redis, queueLayout(env));
  try {
    return await run(producer);
  } finally {
    await producer.close().catch(() => {});
    await redis.quit().catch(() => {});
  }
}

function wholeNumber(flags: Flags, name: string, fallback: number, max: number): number {
  const value = optionalFlag(flags, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > max)
    throw new AppError("validation_failed", `--${name} must be a whole number from 0 to ${max}.`);
  return Number(value);
}

export const webhookCommands: Command[] = [
  {
    path: ["webhook", "create"],
    usage: "--workspace ID --url URL --events sent,delivered,…",
    run: async (flags, context) => {
      const env = settings(context);
      const created = await createWebhookSubscription(
        context.db.prisma,
        new SecretBox(env.WEBHOOK_SECRET_KEY),
        {
          workspaceId: requireFlag(flags, "workspace"),
          url: requireFlag(flags, "url"),
          events: requireFlag(flags, "events").split(","),
        },
        { allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_URLS },
      );
      // The only time the secret is shown.
      return { id: created.id, secret: created.secret, url: created.url, events: created.events, isActive: created.isActive };
    },
  },
  {
    path: ["webhook", "list"],
    usage: "--workspace ID",
    run: async (flags, { db }) => {
      const workspace = await getWorkspace(db.prisma, requireFlag(flags, "workspace"));
      return listWebhookSubscriptions(db.prisma, workspace.id);
    },
  },
  {
    path: ["webhook", "deliveries"],
    usage: "--id WH_ID [--status pending|succeeded|failed] [--limit N]",
    run: async (flags, { db }) =>
      listWebhookDeliveries(db.prisma, requireFlag(flags, "id"), {
        status: optionalFlag(flags, "status"),
        limit: wholeNumber(flags, "limit", 20, 200),
      }),
  },
  {
    // One manual attempt now, made by a running dispatcher; waits (default 15 s) to print it.
    path: ["webhook", "retry"],
    usage: "--delivery WD_ID [--wait SECONDS]",
    run: async (flags, context) => {
      const waitSeconds = wholeNumber(flags, "wait", 15, 600);
      const db = context.db.prisma;
      const request = await withProducer(context, (producer) => redeliverWebhook(db, producer, requireFlag(flags, "delivery")));
      const attempt = waitSeconds > 0 ? await waitForRedelivery(db, request, { timeoutMs: waitSeconds * 1000 }) : null;
      const delivery = await getWebhookDelivery(db, request.deliveryId);
      return {
        ...request,
        subscriptionId: delivery.subscriptionId,
        attempt,
        status: delivery.status,
        attemptCount: delivery.attemptCount,
        ...(attempt ? {} : { note: "Queued. No dispatcher recorded the attempt yet; it is made when a dispatcher picks the job up." }),
      };
    },
  },
  {
    path: ["webhook", "test"],
    usage: "--id WH_ID [--event TYPE]",
    run: async (flags, context) =>
      withProducer(context, (producer) =>
        sendTestWebhookEvent(context.db.prisma, producer, requireFlag(flags, "id"), { eventType: optionalFlag(flags, "event") }),
      ),
  },
  {
    path: ["webhook", "replay"],
    usage: "--id WH_ID (--delivery WD_ID | --email EMAIL_ID | --failed-since DATE | --from DATE --to DATE) [--rate PER_SECOND]",
    run: async (flags, context) => {
      const env = settings(context);
      const request = { ...replaySelection(flags), perSecond: wholeNumber(flags, "rate", env.WEBHOOK_REPLAY_PER_SECOND, 100) };
      const limits = {
        activePerSubscription: env.WEBHOOK_REPLAYS_ACTIVE_PER_SUBSCRIPTION,
        deliveriesPerDay: env.WEBHOOK_REPLAYED_DELIVERIES_PER_DAY,
      };
      const { workspaceId } = await getWebhookSubscription(context.db.prisma, requireFlag(flags, "id"));
      const replay = await withProducer(context, (producer) =>
        replayWebhookDeliveries(context.db, producer, requireFlag(flags, "id"), request, { limits, workspaceId }),
      );
      return { ...replay, workspaceId };
    },
  },
  {
    path: ["webhook", "replay-status"],
    usage: "--id WH_ID --replay WR_ID",
    run: async (flags, { db }) => getWebhookReplay(db, requireFlag(flags, "id"), requireFlag(flags, "replay")),
  },
  {
    path: ["webhook", "disable"],
    usage: "--id WH_ID",
    run: async (flags, { db }) => disableWebhookSubscription(db.prisma, requireFlag(flags, "id")),
  },
  {
    path: ["webhook", "enable"],
    usage: "--id WH_ID",
    run: async (flags, { db }) => enableWebhookSubscription(db.prisma, requireFlag(flags, "id")),
  },
  {
    path: ["webhook", "delete"],
    usage: "--id WH_ID",
    // The owner is read before the row goes: the audit entry lands in its workspace.
    run: async (flags, { db }) => {
      const { workspaceId } = await getWebhookSubscription(db.prisma, requireFlag(flags, "id"));
      return { ...(await deleteWebhookSubscription(db.prisma, requireFlag(flags, "id"), workspaceId)), workspaceId };
    },
  },
];
