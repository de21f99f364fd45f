import type { ListEmailsQuery, SendEmailRequest, Svc } from "@svc/sdk";
import { z } from "zod";

/**
 * The REST API as MCP tools. Each tool calls the API with the connection's own key, so a tool can
 * do exactly what that key's scope allows: the API refuses the rest (403 naming the scope), and
 * that refusal is the tool's error. Domains, members and keys' creation are the dashboard's
 * (spec: account management is not available to any key), so no tool offers them.
 */
export interface Tool<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Shape;
  /** Changes something (sends, replays, suppresses): not offered in read-only mode. */
  writes: boolean;
  /** Why this call needs a person's confirmation first (it mails many people, it replays deliveries); null when it does not. */
  needsConfirmation?: (args: z.infer<z.ZodObject<Shape>>) => string | null;
  run(svc: Svc, args: z.infer<z.ZodObject<Shape>>): Promise<unknown>;
}

const tool = <Shape extends z.ZodRawShape>(definition: Tool<Shape>): Tool => definition as unknown as Tool;

/** Bounds that keep one tool call's answer small enough for an agent's context. */
const MAX_PAGE = 50;

const addresses = z.array(z.string().min(1).max(320)).max(50);

const emailInput = {
  from: z.string().min(1).max(320).describe('The sender, e.g. "Acme <hello@acme.com>"; its domain must be verified in the workspace.'),
  to: addresses.min(1).describe("Recipients (at most 50)."),
  cc: addresses.optional(),
  bcc: addresses.optional(),
  replyTo: addresses.optional(),
  subject: z.string().max(998).optional().describe("Required unless a template gives it."),
  text: z.string().max(1_000_000).optional(),
  html: z.string().max(1_000_000).optional(),
  scheduledAt: z.string().max(64).optional().describe("ISO 8601 with a time zone, at most 30 days ahead."),
  tags: z
    .array(z.object({ name: z.string().max(256), value: z.string().max(256) }))
    .max(50)
    .optional(),
};
const emailSchema = z.object(emailInput);
type EmailArgs = z.infer<typeof emailSchema>;

function recipientCount(email: Pick<EmailArgs, "to" | "cc" | "bcc">): number {
  return email.to.length + (email.cc?.length ?? 0) + (email.bcc?.length ?? 0);
}

function manyRecipients(count: number): string | null {
  return count > 1 ? `This mails ${count} recipients.` : null;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

export const TOOLS: Tool[] = [
  tool({
    name: "send_email",
    title: "Send an email",
    description: "Queues one email (text and/or HTML). Answers its id and status; read it back with get_email.",
    input: emailInput,
    writes: true,
    needsConfirmation: (args) => manyRecipients(recipientCount(args)),
    run: (svc, args) => svc.emails.send(withoutUndefined(args) as SendEmailRequest),
  }),
  tool({
    name: "send_template",
    title: "Send an email from a published template",
    description: "Queues one email rendered from a published template, named by its alias (or id), with its variables.",
    input: {
      from: emailInput.from,
      to: emailInput.to,
      cc: emailInput.cc,
      bcc: emailInput.bcc,
      template: z.string().min(1).max(200).describe("The template's alias or id."),
      version: z.number().int().positive().optional().describe("A published version; the latest when omitted."),
      variables: z.record(z.string(), z.unknown()).optional(),
      subject: z.string().max(998).optional().describe("Overrides the template's subject."),
    },
    writes: true,
    needsConfirmation: (args) => manyRecipients(recipientCount(args)),
    run: (svc, { template, version, variables, ...email }) => {
      const named = template.startsWith("tpl_") ? { id: template } : { alias: template };
      return svc.emails.send(
        withoutUndefined({ ...email, template: withoutUndefined({ ...named, version, variables }) }) as SendEmailRequest,
      );
    },
  }),
  tool({
    name: "send_batch",
    title: "Send a batch of emails",
    description:
      "Queues up to 100 emails in one request, answered in order. strict (default): one bad email refuses the batch; permissive: the others are queued.",
    input: {
      emails: z.array(emailSchema).min(1).max(100),
      mode: z.enum(["strict", "permissive"]).optional(),
    },
    writes: true,
    needsConfirmation: ({ emails }) => manyRecipients(emails.reduce((total, email) => total + recipientCount(email), 0)),
    run: (svc, { emails, mode }) =>
      svc.emails.batch(
        emails.map((email) => withoutUndefined(email) as SendEmailRequest),
        mode ? { mode } : {},
      ),
  }),
  tool({
    name: "get_email",
    title: "Read an email",
    description: "One email with its status, what was sent, and the first page of its events (delivered, bounced, opened, …).",
    input: { id: z.string().min(1).max(100) },
    writes: false,
    run: (svc, { id }) => svc.emails.get(id),
  }),
  tool({
    name: "list_emails",
    title: "List emails",
    description: `The workspace's emails, newest first, at most ${MAX_PAGE} a call; pass the last id as after for the next page.`,
    input: {
      status: z.string().max(40).optional(),
      to: z.string().max(320).optional(),
      after: z.string().max(100).optional(),
      limit: z.number().int().min(1).max(MAX_PAGE).optional(),
    },
    writes: false,
    run: (svc, args) => svc.emails.listPage({ ...withoutUndefined(args), limit: args.limit ?? 20 } as ListEmailsQuery),
  }),
  tool({
    name: "list_email_events",
    title: "List an email's events",
    description: "An email's events, oldest first, a page at a time (after: the previous page's nextCursor).",
    input: { id: z.string().min(1).max(100), after: z.string().max(200).optional() },
    writes: false,
    run: (svc, { id, after }) => svc.emails.eventsPage(id, after ? { after } : {}),
  }),
  tool({
    name: "cancel_email",
    title: "Cancel a scheduled email",
    description: "A scheduled email becomes canceled; any other status is refused.",
    input: { id: z.string().min(1).max(100) },
    writes: true,
    run: (svc, { id }) => svc.emails.cancel(id),
  }),
  tool({
    name: "list_templates",
    title: "List templates",
    description: `The workspace's templates, at most ${MAX_PAGE}.`,
    input: {},
    writes: false,
    run: async (svc) => (await svc.templates.listPage({ limit: MAX_PAGE })).data,
  }),
  tool({
    name: "render_template",
    title: "Render a template",
    description: "Renders a template (its latest published version, or the one given) with variables, without sending anything.",
    input: {
      template: z.string().min(1).max(200).describe("The template's alias or id."),
      version: z.number().int().positive().optional(),
      variables: z.record(z.string(), z.unknown()).optional(),
    },
    writes: false,
    run: (svc, { template, ...input }) => svc.templates.render(template, withoutUndefined(input)),
  }),
  tool({
    name: "list_suppressions",
    title: "List suppressed addresses",
    description: `Addresses the workspace never mails (bounced, complained, or added), at most ${MAX_PAGE} a call.`,
    input: { after: z.string().max(320).optional() },
    writes: false,
    run: (svc, { after }) => svc.suppressions.listPage({ limit: MAX_PAGE, ...(after ? { after } : {}) }),
  }),
  tool({
    name: "add_suppression",
    title: "Suppress an address",
    description: "The workspace stops mailing this address.",
    input: { address: z.string().min(3).max(320) },
    writes: true,
    run: (svc, { address }) => svc.suppressions.add({ address }),
  }),
  tool({
    name: "list_webhooks",
    title: "List webhook subscriptions",
    description: "The workspace's webhook subscriptions (never their secrets).",
    input: {},
    writes: false,
    run: (svc) => svc.webhooks.list(),
  }),
  tool({
    name: "list_webhook_deliveries",
    title: "List a subscription's deliveries",
    description: "A webhook subscription's deliveries, newest first, with their state (delivered, failed, retrying).",
    input: {
      subscription: z.string().min(1).max(100),
      status: z.enum(["pending", "succeeded", "failed"]).optional(),
    },
    writes: false,
    run: (svc, { subscription, status }) => svc.webhooks.deliveries(subscription, { limit: MAX_PAGE, ...(status ? { status } : {}) }),
  }),
  tool({
    name: "replay_webhook_deliveries",
    title: "Replay webhook deliveries",
    description:
      "Sends a subscription's past deliveries to its endpoint again: one delivery, every delivery of one email, every failed one since a time, or all of a time range.",
    input: {
      subscription: z.string().min(1).max(100),
      request: z.discriminatedUnion("kind", [
        z.object({ kind: z.literal("delivery"), deliveryId: z.string().min(1).max(100) }),
        z.object({ kind: z.literal("email"), emailId: z.string().min(1).max(100) }),
        z.object({ kind: z.literal("failed_since"), since: z.string().max(64) }),
        z.object({ kind: z.literal("range"), since: z.string().max(64), until: z.string().max(64) }),
      ]),
    },
    writes: true,
    needsConfirmation: ({ subscription, request }) =>
      `This sends past deliveries (${request.kind}) of ${subscription} to its endpoint again.`,
    run: (svc, { subscription, request }) => svc.webhooks.replay(subscription, request),
  }),
  tool({
    name: "list_inbound",
    title: "List received mail",
    description: `Mail the workspace received, newest first, at most ${MAX_PAGE} a call (after: the previous page's nextCursor).`,
    input: { after: z.string().max(200).optional() },
    writes: false,
    run: (svc, { after }) => svc.inbound.listPage({ limit: MAX_PAGE, ...(after ? { after } : {}) }),
  }),
  tool({
    name: "get_inbound",
    title: "Read a received message",
    description: "One received message: from, to, subject, text, HTML and its attachments' names.",
    input: { id: z.string().min(1).max(100) },
    writes: false,
    run: (svc, { id }) => svc.inbound.get(id),
  }),
];
