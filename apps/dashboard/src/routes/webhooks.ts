import {
  AppError,
  createWebhookSubscription,
  deleteWebhookSubscription,
  findWebhookDelivery,
  getWebhookSubscription,
  listWebhookDeliveries,
  listWebhookReplays,
  listWebhookSubscriptions,
  type ReplayRequest,
  redeliverWebhook,
  replayWebhookDeliveries,
  sendTestWebhookEvent,
  updateWebhookSubscription,
} from "@svc/core";
import { Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { requirePermission, workspaceRequest } from "../http/guards.ts";
import { formList, formString, param, sendPage } from "../http/render.ts";
import { confirmBody } from "../views/pages/confirm.ts";
import { webhookDetailBody, webhooksBody } from "../views/pages/webhooks.ts";

/** Same domain code as `svc webhook …`; retries and test events go through the real dispatcher. */
export function webhookRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const policy = { allowPrivate: deps.env.WEBHOOK_ALLOW_PRIVATE_URLS };
  const read = requirePermission("workspace:read");
  const write = requirePermission("workspace:write");
  const audit = dashboardAuditor(deps);

  router.get("/webhooks", read, async (req, res) => {
    const w = workspaceRequest(req);
    const subscriptions = await listWebhookSubscriptions(deps.prisma, w.workspaceId);
    sendPage(req, res, w, {
      title: "Webhooks",
      nav: "webhooks",
      body: webhooksBody({ subscriptions, csrf: w.csrf, canWrite: w.canWrite, allowPrivate: policy.allowPrivate }),
    });
  });

  router.post("/webhooks", write, async (req, res) => {
    const w = workspaceRequest(req);
    const form = { url: formString(req, "url", 4096), events: formList(req, "events") };
    try {
      const created = await createWebhookSubscription(
        deps.prisma,
        deps.secrets,
        { workspaceId: w.workspaceId, url: form.url, events: form.events },
        policy,
        audit.by(req, w),
      );
      deps.log.info({ workspaceId: w.workspaceId, webhookId: created.id, userId: w.session.userId }, "webhook created in dashboard");
      const subscriptions = await listWebhookSubscriptions(deps.prisma, w.workspaceId);
      // Rendered, not redirected: the secret is in this one answer only.
      sendPage(req, res, w, {
        title: "Webhooks",
        nav: "webhooks",
        status: 201,
        notice: null,
        body: webhooksBody({ subscriptions, csrf: w.csrf, canWrite: true, allowPrivate: policy.allowPrivate, created }),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const subscriptions = await listWebhookSubscriptions(deps.prisma, w.workspaceId);
      sendPage(req, res, w, {
        title: "Webhooks",
        nav: "webhooks",
        status: error.status,
        notice: null,
        body: webhooksBody({
          subscriptions,
          csrf: w.csrf,
          canWrite: true,
          allowPrivate: policy.allowPrivate,
          form: { ...form, error: error.message },
        }),
      });
    }
  });

  router.get("/webhooks/:id", read, async (req, res) => {
    const w = workspaceRequest(req);
    const subscription = await getWebhookSubscription(deps.prisma, param(req, "id"), w.workspaceId);
    const deliveries = await listWebhookDeliveries(deps.prisma, subscription.id, { workspaceId: w.workspaceId, limit: 50 });
    const replays = await listWebhookReplays(deps.db, subscription.id, w.workspaceId);
    sendPage(req, res, w, {
      title: "Webhook",
      nav: "webhooks",
      body: webhookDetailBody({
        subscription,
        deliveries,
        replays,
        csrf: w.csrf,
        canWrite: w.canWrite,
        defaultReplayRate: deps.env.WEBHOOK_REPLAY_PER_SECOND,
      }),
    });
  });

  // A date-time field of the form: `datetime-local` sends no zone, and the page says UTC.
  const formDate = (req: Parameters<typeof formString>[0], name: string): Date => {
    const value = formString(req, name, 40);
    const date = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || Number.isNaN(date.getTime()))
      throw new AppError("validation_failed", `${name}: a date and time (UTC).`);
    return date;
  };

  router.post("/webhooks/:id/replay", write, async (req, res) => {
    const w = workspaceRequest(req);
    const kind = formString(req, "kind", 20);
    const selection: ReplayRequest =
      kind === "range"
        ? { kind: "range", since: formDate(req, "since"), until: formDate(req, "until") }
        : { kind: "failed_since", since: formDate(req, "since") };
    const rate = formString(req, "perSecond", 4);
    const perSecond = rate === "" ? undefined : /^\d+$/.test(rate) ? Number(rate) : Number.NaN;
    const replay = await replayWebhookDeliveries(
      deps.db,
      deps.webhookProducer,
      param(req, "id"),
      { ...selection, perSecond },
      {
        workspaceId: w.workspaceId,
        defaultPerSecond: deps.env.WEBHOOK_REPLAY_PER_SECOND,
        limits: {
          activePerSubscription: deps.env.WEBHOOK_REPLAYS_ACTIVE_PER_SUBSCRIPTION,
          deliveriesPerDay: deps.env.WEBHOOK_REPLAYED_DELIVERIES_PER_DAY,
        },
      },
    );
    await audit.change(req, w, {
      action: "webhook.replayed",
      target: { type: "webhook", id: replay.subscriptionId },
      changes: {
        replayId: replay.id,
        kind: replay.kind,
        since: replay.since,
        until: replay.until,
        perSecond: replay.perSecond,
        rearmed: replay.rearmed,
        copied: replay.copied,
      },
    });
    deps.log.info(
      { workspaceId: w.workspaceId, webhookId: replay.subscriptionId, replayId: replay.id, userId: w.session.userId },
      "webhook replay started in dashboard",
    );
    res.redirect(303, `/webhooks/${replay.subscriptionId}?notice=replay_started#replays`);
  });

  router.post("/webhooks/:id/enable", write, async (req, res) => {
    const w = workspaceRequest(req);
    const subscription = await updateWebhookSubscription(
      deps.prisma,
      param(req, "id"),
      { isActive: true },
      { workspaceId: w.workspaceId, by: audit.by(req, w) },
    );
    res.redirect(303, `/webhooks/${subscription.id}?notice=webhook_enabled`);
  });

  router.post("/webhooks/:id/disable", write, async (req, res) => {
    const w = workspaceRequest(req);
    const subscription = await updateWebhookSubscription(
      deps.prisma,
      param(req, "id"),
      { isActive: false },
      { workspaceId: w.workspaceId, by: audit.by(req, w) },
    );
    res.redirect(303, `/webhooks/${subscription.id}?notice=webhook_disabled`);
  });

  router.post("/webhooks/:id/test", write, async (req, res) => {
    const w = workspaceRequest(req);
    const delivery = await sendTestWebhookEvent(deps.prisma, deps.webhookProducer, param(req, "id"), {
      workspaceId: w.workspaceId,
      perDay: deps.env.WEBHOOK_TEST_EVENTS_PER_DAY,
    });
    await audit.change(req, w, {
      action: "webhook.test_sent",
      target: { type: "webhook", id: delivery.subscriptionId },
      changes: { deliveryId: delivery.id, eventType: delivery.eventType },
    });
    res.redirect(303, `/webhooks/${delivery.subscriptionId}?notice=test_event_sent`);
  });

  router.get("/webhooks/:id/delete", write, async (req, res) => {
    const w = workspaceRequest(req);
    const subscription = await getWebhookSubscription(deps.prisma, param(req, "id"), w.workspaceId);
    sendPage(req, res, w, {
      title: "Delete webhook",
      nav: "webhooks",
      body: confirmBody({
        title: "Delete webhook",
        question: `Delete the webhook for ${subscription.url}?`,
        detail:
          "Its deliveries and their attempts are deleted too; pending retries stop. To receive events again, create a new webhook (with a new secret).",
        action: `/webhooks/${subscription.id}/delete`,
        confirmLabel: "Delete webhook",
        cancelHref: `/webhooks/${subscription.id}`,
        csrf: w.csrf,
      }),
    });
  });

  router.post("/webhooks/:id/delete", write, async (req, res) => {
    const w = workspaceRequest(req);
    await deleteWebhookSubscription(deps.prisma, param(req, "id"), w.workspaceId, audit.by(req, w));
    res.redirect(303, "/webhooks?notice=webhook_deleted");
  });

  router.post("/webhook-deliveries/:id/retry", write, async (req, res) => {
    const w = workspaceRequest(req);
    const delivery = await findWebhookDelivery(deps.prisma, param(req, "id"), w.workspaceId);
    await redeliverWebhook(deps.prisma, deps.webhookProducer, delivery.id, w.workspaceId);
    // One delivery sent again: a replay of one, recorded as `svc webhook replay --delivery` is.
    await audit.change(req, w, {
      action: "webhook.replayed",
      target: { type: "webhook", id: delivery.subscriptionId },
      changes: { delivery: delivery.id },
    });
    res.redirect(303, `/webhooks/${delivery.subscriptionId}?notice=delivery_retried#${delivery.id}`);
  });

  return router;
}
