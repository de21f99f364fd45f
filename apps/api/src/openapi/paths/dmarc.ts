import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { DMARC_PAGE_LIMIT, DMARC_SUMMARY_LIMIT, DMARC_SUMMARY_MAX_DAYS } from "@svc/core";
import { z } from "zod";
import { registerOperation } from "../operation.ts";

const TAG = "DMARC";

export const dmarcReportSchema = z
  .object({
    id: z.string().meta({ example: "dmr_3kT9…" }),
    domain: z.string().meta({ description: "The sending domain the report is about (policy_published/domain)." }),
    orgName: z.string().meta({ example: "google.com" }),
    orgEmail: z.string().nullable(),
    reportId: z.string().meta({ description: "The reporter's id: a report is stored once per (orgName, reportId)." }),
    begin: z.string().meta({ format: "date-time" }),
    end: z.string().meta({ format: "date-time" }),
    policy: z.record(z.string(), z.unknown()).meta({ description: "policy_published: p, sp, adkim, aspf, pct." }),
    recordCount: z.number().int(),
    messageCount: z.number().int(),
    authenticated: z.boolean().meta({ description: "Whether the report's own message passed DMARC (a forged report does not)." }),
    receivedAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "DmarcReport" });

const recordSchema = z
  .object({
    sourceIp: z.string(),
    count: z.number().int(),
    disposition: z.string().meta({ description: "`none`, `quarantine` or `reject`." }),
    dkim: z.string().meta({ description: "DMARC-aligned DKIM result (policy_evaluated)." }),
    spf: z.string().meta({ description: "DMARC-aligned SPF result (policy_evaluated)." }),
    aligned: z.boolean().meta({ description: "DKIM or SPF passed aligned." }),
    headerFrom: z.string(),
    envelopeFrom: z.string().nullable(),
    dkimDomain: z.string().nullable(),
    dkimResult: z.string().nullable(),
    spfDomain: z.string().nullable(),
    spfResult: z.string().nullable(),
  })
  .meta({ id: "DmarcRecord" });

const sourceSchema = z
  .object({
    domain: z.string(),
    sourceIp: z.string(),
    messages: z.number().int(),
    aligned: z.number().int(),
    notAligned: z.number().int(),
    disposition: z.object({ none: z.number().int(), quarantine: z.number().int(), reject: z.number().int() }),
  })
  .meta({ id: "DmarcSource" });

export function registerDmarcOperations(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: "get",
    path: "/dmarc/reports",
    operationId: "listDmarcReports",
    tag: TAG,
    summary: "List DMARC aggregate reports",
    description: "Reports received at the workspace's reporting address (`svc domain dmarc`), newest first.",
    permission: "emails:read",
    request: {
      query: z.object({
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .max(DMARC_PAGE_LIMIT.max)
          .optional()
          .meta({ description: `Default ${DMARC_PAGE_LIMIT.default}.` }),
        after: z.string().max(64).optional().meta({ description: "`nextCursor` of the previous page." }),
        domain: z.string().max(253).optional().meta({ description: "Only reports about this sending domain." }),
      }),
    },
    responses: {
      200: { description: "A page.", schema: z.object({ data: z.array(dmarcReportSchema), nextCursor: z.string().nullable() }) },
    },
    errors: ["validation_failed"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/dmarc/reports/{id}",
    operationId: "getDmarcReport",
    tag: TAG,
    summary: "Get a DMARC aggregate report with its records",
    description: "Another workspace's report is `not_found`.",
    permission: "emails:read",
    request: { params: z.object({ id: z.string().meta({ example: "dmr_3kT9…" }) }) },
    responses: { 200: { description: "The report.", schema: dmarcReportSchema.extend({ records: z.array(recordSchema) }) } },
    errors: ["not_found"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/dmarc/summary",
    operationId: "summarizeDmarc",
    tag: TAG,
    summary: "DMARC results by domain and source IP",
    description: `Messages in reports whose range begins in [from, to) (default: the last 30 days; at most ${DMARC_SUMMARY_MAX_DAYS} days), by domain and source IP (the ${DMARC_SUMMARY_LIMIT} largest), aligned or not and by disposition; per day; and the reports refused at the address by reason.`,
    permission: "emails:read",
    request: {
      query: z.object({
        from: z.string().optional().meta({ format: "date-time" }),
        to: z.string().optional().meta({ format: "date-time" }),
        domain: z.string().max(253).optional(),
      }),
    },
    responses: {
      200: {
        description: "The summary.",
        schema: z.object({
          from: z.string().meta({ format: "date-time" }),
          to: z.string().meta({ format: "date-time" }),
          totals: z.object({ messages: z.number().int(), aligned: z.number().int(), notAligned: z.number().int() }),
          sources: z.array(sourceSchema),
          daily: z.array(z.object({ day: z.string().meta({ format: "date" }), messages: z.number().int(), aligned: z.number().int() })),
          refused: z.record(z.string(), z.number().int()).meta({ description: "Reports refused at the address in [from, to), by reason." }),
        }),
      },
    },
    errors: ["validation_failed"],
  });
}
