import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { BOUNCE_CAUSES, DELIVERABILITY_DAYS, MAILBOX_PROVIDERS } from "@svc/core";
import { z } from "zod";
import { registerOperation } from "../operation.ts";

const TAG = "Deliverability";

const causeCount = z.object({ cause: z.enum([...BOUNCE_CAUSES, "unclassified"]), count: z.int() });

const providerOutcomes = z.object({
  provider: z
    .enum(MAILBOX_PROVIDERS)
    .meta({ description: "By the recipient domain's MX hosts: a company on Google Workspace is `gmail`." }),
  sent: z.int(),
  delivered: z.int(),
  bounced: z.int(),
  complained: z.int(),
  deliveryRate: z.number().nullable().meta({ description: "Of the sent; null when nothing was sent." }),
  bounceRate: z.number().nullable(),
  complaintRate: z.number().nullable(),
  bounces: z.array(causeCount).meta({ description: "This provider's bounces by cause, the most frequent first." }),
});

export const deliverabilityBreakdownSchema = z
  .object({
    from: z.string().meta({ format: "date", description: "The window's first UTC day." }),
    to: z.string().meta({ format: "date", description: "Its last (today)." }),
    days: z.int(),
    providers: z.array(providerOutcomes),
    bounces: z.array(causeCount).meta({ description: "Every bounce of the window by cause, the most frequent first." }),
  })
  .meta({ id: "DeliverabilityBreakdown" });

export function registerDeliverabilityOperations(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: "get",
    path: "/deliverability",
    operationId: "getDeliverability",
    tag: TAG,
    summary: "Outcomes by mailbox provider, bounces by cause",
    description:
      "Sent, delivered, bounced and complained over the last `days` UTC days by the mailbox provider of each email's first recipient (Gmail, Microsoft, Yahoo, Apple, other: by MX), with each provider's rates, and the bounces by cause (unknown user, mailbox full, policy or spam block, DNS or routing, message too large, suppressed, other permanent, other transient), classified from SES's bounce type and subtype and the receiving server's diagnostic code.",
    permission: "emails:read",
    request: {
      query: z.object({
        days: z.coerce
          .number()
          .int()
          .min(1)
          .max(DELIVERABILITY_DAYS.max)
          .optional()
          .meta({ description: `Default ${DELIVERABILITY_DAYS.default}.` }),
      }),
    },
    responses: { 200: { description: "The breakdown.", schema: deliverabilityBreakdownSchema } },
    errors: ["validation_failed"],
  });
}
