import {
  AppError,
  createWebhookSubscription,
  deleteWebhookSubscription,
  getWebhookDelivery,
  getWebhookReplay,
  getWebhookSubscription,
  listWebhookDeliveries,
  listWebhookReplays,
  listWebhookSubscriptions,
  parseCreateWebhookSubscription,
  parseReplayRequest,
  parseTestWebhookEvent,
  parseUpdateWebhookSubscription,
  replayWebhookDeliveries,
  SecretBox,
  sendTestWebhookEvent,
  updateWebhookSubscription,
} from "@svc/core";
import { type RequestHandler, Router } from "express";
import { auditBy, auditor } from "../audit.ts";
import type { ApiDeps } from "../deps.ts";
import { authOf } from "../middleware/authenticate.ts";
import { jsonBody } from "../middleware/jsonBody.ts";
import { requirePermission } from "../middleware/requirePermission.ts";
import { workspaceRateLimit } from "../middleware/workspaceRate.ts";

/**
 * Webhook subscriptions as code, every route full-access only (a subscription's URL may carry the
 * receiver's credentials, its deliveries the workspace's events): list, read, create, update,
 * delete, send a test event, deliveries and replays. Every subscription and delivery is the key's workspace's:
 * another workspace's is a missing one (404). The signing secret is in the create answer only.
 */
/** A JSON body when one is sent; none (no Content-Type, no length) is an empty object. */
const readJson = jsonBody();
const optionalJsonBody: RequestHandler = (req, res, next) => {
  const hasBody =
    req.headers["content-type"] !== undefined ||
    (req.headers["content-length"] ?? "0") !== "0" ||
    req.headers["transfer-encoding"] !== undefined;
  if (hasBody) return readJson(req, res, next);
  req.body = {};
  next();
};

export function webhooksRouter(deps: ApiDeps): Router {
  const router = Router();
  const prisma = deps.db.prisma;
  const box = new SecretBox(deps.config.WEBHOOK_SECRET_KEY);
  const policy = { allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE_URLS };
  const workspaceOf = (res: Parameters<typeof authOf>[0]) => authOf(res).workspaceId;
  const audit = auditor(deps);

  router.get("/", requirePermission("webhooks:manage"), async (_req, res) => {
    res.json(await listWebhookSubscriptions(prisma, workspaceOf(res)));
  });

  router.post("/", requirePermission("webhooks:manage"), jsonBody(), async (req, res) => {
    const input = parseCreateWebhookSubscription(req.body);
    // The signing secret is in this answer only.
    const created = await createWebhookSubscription(prisma, box, { ...input, workspaceId: workspaceOf(res) }, policy, auditBy(req, res));
    res.status(201).json(created);
  });

  router.get("/:id", requirePermission("webhooks:manage"), async (req, res) => {
    res.json(await getWebhookSubscription(prisma, req.params.id as string, workspaceOf(res)));
  });

  router.patch("/:id", requirePermission("webhooks:manage"), jsonBody(), async (req, res) => {
    const input = parseUpdateWebhookSubscription(req.body);
    const updated = await updateWebhookSubscription(prisma, req.params.id as string, input, {
      workspaceId: workspaceOf(res),
      policy,
      by: auditBy(req, res),
    });
    res.json(updated);
  });

  router.delete("/:id", requirePermission("webhooks:manage"), async (req, res) => {
    res.json(await deleteWebhookSubscription(prisma, req.params.id as string, workspaceOf(res), auditBy(req, res)));
  });

  router.post("/:id/test", requirePermission("webhooks:manage"), optionalJsonBody, async (req, res) => {
    const { eventType } = parseTestWebhookEvent(req.body);
    const delivery = await sendTestWebhookEvent(prisma, deps.webhookQueue, req.params.id as string, {
      workspaceId: workspaceOf(res),
      eventType,
    });
    // After the change, not in its transaction: the delivery's row commits before its job is queued.
    await audit(req, res, {
      action: "webhook.test_sent",
      target: { type: "webhook", id: delivery.subscriptionId },
      changes: { deliveryId: delivery.id, eventType: delivery.eventType },
    });
    res.status(202).json(delivery);
  });

  router.get("/:id/deliveries", requirePermission("webhooks:manage"), async (req, res) => {
    const { status, limit } = req.query;
    if ((status !== undefined && typeof status !== "string") || (limit !== undefined && typeof limit !== "string")) {
      throw new AppError("validation_failed", "status and limit: each at most once.");
    }
    const unknown = Object.keys(req.query).filter((name) => name !== "status" && name !== "limit");
    if (unknown.length > 0) throw new AppError("validation_failed", `Unknown query parameter(s): ${unknown.join(", ")}.`);
    const pageSize = limit === undefined ? undefined : /^\d{1,4}$/.test(limit) ? Number(limit) : Number.NaN;
    res.json(await listWebhookDeliveries(prisma, req.params.id as string, { workspaceId: workspaceOf(res), status, limit: pageSize }));
  });

  router.get("/:id/deliveries/:deliveryId", requirePermission("webhooks:manage"), async (req, res) => {
    const delivery = await getWebhookDelivery(prisma, req.params.deliveryId as string, workspaceOf(res));
    if (delivery.subscriptionId !== req.params.id) throw new AppError("not_found", "Webhook delivery not found.");
    res.json(delivery);
  });

  const replayRate = workspaceRateLimit(deps.rateLimiter, {
    bucket: "webhook-replay",
    perMinute: deps.config.API_REPLAYS_PER_MINUTE,
    code: "replay_rate_limited",
    what: "webhook replays",
  });
  router.post("/:id/replays", requirePermission("webhooks:manage"), replayRate, jsonBody(), async (req, res) => {
    const request = parseReplayRequest(req.body);
    const replay = await replayWebhookDeliveries(deps.db, deps.webhookQueue, req.params.id as string, request, {
      workspaceId: workspaceOf(res),
      defaultPerSecond: deps.config.WEBHOOK_REPLAY_PER_SECOND,
      limits: {
        activePerSubscription: deps.config.WEBHOOK_REPLAYS_ACTIVE_PER_SUBSCRIPTION,
        deliveriesPerDay: deps.config.WEBHOOK_REPLAYED_DELIVERIES_PER_DAY,
      },
    });
    await audit(req, res, {
      action: "webhook.replayed",
      target: { type: "webhook", id: req.params.id as string },
      changes: { replayId: replay.id, ...request },
    });
    res.status(202).json(replay);
  });

  router.get("/:id/replays", requirePermission("webhooks:manage"), async (req, res) => {
    res.json(await listWebhookReplays(deps.db, req.params.id as string, workspaceOf(res)));
  });

  router.get("/:id/replays/:replayId", requirePermission("webhooks:manage"), async (req, res) => {
    res.json(await getWebhookReplay(deps.db, req.params.id as string, req.params.replayId as string, workspaceOf(res)));
  });

  return router;
}
