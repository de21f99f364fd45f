import { EVENT_TYPES, KEY_ENVIRONMENTS, SCOPE_NAMES } from "@svc/core";
import { EmailStatus, SuppressionReason } from "@svc/db";
import { z } from "zod";
import { ERROR_CODES } from "./errorCatalogue.ts";

/**
 * The answers of the API as zod schemas, for the document only: the views in @svc/core build
 * the answers, and the contract tests check every answer the test suite receives against these,
 * so the two cannot drift apart unnoticed.
 */

const timestamp = (description: string) => z.string().meta({ format: "date-time", description });
const nullableTimestamp = (description: string) => z.union([timestamp(description), z.null()]);
const id = (prefix: string, example: string) => z.string().meta({ description: `Prefixed with \`${prefix}_\`.`, example });

export const emailStatusSchema = z.enum(Object.values(EmailStatus) as [EmailStatus, ...EmailStatus[]]).meta({
  id: "EmailStatus",
  description:
    "Moves forward only: `queued → sending → sent → delivery_delayed → delivered → complained`; `bounced`, `rejected` and `failed` are final; `opened`/`clicked` leave it unchanged.",
});

export const eventTypeSchema = z.enum(EVENT_TYPES).meta({
  id: "EventType",
  description:
    'What the provider reported about an email; `failed` is ours: the email ended failed without a provider\'s verdict (its payload has `source: "svc"`, a `reason` code and a `message`).',
});

export const queuedEmailSchema = z
  .strictObject({ id: id("email", "email_lfBfngBzFIsCSPmu3l4q5b13"), status: z.enum(["queued", "scheduled"]) })
  .meta({
    id: "QueuedEmail",
    description:
      "The email is stored: `queued` (the handoff to the provider happens in the background) or `scheduled` (queued at its `scheduledAt`).",
  });

export const scheduleAnswerSchema = z
  .strictObject({
    id: id("email", "email_lfBfngBzFIsCSPmu3l4q5b13"),
    status: emailStatusSchema,
    scheduledAt: nullableTimestamp("The new send time; null once canceled."),
  })
  .meta({ id: "ScheduleChange", description: "A scheduled email after a cancel or a reschedule." });

export const batchEntrySchema = z
  .union([
    queuedEmailSchema,
    z.strictObject({ error: z.string(), code: z.enum(ERROR_CODES).meta({ description: "The email's own error code (permissive mode)." }) }),
  ])
  .meta({ id: "BatchEntry", description: "One email of a batch, in request order: created, or (permissive mode) why not." });

const emailFields = {
  id: id("email", "email_lfBfngBzFIsCSPmu3l4q5b13"),
  organizationId: id("org", "org_MkgDdvh8IZ4e7j2WHwmi5ghq"),
  apiKeyId: id("key", "key_wxjgKq0cOQ4Ha3DmzT1bUo2R"),
  from: z.string().meta({ example: "Acme <hello@acme.com>" }),
  to: z.array(z.string()).meta({ example: ["someone@example.org"] }),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  replyTo: z.array(z.string()),
  headers: z.record(z.string(), z.string()).meta({ description: "Extra header name → value, in the order given." }),
  tags: z.array(z.strictObject({ name: z.string(), value: z.string() })),
  attachments: z
    .array(
      z.strictObject({
        filename: z.string(),
        contentType: z.string(),
        contentId: z.union([z.string(), z.null()]).meta({ description: "Set for an inline part (`cid:<contentId>` in the HTML)." }),
        size: z.int().min(0).meta({ description: "Bytes, decoded." }),
      }),
    )
    .meta({ description: "What each attachment is; never its bytes." }),
  subject: z.string(),
  html: z.union([z.string(), z.null()]),
  text: z.union([z.string(), z.null()]),
  status: emailStatusSchema,
  provider: z.union([z.string(), z.null()]).meta({ description: "`ses` or `simulator` once handed off." }),
  providerMessageId: z.union([z.string(), z.null()]),
  errorMessage: z.union([z.string(), z.null()]),
  createdAt: timestamp("When the email was queued."),
  sentAt: nullableTimestamp("When the provider accepted it."),
  failedAt: nullableTimestamp("When it failed for good."),
  scheduledAt: nullableTimestamp("When a scheduled email is (or was) due; null for one sent at once."),
  bodyRemovedAt: nullableTimestamp(
    "When its body was removed: the subject (then empty), text, HTML, attachments and template variables, by the workspace's body retention or its privacy mode (no body kept after the handoff). Null while the body is kept. Addresses and events stay until the metadata's retention.",
  ),
};

export const emailSchema = z.strictObject(emailFields).meta({ id: "Email", description: "An email, without its events (as listed)." });

export const emailEventSchema = z
  .strictObject({
    id: id("evt", "evt_E8pEl2nPq0d2Zb7Tt3xV9kYw"),
    emailId: id("email", "email_lfBfngBzFIsCSPmu3l4q5b13"),
    type: eventTypeSchema,
    eventTimestamp: timestamp("When it happened."),
    createdAt: timestamp("When it was stored."),
    payloadJson: z.string().meta({ description: "The provider's raw event JSON, as a string (not normalised)." }),
  })
  .meta({ id: "EmailEvent", description: "An immutable record of something that happened to an email." });

export const emailWithEventsSchema = z
  .strictObject({
    ...emailFields,
    subject: z.string().meta({
      description:
        "For a templated email, the rendered subject once the provider accepted it; before that (and when the render failed), the subject's template source.",
    }),
    html: z.union([z.string(), z.null()]).meta({
      description: "Null for a templated email: its bodies are not stored; `template` says how to render them again.",
    }),
    text: z.union([z.string(), z.null()]).meta({ description: "Null for a templated email (see `html`)." }),
    template: z
      .union([
        z.strictObject({
          id: z.string().meta({ example: "tmpl_Y2m0cJ3iB1sVt8kQ" }),
          alias: z.union([z.string(), z.null()]).meta({ description: "The template's alias now; null once the template is deleted." }),
          version: z.union([z.int().min(1), z.null()]).meta({
            description:
              "The version pinned when the email was accepted; null for a dashboard test send of the draft (its bodies are stored).",
          }),
          variables: z.record(z.string(), z.unknown()).meta({
            description:
              "The values it was rendered with. POST /templates/{id}/render with `version` and these `variables` renders the bodies that were sent.",
          }),
        }),
        z.null(),
      ])
      .meta({ description: "The template the email was sent by; null for an email sent without one." }),
    replies: z
      .array(
        z.strictObject({
          id: id("inb", "inb_3kV9b0Qw1sLr8TzA2mYx"),
          receivedAt: timestamp("When it was received."),
          from: z.union([z.string(), z.null()]),
        }),
      )
      .max(100)
      .meta({ description: "Mail received in reply to this email (GET /inbound/{id}), oldest first, at most 100." }),
    suppressedRecipients: z
      .array(z.strictObject({ address: z.string(), reason: z.string() }))
      .meta({ description: "Recipients the sender dropped because the workspace's suppression list holds them." }),
    events: z.array(emailEventSchema).meta({ description: "The first page of its events (at most 100), oldest first." }),
    eventsNextCursor: z.union([z.string(), z.null()]).meta({
      description:
        "When the email has more events than `events` holds: pass it as `after` to GET /emails/{id}/events for the next page. Null when `events` holds them all.",
    }),
    waiting: z
      .union([
        z.strictObject({
          since: timestamp("Since when it waits in its status."),
          reasons: z.array(
            z.strictObject({
              code: z.enum([
                "scheduled",
                "provider_retry",
                "tenant_paused",
                "account_paused",
                "account_quota",
                "rate_limit",
                "render_busy",
                "attachment_budget",
                "region_unavailable",
                "handoff_unknown",
                "no_sender",
                "no_job",
                "backlog",
                "domain_not_verified",
                "provider_identity_not_verified",
                "no_provider_events",
              ]),
              message: z.string(),
              nextAttemptAt: timestamp(
                "When the next attempt is due: the scheduled time (scheduled), the retry (provider_retry), or when the hold ends (tenant_paused, account_paused, account_quota: when the 24-hour window has moved enough; rate_limit, render_busy, attachment_budget, region_unavailable: the next look at the regions; handoff_unknown: when the wait for the first region's Send event ends).",
              ).optional(),
            }),
          ),
        }),
        z.null(),
      ])
      .meta({ description: "Why an email waits longer than expected in its status; null when it does not." }),
  })
  .meta({ id: "EmailWithEvents", description: "An email with the first page of its events." });

export const emailEventPageSchema = z
  .strictObject({
    events: z.array(emailEventSchema).meta({ description: "Oldest first." }),
    nextCursor: z.union([z.string(), z.null()]).meta({ description: "`after` for the next page; null on the last page." }),
  })
  .meta({ id: "EmailEventPage", description: "One page of an email's events." });

export const apiKeySchema = z
  .strictObject({
    id: id("key", "key_wxjgKq0cOQ4Ha3DmzT1bUo2R"),
    name: z.string(),
    environment: z.enum(KEY_ENVIRONMENTS),
    scope: z.enum(SCOPE_NAMES),
    displayHint: z.string().meta({ description: "Enough to recognise a key, useless to use it.", example: "svc_live_…2Go0" }),
    createdAt: timestamp("When the key was created."),
    lastUsedAt: nullableTimestamp("Last authenticated request, to the minute."),
    revokedAt: nullableTimestamp("When it was revoked; a revoked key is refused at once."),
    allowedDomains: z.array(z.string()).meta({
      description:
        "The sending domains the key is bound to (exact names): a send from any other answers 403 `domain_not_allowed`. Empty: any verified domain of the workspace. Set when the key is made (dashboard, CLI).",
      example: ["example.com"],
    }),
    allowedCidrs: z.array(z.string()).meta({
      description:
        "The source networks (IPv4 or IPv6 CIDRs) the key is bound to: a request from elsewhere answers 403 `source_not_allowed`. Empty: anywhere. Set when the key is made (dashboard, CLI).",
      example: ["10.0.0.0/8", "2001:db8::/32"],
    }),
  })
  .meta({ id: "ApiKey", description: "An API key record: never the key itself, never its hash." });

export const suppressionSchema = z
  .strictObject({
    id: id("sup", "sup_3Gm0cE2wZr5aPq8LkT1nYv4s"),
    address: z.string().meta({ description: "Trimmed and lower-cased.", example: "bounce@example.com" }),
    reason: z.enum(Object.values(SuppressionReason) as [SuppressionReason, ...SuppressionReason[]]),
    emailId: z.union([z.string(), z.null()]).meta({ description: "The email whose event caused the entry (null for a manual one)." }),
    eventId: z.union([z.string(), z.null()]),
    createdAt: timestamp("When the address was added."),
    expiresAt: nullableTimestamp("After this the entry suppresses nothing (null: never)."),
    active: z.boolean().meta({ description: "False once expiresAt has passed." }),
  })
  .meta({ id: "Suppression", description: "An address the sender never hands to the provider for this workspace." });

export const topicSuppressionSchema = z
  .strictObject({
    id: id("tsup", "tsup_3Gm0cE2wZr5aPq8LkT1nYv4s"),
    topic: z.string().meta({ example: "newsletter" }),
    address: z.string().meta({ description: "Trimmed and lower-cased.", example: "reader@example.com" }),
    emailId: z.union([z.string(), z.null()]).meta({ description: "The email whose unsubscribe link was used." }),
    createdAt: timestamp("When the recipient unsubscribed."),
  })
  .meta({ id: "TopicSuppression", description: "A recipient who unsubscribed from one topic: only emails naming that topic skip it." });
