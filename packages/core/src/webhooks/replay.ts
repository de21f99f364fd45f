import type { DbHandle, DeliveryStatus, WebhookReplay } from "@svc/db";
import { newId, newIdBeside } from "@svc/db";
import type { Producer } from "@svc/queues";
import { AppError, notFound } from "../errors.ts";
import { inTransaction, type SqlClient, sqlPool } from "../sql.ts";
import { lockForTransaction } from "../stores/advisoryLocks.ts";
import {
  countWebhookDeliveriesOfReplay,
  insertReplayCopiesOfWebhookDeliveries,
  type ReplaySelection,
  rearmFailedWebhookDeliveries,
  selectReplayCandidates,
} from "../stores/webhookDeliveries.ts";
import {
  insertWebhookReplay,
  selectActiveWebhookReplays,
  selectWebhookReplay,
  selectWebhookReplays,
  updateWebhookReplayCounts,
} from "../stores/webhookReplays.ts";
import { addToWorkspaceDailyCounter, selectWorkspaceDailyCount } from "../stores/workspaceDailyCounters.ts";
import { isoOrNull, secondsToNextUtcDay } from "../time.ts";
import { findWebhookSubscription } from "./subscriptions.ts";

/*
 * Replay and recovery: past deliveries of one subscription sent again, paced.
 *
 * Which id a replayed delivery carries (receivers dedupe on it):
 *  - a delivery that never succeeded (failed) keeps its id: it is the same delivery, finally
 *    made, and a receiver that never processed it has nothing to dedupe. It becomes pending again
 *    with a fresh 24-hour retry window and doubling schedule.
 *  - a delivery that succeeded is sent as a new delivery with a new id and the original's id in
 *    `replayOf`: the receiver acknowledged the original, so it may have recorded that id, and
 *    would drop the same id again as a duplicate.
 *  - a pending delivery is left alone: it is still being attempted on its own schedule.
 *
 * Pacing: the k-th delivery of a replay is due k / perSecond seconds after the replay starts
 * (its `nextAttemptAt`; its job's delay counts from the first enqueue), so a replay adds at most `perSecond` attempts a
 * second to the dispatchers' work, whatever its size: live deliveries, due at once, are never
 * queued behind it. The subscription's own rate limit, when set, holds on top.
 *
 * Limits: a replay is active until its last delivery is due for its first attempt (`pacedUntil`);
 * a subscription has at most `activePerSubscription` active at once (a second is refused while
 * one runs: N replays side by side would multiply the pace at the receiver), and a workspace
 * replays at most `deliveriesPerDay` deliveries per UTC day, all its subscriptions together (a
 * loop of wide replays would write rows and jobs without end). Both are checked, and the day's
 * count taken, in the transaction that writes the replay, under a lock per workspace.
 */

export const DEFAULT_REPLAY_PER_SECOND = 10;
export const MAX_REPLAY_PER_SECOND = 100;
/** At most this many deliveries per replay: a larger window is replayed in parts. */
export const MAX_REPLAY_DELIVERIES = 20_000;
const ENQUEUE_CHUNK = 1000;
export const DEFAULT_ACTIVE_REPLAYS_PER_SUBSCRIPTION = 1;
export const DEFAULT_REPLAYED_DELIVERIES_PER_DAY = 100_000;
/** The advisory-lock family of replay limits: one lock per workspace. */
const REPLAY_LOCK_NAMESPACE = 0x7e91;

export interface ReplayLimits {
  activePerSubscription: number;
  deliveriesPerDay: number;
}

export type ReplayRequest = ReplaySelection & { perSecond?: number };

export interface WebhookReplayView {
  id: string;
  subscriptionId: string;
  kind: string;
  deliveryId: string | null;
  emailId: string | null;
  since: string | null;
  until: string | null;
  perSecond: number;
  /** Failed deliveries made pending again under their own id. */
  rearmed: number;
  /** Succeeded deliveries sent again as new deliveries (`replayOf` the original). */
  copied: number;
  createdAt: string;
  /** When the last of its deliveries is due for its first attempt. */
  pacedUntil: string;
  /** Its deliveries by status now (a delivery a later replay took over counts there). */
  progress: Record<DeliveryStatus, number>;
}

function toReplayView(replay: WebhookReplay, progress: Record<DeliveryStatus, number>): WebhookReplayView {
  return {
    id: replay.id,
    subscriptionId: replay.subscriptionId,
    kind: replay.kind,
    deliveryId: replay.deliveryId,
    emailId: replay.emailId,
    since: isoOrNull(replay.since),
    until: isoOrNull(replay.until),
    perSecond: replay.perSecond,
    rearmed: replay.rearmed,
    copied: replay.copied,
    createdAt: replay.createdAt.toISOString(),
    pacedUntil: replay.pacedUntil.toISOString(),
    progress,
  };
}

function checkRequest(request: ReplayRequest, now: Date, defaultPerSecond: number): number {
  const perSecond = request.perSecond ?? defaultPerSecond;
  if (!Number.isInteger(perSecond) || perSecond < 1 || perSecond > MAX_REPLAY_PER_SECOND) {
    throw new AppError("validation_failed", `perSecond: a whole number from 1 to ${MAX_REPLAY_PER_SECOND}.`);
  }
  if (request.kind === "failed_since" || request.kind === "range") {
    if (Number.isNaN(request.since.getTime()) || request.since.getTime() > now.getTime())
      throw new AppError("validation_failed", "since: a date-time in the past.");
  }
  if (request.kind === "range" && !(request.until.getTime() > request.since.getTime())) {
    throw new AppError("validation_failed", "until: a date-time after since.");
  }
  return perSecond;
}

/**
 * Sends again the deliveries of one subscription that `request` selects, paced at `perSecond`
 * (default `defaultPerSecond`), and answers the replay with its counts. The rows are written in
 * one transaction before any job exists; a job Redis did not take is enqueued by the
 * dispatcher's sweeper once its delivery is due.
 */
export async function replayWebhookDeliveries(
  db: DbHandle,
  producer: Producer<"webhookDelivery">,
  subscriptionId: string,
  request: ReplayRequest,
  options: { workspaceId?: string; defaultPerSecond?: number; limits?: Partial<ReplayLimits>; now?: Date } = {},
): Promise<WebhookReplayView> {
  const now = options.now ?? new Date();
  const perSecond = checkRequest(request, now, options.defaultPerSecond ?? DEFAULT_REPLAY_PER_SECOND);
  const subscription = await findWebhookSubscription(db.prisma, subscriptionId, options.workspaceId);
  if (!subscription.isActive)
    throw new AppError("conflict", "The webhook subscription is disabled; enable it before replaying deliveries.");

  const replayId = newId("replay");
  const limits: ReplayLimits = {
    activePerSubscription: options.limits?.activePerSubscription ?? DEFAULT_ACTIVE_REPLAYS_PER_SUBSCRIPTION,
    deliveriesPerDay: options.limits?.deliveriesPerDay ?? DEFAULT_REPLAYED_DELIVERIES_PER_DAY,
  };
  const queued = await inTransaction(db, async (client) => {
    await lockForTransaction(client, REPLAY_LOCK_NAMESPACE, subscription.workspaceId);
    await refuseWhileActive(client, subscription.id, limits.activePerSubscription, now);
    const candidates = await selectReplayCandidates(client, subscription.id, request, MAX_REPLAY_DELIVERIES + 1);
    if (candidates.length > MAX_REPLAY_DELIVERIES) {
      throw new AppError(
        "validation_failed",
        `More than ${MAX_REPLAY_DELIVERIES} deliveries match; replay a narrower time range at a time.`,
      );
    }
    if (request.kind === "delivery" && candidates.length === 0) {
      throw new AppError("not_found", "Webhook delivery not found among this subscription's finished deliveries.");
    }
    await countAgainstDailyQuota(client, subscription.workspaceId, candidates.length, limits.deliveriesPerDay, now);
    const due = (k: number) => new Date(now.getTime() + Math.round((k * 1000) / perSecond));
    const failed: Array<{ id: string; due: Date }> = [];
    const succeeded: Array<{ id: string; newId: string; due: Date }> = [];
    candidates.forEach((candidate, k) => {
      if (candidate.status === "failed") failed.push({ id: candidate.id, due: due(k) });
      else succeeded.push({ id: candidate.id, newId: newIdBeside("delivery", candidate.id), due: due(k) });
    });
    await insertWebhookReplay(
      client,
      {
        id: replayId,
        subscriptionId: subscription.id,
        kind: request.kind,
        deliveryId: request.kind === "delivery" ? request.deliveryId : null,
        emailId: request.kind === "email" ? request.emailId : null,
        since: request.kind === "failed_since" || request.kind === "range" ? request.since : null,
        until: request.kind === "range" ? request.until : null,
        perSecond,
        rearmed: 0,
        copied: 0,
        pacedUntil: due(Math.max(0, candidates.length - 1)),
      },
      now,
    );
    const rearmed = await rearmFailedWebhookDeliveries(
      client,
      replayId,
      failed.map((f) => f.id),
      failed.map((f) => f.due),
    );
    const copied = await insertReplayCopiesOfWebhookDeliveries(
      client,
      replayId,
      succeeded.map((s) => s.id),
      succeeded.map((s) => s.newId),
      succeeded.map((s) => s.due),
      now,
    );
    await updateWebhookReplayCounts(client, replayId, { rearmed, copied });
    return [...failed.map((f) => ({ deliveryId: f.id, due: f.due })), ...succeeded.map((s) => ({ deliveryId: s.newId, due: s.due }))];
  });

  // Job id = delivery id, as for every automatic job: the sweeper finds it, and a duplicate is a no-op.
  // Delays keep the pace from the first enqueue, not from `now`: otherwise the time the selection
  // and the transaction took would make the first deliveries due at once, a burst at the receiver.
  const firstEnqueue = Date.now();
  for (let start = 0; start < queued.length; start += ENQUEUE_CHUNK) {
    const chunk = queued.slice(start, start + ENQUEUE_CHUNK).map(({ deliveryId, due }) => ({
      jobId: deliveryId,
      payload: { deliveryId },
      options: { delay: Math.max(0, due.getTime() - now.getTime() - (Date.now() - firstEnqueue)) },
    }));
    await producer.enqueueMany(chunk).catch(() => {});
  }
  return getWebhookReplay(db, subscription.id, replayId);
}

/** 409 while the subscription has as many active replays as it may. */
async function refuseWhileActive(client: SqlClient, subscriptionId: string, maxActive: number, now: Date): Promise<void> {
  const active = await selectActiveWebhookReplays(client, subscriptionId, now);
  if (active.count < maxActive || active.endsAt === null) return;
  const endsAt = new Date(active.endsAt);
  throw new AppError(
    "replay_in_progress",
    `This subscription already has ${active.count === 1 ? "a replay" : `${active.count} replays`} in progress (at most ${maxActive} at once); the running one paces its last delivery in at ${endsAt.toISOString()}. Replay again after that.`,
    undefined,
    Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / 1000)),
  );
}

/** Counts `deliveries` against the workspace's day; 429 until the next UTC day when they do not fit. */
async function countAgainstDailyQuota(
  client: SqlClient,
  workspaceId: string,
  deliveries: number,
  perDay: number,
  now: Date,
): Promise<void> {
  if (deliveries === 0) return;
  if ((await addToWorkspaceDailyCounter(client, workspaceId, "replayed_delivery", deliveries, perDay)) !== null) return;
  const left = Math.max(0, perDay - (await selectWorkspaceDailyCount(client, workspaceId, "replayed_delivery")));
  throw new AppError(
    "replay_quota_exceeded",
    `This replay selects ${deliveries} deliveries; this workspace may replay ${perDay} per day (UTC) and has ${left} left today. Replay a narrower range, or after the day ends.`,
    undefined,
    secondsToNextUtcDay(now),
  );
}

/** One replay of a subscription, with its progress. */
export async function getWebhookReplay(
  db: DbHandle,
  subscriptionId: string,
  replayId: string,
  workspaceId?: string,
): Promise<WebhookReplayView> {
  const subscription = await findWebhookSubscription(db.prisma, subscriptionId, workspaceId);
  const replay = await selectWebhookReplay(db.prisma, replayId, subscription.id);
  if (!replay) throw notFound("Webhook replay");
  return toReplayView(replay, await countWebhookDeliveriesOfReplay(sqlPool(db), replay.id));
}

/** A subscription's most recent replays (at most 50), newest first, each with its progress. */
export async function listWebhookReplays(db: DbHandle, subscriptionId: string, workspaceId?: string): Promise<WebhookReplayView[]> {
  const subscription = await findWebhookSubscription(db.prisma, subscriptionId, workspaceId);
  const replays = await selectWebhookReplays(db.prisma, subscription.id, 50);
  return Promise.all(replays.map(async (replay) => toReplayView(replay, await countWebhookDeliveriesOfReplay(sqlPool(db), replay.id))));
}
