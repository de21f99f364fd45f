import { AppError } from "@svc/core";
import type { Logger } from "@svc/logger";
import { recordNotification, timeVerification } from "@svc/metrics/ingest";
import type { SnsConfirmation, SnsVerifier } from "@svc/sns";
import { type Request, Router } from "express";
import { type IngestNotificationDeps, ingestNotification } from "../events/ingestNotification.ts";
import { textBody } from "../http/textBody.ts";
import type { NotificationClock } from "./notificationClock.ts";
import { type ConfirmSubscription, isAcceptableSubscribeUrl } from "./subscription.ts";

export interface SnsRouteDeps extends IngestNotificationDeps {
  verifier: SnsVerifier;
  confirmSubscription: ConfirmSubscription;
  notificationClock?: NotificationClock;
}

/**
 * POST /sns/ses. Verification comes before anything else: until the signature checks out the
 * body is only a string, and a refused message leaves no trace but a log line.
 */
export function snsRoute(deps: SnsRouteDeps): Router {
  const router = Router();
  router.post("/sns/ses", textBody(), async (req, res) => {
    const raw = requireTextBody(req);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      recordNotification("refused", "malformed");
      throw new AppError("bad_request", "Body is not JSON.");
    }

    const verified = timeVerification();
    const verification = await deps.verifier.verify(body);
    verified(verification.ok ? "ok" : "refused");
    if (!verification.ok) {
      recordNotification("refused", verification.reasonClass);
      deps.log.warn({ reason: verification.reason, ...envelopeHints(body) }, "refused SNS message");
      throw new AppError("forbidden", "SNS message could not be verified.");
    }

    const message = verification.message;
    switch (message.Type) {
      case "Notification": {
        deps.notificationClock?.heard(message.TopicArn);
        // Its log lines name the SNS message themselves: no child logger per notification.
        const outcome = await ingestNotification(deps, message, raw);
        recordNotification(outcome);
        res.json({ status: outcome });
        return;
      }
      case "SubscriptionConfirmation":
        await confirm(deps.confirmSubscription, message, childLog(deps.log, message));
        recordNotification("confirmation");
        res.json({ status: "confirmed" });
        return;
      case "UnsubscribeConfirmation":
        childLog(deps.log, message).info({ topicArn: message.TopicArn }, "SNS unsubscribe confirmation received; nothing to do");
        res.json({ status: "acknowledged" });
        return;
    }
  });
  return router;
}

function childLog(log: Logger, message: { MessageId: string; Type: string }): Logger {
  return log.child({ snsMessageId: message.MessageId, snsType: message.Type });
}

async function confirm(confirmSubscription: ConfirmSubscription, message: SnsConfirmation, log: Logger): Promise<void> {
  if (!isAcceptableSubscribeUrl(message.SubscribeURL)) {
    log.warn({ topicArn: message.TopicArn, host: hostOf(message.SubscribeURL) }, "SubscribeURL is not an SNS host; not confirming");
    throw new AppError("forbidden", "SubscribeURL is not an SNS endpoint.");
  }
  try {
    await confirmSubscription(message.SubscribeURL);
  } catch (error) {
    log.error({ err: error, topicArn: message.TopicArn }, "subscription confirmation failed");
    // SNS re-sends the confirmation message when we do not answer 2xx.
    throw new AppError("unavailable", "Could not confirm the subscription; try again.");
  }
  log.info({ topicArn: message.TopicArn }, "SNS subscription confirmed");
}

function requireTextBody(req: Request): string {
  if (typeof req.body !== "string") {
    throw new AppError("unsupported_media_type", "Content-Type must be text/plain or application/json.");
  }
  return req.body;
}

/** Non-secret fields worth having in a refusal log line (never the signature or message). */
function envelopeHints(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null) return {};
  const fields = body as Record<string, unknown>;
  const pick = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string).slice(0, 300) : undefined);
  return { snsMessageId: pick("MessageId"), snsType: pick("Type"), topicArn: pick("TopicArn"), signingCertUrl: pick("SigningCertURL") };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
