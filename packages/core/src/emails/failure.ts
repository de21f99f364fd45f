import { newDeliveryJobs, type Producer } from "@svc/queues";
import type { Queryable } from "../sql.ts";
import { failEmailsWithEvents } from "../stores/emailEvents.ts";
import { DOMAIN_MOVES, SENDER_MOVES } from "./status.ts";

/**
 * Why an email ended `failed` without a provider's verdict: the `reason` of its `failed` event.
 * (A provider's refusal and a fully suppressed email end `failed` with a `rejected` event; a
 * provider's rendering failure with its `rendering_failed` event.)
 */
export type FailureReason =
  /** Its from-domain is no longer a verified domain of its workspace (removed, or its re-check failed). */
  | "domain_not_verified"
  /** A test key's email had no recipient among the workspace's verified test recipients. */
  | "no_permitted_recipient"
  /** Its attachment bytes were gone at the handoff. */
  | "attachments_missing"
  /** The provider kept failing for now until the retry window ended. */
  | "retry_window_over";

export interface EmailFailure {
  reason: FailureReason;
  /** Said to people: the email's `errorMessage` and the event's `message`. */
  message: string;
}

/** The `failed` event's payload: `source: "svc"` marks it as ours, not a provider's. */
function payloadOf(failure: EmailFailure): Record<string, unknown> {
  return { source: "svc", reason: failure.reason, message: failure.message };
}

/**
 * Ends an email the sender holds (`queued` or `sending`) as `failed`, with its `failed` event and
 * webhook deliveries in the same statement. Answers the deliveries to enqueue; null when the
 * email was not moved (something else ended it first).
 */
export async function failEmail(db: Queryable, emailId: string, failure: EmailFailure, provider: string | null): Promise<string[] | null> {
  const [failed] = await failEmailsWithEvents(
    db,
    { emailIds: [emailId] },
    {
      from: SENDER_MOVES.failed.from,
      errorMessage: failure.message,
      payload: payloadOf(failure),
      reason: { code: failure.reason, text: failure.message },
      provider,
    },
  );
  return failed ? failed.deliveryIds : null;
}

/** Emails ended per statement: each batch is one short statement with its events and deliveries. */
const DOMAIN_BATCH = 500;

/**
 * Ends every `scheduled` and `queued` (retrying included) email of the workspace sent from
 * `domain` as `failed`, each with its `failed` event, in batches. One the sender holds now is left
 * to it: its handoff checks the domain again. Each batch's deliveries are enqueued after it has
 * committed; when Redis refuses them, the dispatcher's sweeper finds them. Answers how many
 * emails were ended.
 */
export async function failEmailsFromDomain(
  db: Queryable,
  input: { workspaceId: string; domain: string; message: string },
  deliveries: Pick<Producer<"webhookDelivery">, "enqueueMany"> | null,
  options: { batchSize?: number } = {},
): Promise<number> {
  const limit = options.batchSize ?? DOMAIN_BATCH;
  const failure: EmailFailure = { reason: "domain_not_verified", message: input.message };
  let ended = 0;
  for (;;) {
    const failed = await failEmailsWithEvents(
      db,
      { workspaceId: input.workspaceId, domain: input.domain.toLowerCase(), limit },
      {
        from: DOMAIN_MOVES.failed.from,
        errorMessage: failure.message,
        payload: payloadOf(failure),
        reason: { code: failure.reason, text: failure.message },
        provider: null,
      },
    );
    ended += failed.length;
    const deliveryIds = failed.flatMap((email) => email.deliveryIds);
    if (deliveries && deliveryIds.length > 0) {
      await deliveries.enqueueMany(newDeliveryJobs(deliveryIds)).catch(() => undefined);
    }
    if (failed.length < limit) return ended;
  }
}

/** What a `rendering_failed` event of ours says: which template version, and why it did not render. */
export interface RenderingFailure {
  template: string;
  version: number;
  error: string;
}

/**
 * Ends an email the sender holds as `failed` with a `rendering_failed` event (our payload: the
 * template, the version, the error) and its webhook deliveries, in one statement as failEmail.
 */
export async function failEmailRendering(db: Queryable, emailId: string, failure: RenderingFailure): Promise<string[] | null> {
  const [failed] = await failEmailsWithEvents(
    db,
    { emailIds: [emailId] },
    {
      from: SENDER_MOVES.failed.from,
      errorMessage: `The template ${failure.template} (version ${failure.version}) did not render: ${failure.error}`,
      payload: { source: "svc", template: failure.template, version: failure.version, error: failure.error },
      provider: null,
      eventType: "rendering_failed",
    },
  );
  return failed ? failed.deliveryIds : null;
}
