import { call, type HttpOptions, type HttpRequest } from "./http.ts";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry.ts";
import type {
  AddSuppressionRequest,
  ApiKey,
  AuditEntry,
  BatchEntry,
  CreatedWebhookSubscription,
  CreateErasureRequest,
  CreateTemplateRequest,
  CreateWebhookSubscriptionRequest,
  DeliverabilityBreakdown,
  DmarcReport,
  DmarcReportWithRecords,
  DmarcSummary,
  Email,
  EmailEvent,
  EmailEventPage,
  EmailWithEvents,
  Erasure,
  ErasureReceiptDocument,
  EventType,
  ExportAuditLogQuery,
  GetDeliverabilityQuery,
  Health,
  Inbound,
  InboundSummary,
  ListAuditLogQuery,
  ListDmarcReportsQuery,
  ListEmailEventsQuery,
  ListEmailsQuery,
  ListErasuresQuery,
  ListInboundQuery,
  ListSuppressionsQuery,
  ListTemplatesQuery,
  ListTopicSuppressionsQuery,
  ListWebhookDeliveriesQuery,
  QueuedEmail,
  Readiness,
  RenderedTemplate,
  ReplayWebhookDeliveriesRequest,
  ScheduleChange,
  SendEmailRequest,
  SummarizeDmarcQuery,
  Suppression,
  Template,
  TemplateVersion,
  TopicSuppression,
  UpdateTemplateRequest,
  UpdateWebhookSubscriptionRequest,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookReplay,
  WebhookSubscription,
} from "./types.ts";

export interface SvcOptions {
  /** `svc_live_…` or `svc_test_…`. */
  apiKey: string;
  /** Where the API is, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** Per attempt, including reading the answer. Default 30 s. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Another fetch (a test's, a proxy agent's). Default: the global one. */
  fetch?: typeof fetch;
}

export interface SendOptions {
  /**
   * Sent as Idempotency-Key. One is generated per send when not given, and kept across the
   * client's retries, so a send retried after a lost answer is never queued twice. Give your own
   * (an order id, say) to make your own retries safe as well.
   */
  idempotencyKey?: string;
}

export interface SendResult extends QueuedEmail {
  /** True when the API answered with the stored result of an earlier send with the same key. */
  replayed: boolean;
}

export interface BatchOptions extends SendOptions {
  /** `strict` (default): one refused email refuses the batch (an SvcApiError listing them in `details.errors`); `permissive`: the others are created. */
  mode?: "strict" | "permissive";
}

export interface BatchResult {
  /** One entry per email, in request order: `{id, status}` or, in permissive mode, `{error, code}`. */
  entries: BatchEntry[];
  replayed: boolean;
}

const DEFAULT_PAGE_SIZE = 100;

/** The svc REST API. Every method throws an SvcError (SvcApiError carries `status` and `code`). */
export class Svc {
  readonly emails: Emails;
  readonly apiKeys: ApiKeys;
  readonly suppressions: Suppressions;
  readonly webhooks: Webhooks;
  readonly templates: Templates;
  readonly inbound: InboundMessages;
  readonly erasures: Erasures;
  readonly auditLog: AuditLog;
  readonly deliverability: Deliverability;
  readonly dmarc: Dmarc;
  readonly service: Service;

  constructor(options: SvcOptions) {
    if (!options.apiKey) throw new TypeError("Svc: apiKey is required.");
    if (!options.baseUrl) throw new TypeError("Svc: baseUrl is required.");
    const http: HttpOptions = {
      apiKey: options.apiKey,
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs ?? 30_000,
      retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      userAgent: "svc-sdk/0.1.0",
    };
    const send = <T>(request: HttpRequest) => call<T>(http, request);
    this.emails = new Emails(send);
    this.apiKeys = new ApiKeys(send);
    this.suppressions = new Suppressions(send);
    this.webhooks = new Webhooks(send);
    this.templates = new Templates(send);
    this.inbound = new InboundMessages(send);
    this.erasures = new Erasures(send);
    this.auditLog = new AuditLog(send);
    this.deliverability = new Deliverability(send);
    this.dmarc = new Dmarc(send);
    this.service = new Service(send);
  }
}

type Send = <T>(request: HttpRequest) => Promise<{ status: number; headers: Headers; body: T }>;

const segment = (value: string) => encodeURIComponent(value);

class Emails {
  constructor(private readonly http: Send) {}

  /** Queues an email (202). Safe to retry: see SendOptions.idempotencyKey. */
  async send(email: SendEmailRequest, options: SendOptions = {}): Promise<SendResult> {
    const idempotencyKey = options.idempotencyKey ?? `sdk-${globalThis.crypto.randomUUID()}`;
    const answer = await this.http<QueuedEmail>({
      method: "POST",
      path: "/emails",
      body: email,
      headers: { "idempotency-key": idempotencyKey },
      safeToRepeat: true,
    });
    return { ...answer.body, replayed: answer.headers.get("idempotent-replayed") === "true" };
  }

  /** Queues up to 100 emails in one request, answered in order. Safe to retry, as send() is. */
  async batch(emails: SendEmailRequest[], options: BatchOptions = {}): Promise<BatchResult> {
    const idempotencyKey = options.idempotencyKey ?? `sdk-${globalThis.crypto.randomUUID()}`;
    const answer = await this.http<BatchEntry[]>({
      method: "POST",
      path: "/emails/batch",
      query: { mode: options.mode },
      body: emails,
      headers: { "idempotency-key": idempotencyKey },
      safeToRepeat: true,
    });
    return { entries: answer.body, replayed: answer.headers.get("idempotent-replayed") === "true" };
  }

  /** A scheduled email becomes `canceled`; any other status is an SvcApiError 409 `conflict`. */
  async cancel(id: string): Promise<ScheduleChange> {
    return (await this.http<ScheduleChange>({ method: "POST", path: `/emails/${segment(id)}/cancel`, safeToRepeat: true })).body;
  }

  /** Moves a scheduled email to `scheduledAt` (a Date, or ISO 8601 with a time zone). */
  async reschedule(id: string, scheduledAt: Date | string): Promise<ScheduleChange> {
    const at = scheduledAt instanceof Date ? scheduledAt.toISOString() : scheduledAt;
    return (
      await this.http<ScheduleChange>({ method: "PATCH", path: `/emails/${segment(id)}`, body: { scheduledAt: at }, safeToRepeat: true })
    ).body;
  }

  /** One email with the first page of its events, oldest first (`eventsNextCursor` leads to the rest: `events`). */
  async get(id: string): Promise<EmailWithEvents> {
    return (await this.http<EmailWithEvents>({ method: "GET", path: `/emails/${segment(id)}`, safeToRepeat: true })).body;
  }

  /** One page of an email's events, oldest first: `after` is the previous page's `nextCursor` (or the email's `eventsNextCursor`). */
  async eventsPage(id: string, query: ListEmailEventsQuery = {}): Promise<EmailEventPage> {
    return (await this.http<EmailEventPage>({ method: "GET", path: `/emails/${segment(id)}/events`, query, safeToRepeat: true })).body;
  }

  /** Every event of an email, oldest first, fetched a page at a time as you iterate. */
  async *events(id: string, options: { pageSize?: number } = {}): AsyncGenerator<EmailEvent, void, void> {
    let after: string | undefined;
    for (;;) {
      const page = await this.eventsPage(id, {
        ...(options.pageSize !== undefined ? { limit: options.pageSize } : {}),
        ...(after !== undefined ? { after } : {}),
      });
      yield* page.events;
      if (page.nextCursor === null) return;
      after = page.nextCursor;
    }
  }

  /** One page, newest first, narrowed by the filters given: `after` is the last id of the previous page. */
  async listPage(query: ListEmailsQuery = {}): Promise<Email[]> {
    return (
      await this.http<Email[]>({
        method: "GET",
        path: "/emails",
        query: { ...query, limit: query.limit ?? DEFAULT_PAGE_SIZE },
        safeToRepeat: true,
      })
    ).body;
  }

  /** Every email of the workspace matching the filters, newest first, fetched a page at a time as you iterate. */
  async *list(options: Omit<ListEmailsQuery, "limit"> & { pageSize?: number } = {}): AsyncGenerator<Email, void, void> {
    const { pageSize = DEFAULT_PAGE_SIZE, after: start, ...filters } = options;
    let after = start;
    for (;;) {
      const page = await this.listPage({ ...filters, limit: pageSize, ...(after !== undefined ? { after } : {}) });
      yield* page;
      if (page.length < pageSize) return;
      after = page[page.length - 1]!.id;
    }
  }
}

class ApiKeys {
  constructor(private readonly http: Send) {}

  /** Every key record of the workspace (never a key itself). */
  async list(): Promise<ApiKey[]> {
    return (await this.http<ApiKey[]>({ method: "GET", path: "/api-keys", safeToRepeat: true })).body;
  }

  /** Revokes at once; revoking twice keeps the first time. */
  async revoke(id: string): Promise<ApiKey> {
    return (await this.http<ApiKey>({ method: "DELETE", path: `/api-keys/${segment(id)}`, safeToRepeat: true })).body;
  }
}

class Suppressions {
  constructor(private readonly http: Send) {}

  /** One page in address order: `after` is the last address of the previous page. */
  async listPage(query: ListSuppressionsQuery = {}): Promise<Suppression[]> {
    return (await this.http<Suppression[]>({ method: "GET", path: "/suppressions", query: { ...query }, safeToRepeat: true })).body;
  }

  /** Every entry matching `query`, in address order, a page at a time as you iterate. */
  async *list(query: Omit<ListSuppressionsQuery, "limit" | "after"> & { pageSize?: number } = {}): AsyncGenerator<Suppression, void, void> {
    const { pageSize = DEFAULT_PAGE_SIZE, ...filters } = query;
    let after: string | undefined;
    for (;;) {
      const page = await this.listPage({ ...filters, limit: pageSize, ...(after !== undefined ? { after } : {}) });
      yield* page;
      if (page.length < pageSize) return;
      after = page[page.length - 1]!.address;
    }
  }

  /** Adds a manual entry; an address already listed is answered as it is (`created: false`). */
  async add(entry: AddSuppressionRequest): Promise<{ created: boolean; suppression: Suppression }> {
    // Adding twice changes nothing, so a retry after a lost answer is harmless.
    const answer = await this.http<Suppression>({ method: "POST", path: "/suppressions", body: entry, safeToRepeat: true });
    return { created: answer.status === 201, suppression: answer.body };
  }

  /** Removes an entry; one added by a complaint needs `confirmComplaint`. */
  async remove(address: string, options: { confirmComplaint?: boolean } = {}): Promise<Suppression> {
    const query = options.confirmComplaint ? { confirm: "complaint" } : {};
    return (await this.http<Suppression>({ method: "DELETE", path: `/suppressions/${segment(address)}`, query, safeToRepeat: true })).body;
  }

  /** One page of topic suppressions (one-click unsubscribes) in (topic, address) order: `afterTopic` and `afterAddress` are the previous page's last entry. */
  async listTopicsPage(query: ListTopicSuppressionsQuery = {}): Promise<TopicSuppression[]> {
    return (await this.http<TopicSuppression[]>({ method: "GET", path: "/suppressions/topics", query: { ...query }, safeToRepeat: true }))
      .body;
  }

  /** Every topic suppression matching `query`, in (topic, address) order, a page at a time as you iterate. */
  async *listTopics(
    query: Omit<ListTopicSuppressionsQuery, "limit" | "afterTopic" | "afterAddress"> & { pageSize?: number } = {},
  ): AsyncGenerator<TopicSuppression, void, void> {
    const { pageSize = DEFAULT_PAGE_SIZE, ...filters } = query;
    let after: { afterTopic: string; afterAddress: string } | undefined;
    for (;;) {
      const page = await this.listTopicsPage({ ...filters, limit: pageSize, ...after });
      yield* page;
      if (page.length < pageSize) return;
      const last = page[page.length - 1]!;
      after = { afterTopic: last.topic, afterAddress: last.address };
    }
  }

  /** Removes a topic suppression: the address gets that topic's emails again. */
  async removeTopic(topic: string, address: string): Promise<TopicSuppression> {
    return (
      await this.http<TopicSuppression>({
        method: "DELETE",
        path: `/suppressions/topics/${segment(topic)}/${segment(address)}`,
        safeToRepeat: true,
      })
    ).body;
  }
}

class Webhooks {
  constructor(private readonly http: Send) {}

  /** The workspace's subscriptions, newest first. */
  async list(): Promise<WebhookSubscription[]> {
    return (await this.http<WebhookSubscription[]>({ method: "GET", path: "/webhooks", safeToRepeat: true })).body;
  }

  async get(id: string): Promise<WebhookSubscription> {
    return (await this.http<WebhookSubscription>({ method: "GET", path: `/webhooks/${segment(id)}`, safeToRepeat: true })).body;
  }

  /**
   * Creates a subscription; the answer's `secret` is shown this once. Not retried on a lost
   * answer: a retry would make a second subscription (with a secret you never saw).
   */
  async create(subscription: CreateWebhookSubscriptionRequest): Promise<CreatedWebhookSubscription> {
    return (await this.http<CreatedWebhookSubscription>({ method: "POST", path: "/webhooks", body: subscription, safeToRepeat: false }))
      .body;
  }

  /** Changes url, events, isActive or maxDeliveriesPerSecond; fields left out stay. */
  async update(id: string, changes: UpdateWebhookSubscriptionRequest): Promise<WebhookSubscription> {
    return (await this.http<WebhookSubscription>({ method: "PATCH", path: `/webhooks/${segment(id)}`, body: changes, safeToRepeat: true }))
      .body;
  }

  async delete(id: string): Promise<{ id: string; deleted: true }> {
    return (await this.http<{ id: string; deleted: true }>({ method: "DELETE", path: `/webhooks/${segment(id)}`, safeToRepeat: true }))
      .body;
  }

  /** Sends a test event (a real, signed delivery with `"test": true`); the subscription's first event type by default. */
  async test(id: string, options: { eventType?: EventType } = {}): Promise<WebhookDeliveryDetail> {
    return (
      await this.http<WebhookDeliveryDetail>({ method: "POST", path: `/webhooks/${segment(id)}/test`, body: options, safeToRepeat: false })
    ).body;
  }

  /** The subscription's most recent deliveries, newest first, each with its attempts. */
  async deliveries(id: string, query: ListWebhookDeliveriesQuery = {}): Promise<WebhookDelivery[]> {
    return (
      await this.http<WebhookDelivery[]>({
        method: "GET",
        path: `/webhooks/${segment(id)}/deliveries`,
        query: { ...query },
        safeToRepeat: true,
      })
    ).body;
  }

  /**
   * Sends past deliveries again, paced: one delivery, one email's, every failed one since a time
   * (`{ kind: "failed_since", since }`, recovery after an outage) or a time range. Failed ones
   * keep their id; succeeded ones go out as new deliveries with `replayOf` the original.
   */
  async replay(id: string, request: ReplayWebhookDeliveriesRequest): Promise<WebhookReplay> {
    return (
      await this.http<WebhookReplay>({ method: "POST", path: `/webhooks/${segment(id)}/replays`, body: request, safeToRepeat: false })
    ).body;
  }

  /** A replay with its progress (its deliveries by status). */
  async replayStatus(id: string, replayId: string): Promise<WebhookReplay> {
    return (
      await this.http<WebhookReplay>({ method: "GET", path: `/webhooks/${segment(id)}/replays/${segment(replayId)}`, safeToRepeat: true })
    ).body;
  }

  async replays(id: string): Promise<WebhookReplay[]> {
    return (await this.http<WebhookReplay[]>({ method: "GET", path: `/webhooks/${segment(id)}/replays`, safeToRepeat: true })).body;
  }

  /** One delivery with its attempts and the exact body it sends. */
  async delivery(id: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
    return (
      await this.http<WebhookDeliveryDetail>({
        method: "GET",
        path: `/webhooks/${segment(id)}/deliveries/${segment(deliveryId)}`,
        safeToRepeat: true,
      })
    ).body;
  }
}

/**
 * Erasures ("forget a person"), full-access keys only: every copy of the addresses in the key's
 * workspace (or the emails by id) is erased in the background; `get` shows the status and the
 * receipt. A suppressed address stays suppressed (under a token).
 */
class Erasures {
  constructor(private readonly http: Send) {}

  /** Starts an erasure; answers it `queued`. Not repeated on a network error (a second request would be a second erasure). */
  async create(request: CreateErasureRequest): Promise<Erasure> {
    return (await this.http<Erasure>({ method: "POST", path: "/erasures", body: request, safeToRepeat: false })).body;
  }

  async get(id: string): Promise<Erasure> {
    return (await this.http<Erasure>({ method: "GET", path: `/erasures/${segment(id)}`, safeToRepeat: true })).body;
  }

  /** The workspace's erasures, newest first (`after`: the last id of the previous page). */
  async list(query: ListErasuresQuery = {}): Promise<Erasure[]> {
    return (await this.http<Erasure[]>({ method: "GET", path: "/erasures", query: { ...query }, safeToRepeat: true })).body;
  }

  /** The downloadable receipt: the erasure and what it removed, by table. */
  async receipt(id: string): Promise<ErasureReceiptDocument> {
    return (await this.http<ErasureReceiptDocument>({ method: "GET", path: `/erasures/${segment(id)}/receipt`, safeToRepeat: true })).body;
  }
}

/** Templates are named by id or alias. Sending by template is `emails.send({ ..., template: { alias, variables } })`. */
class Templates {
  constructor(private readonly http: Send) {}

  /** One page, newest first: `after` is the id of the last template of the previous page. */
  async listPage(query: ListTemplatesQuery = {}): Promise<{ data: Template[]; hasMore: boolean }> {
    return (
      await this.http<{ data: Template[]; hasMore: boolean }>({
        method: "GET",
        path: "/templates",
        query: { ...query },
        safeToRepeat: true,
      })
    ).body;
  }

  /** Every template, newest first, a page at a time as you iterate. */
  async *list(options: { pageSize?: number } = {}): AsyncGenerator<Template, void, void> {
    const limit = options.pageSize ?? DEFAULT_PAGE_SIZE;
    let after: string | undefined;
    for (;;) {
      const page = await this.listPage({ limit, ...(after !== undefined ? { after } : {}) });
      yield* page.data;
      if (!page.hasMore || page.data.length === 0) return;
      after = page.data[page.data.length - 1]!.id;
    }
  }

  async get(idOrAlias: string): Promise<Template> {
    return (await this.http<Template>({ method: "GET", path: `/templates/${segment(idOrAlias)}`, safeToRepeat: true })).body;
  }

  /** A retry after a lost answer meets the alias it created: a 409 conflict, nothing created twice. */
  async create(template: CreateTemplateRequest): Promise<Template> {
    return (await this.http<Template>({ method: "POST", path: "/templates", body: template, safeToRepeat: true })).body;
  }

  /** Changes the draft; published versions never change. */
  async update(idOrAlias: string, change: UpdateTemplateRequest): Promise<Template> {
    return (await this.http<Template>({ method: "PATCH", path: `/templates/${segment(idOrAlias)}`, body: change, safeToRepeat: true }))
      .body;
  }

  /** Publishes the draft as the next version, or `fromVersion` again (a rollback). Not retried: a retry would publish twice. */
  async publish(idOrAlias: string, options: { fromVersion?: number } = {}): Promise<TemplateVersion> {
    return (
      await this.http<TemplateVersion>({
        method: "POST",
        path: `/templates/${segment(idOrAlias)}/publish`,
        body: options,
        safeToRepeat: false,
      })
    ).body;
  }

  /** A new template under `alias` with a copy of this one's draft. */
  async duplicate(idOrAlias: string, copy: { alias: string; name?: string }): Promise<Template> {
    return (
      await this.http<Template>({ method: "POST", path: `/templates/${segment(idOrAlias)}/duplicate`, body: copy, safeToRepeat: true })
    ).body;
  }

  async versions(idOrAlias: string): Promise<TemplateVersion[]> {
    return (
      await this.http<{ data: TemplateVersion[] }>({ method: "GET", path: `/templates/${segment(idOrAlias)}/versions`, safeToRepeat: true })
    ).body.data;
  }

  /** A test render of the draft (or of `version`); nothing is sent. */
  async render(idOrAlias: string, input: { version?: number; variables?: Record<string, unknown> } = {}): Promise<RenderedTemplate> {
    return (
      await this.http<RenderedTemplate>({
        method: "POST",
        path: `/templates/${segment(idOrAlias)}/render`,
        body: input,
        safeToRepeat: true,
      })
    ).body;
  }

  async delete(idOrAlias: string): Promise<{ id: string; deleted: true }> {
    return (
      await this.http<{ id: string; deleted: true }>({ method: "DELETE", path: `/templates/${segment(idOrAlias)}`, safeToRepeat: true })
    ).body;
  }
}

/** Messages received for the workspace's receiving domains (`GET /inbound`). */
class InboundMessages {
  constructor(private readonly http: Send) {}

  /** One page, newest first: pass the previous page's `nextCursor` as `after`. */
  async listPage(query: ListInboundQuery = {}): Promise<{ data: InboundSummary[]; nextCursor: string | null }> {
    return (
      await this.http<{ data: InboundSummary[]; nextCursor: string | null }>({
        method: "GET",
        path: "/inbound",
        query: { ...query },
        safeToRepeat: true,
      })
    ).body;
  }

  /** Every received message, newest first, a page at a time as you iterate. */
  async *list(options: { pageSize?: number } = {}): AsyncGenerator<InboundSummary, void, void> {
    let after: string | undefined;
    for (;;) {
      const page = await this.listPage({ limit: options.pageSize ?? 100, ...(after !== undefined ? { after } : {}) });
      yield* page.data;
      if (page.nextCursor === null) return;
      after = page.nextCursor;
    }
  }

  /** One message with its text, HTML, headers and verdicts (raw bytes and attachments: `GET /inbound/{id}/raw`, `/attachments/{n}`). */
  async get(id: string): Promise<Inbound> {
    return (await this.http<Inbound>({ method: "GET", path: `/inbound/${segment(id)}`, safeToRepeat: true })).body;
  }

  /** The message exactly as it arrived (`message/rfc822` bytes). */
  async raw(id: string): Promise<Uint8Array> {
    return (await this.http<Uint8Array>({ method: "GET", path: `/inbound/${segment(id)}/raw`, safeToRepeat: true, responseType: "bytes" }))
      .body;
  }

  /** Attachment `index` (its position in `get(id).attachments`, from 0): its bytes and content type. */
  async attachment(id: string, index: number): Promise<{ content: Uint8Array; contentType: string }> {
    if (!Number.isInteger(index) || index < 0) throw new RangeError("index: the attachment's position, a whole number from 0.");
    const answer = await this.http<Uint8Array>({
      method: "GET",
      path: `/inbound/${segment(id)}/attachments/${index}`,
      safeToRepeat: true,
      responseType: "bytes",
    });
    return { content: answer.body, contentType: answer.headers.get("content-type") ?? "application/octet-stream" };
  }
}

/** The workspace's audit log: who changed what, newest first. */
class AuditLog {
  constructor(private readonly http: Send) {}

  /** One page, newest first, narrowed by the filters given: pass the previous page's `nextCursor` as `after`. */
  async listPage(query: ListAuditLogQuery = {}): Promise<{ data: AuditEntry[]; nextCursor: string | null }> {
    return (
      await this.http<{ data: AuditEntry[]; nextCursor: string | null }>({
        method: "GET",
        path: "/audit-log",
        query: { ...query },
        safeToRepeat: true,
      })
    ).body;
  }

  /** Every entry matching the filters, newest first, a page at a time as you iterate. */
  async *list(options: Omit<ListAuditLogQuery, "limit"> & { pageSize?: number } = {}): AsyncGenerator<AuditEntry, void, void> {
    const { pageSize = DEFAULT_PAGE_SIZE, after: start, ...filters } = options;
    let after = start;
    for (;;) {
      const page = await this.listPage({ ...filters, limit: pageSize, ...(after !== undefined ? { after } : {}) });
      yield* page.data;
      if (page.nextCursor === null) return;
      after = page.nextCursor;
    }
  }

  /** Every matching entry as CSV (`format: "csv"`, the default, header first) or JSON Lines (`"jsonl"`). */
  async export(query: Partial<ExportAuditLogQuery> = {}): Promise<string> {
    return (
      await this.http<string>({
        method: "GET",
        path: "/audit-log/export",
        query: { format: "csv", ...query },
        safeToRepeat: true,
        responseType: "text",
      })
    ).body;
  }
}

/** Where the workspace's mail lands: outcomes by mailbox provider, bounces by cause. */
class Deliverability {
  constructor(private readonly http: Send) {}

  /** The last `days` UTC days (7 unless given, at most 30). */
  async get(query: GetDeliverabilityQuery = {}): Promise<DeliverabilityBreakdown> {
    return (await this.http<DeliverabilityBreakdown>({ method: "GET", path: "/deliverability", query: { ...query }, safeToRepeat: true }))
      .body;
  }
}

/** DMARC aggregate reports received at the workspace's reporting address, and what they add up to. */
class Dmarc {
  constructor(private readonly http: Send) {}

  /** One page of reports, newest first, optionally about one `domain`: pass the previous page's `nextCursor` as `after`. */
  async listReportsPage(query: ListDmarcReportsQuery = {}): Promise<{ data: DmarcReport[]; nextCursor: string | null }> {
    return (
      await this.http<{ data: DmarcReport[]; nextCursor: string | null }>({
        method: "GET",
        path: "/dmarc/reports",
        query: { ...query },
        safeToRepeat: true,
      })
    ).body;
  }

  /** Every report matching the filters, newest first, a page at a time as you iterate. */
  async *listReports(options: Omit<ListDmarcReportsQuery, "limit"> & { pageSize?: number } = {}): AsyncGenerator<DmarcReport, void, void> {
    const { pageSize = DEFAULT_PAGE_SIZE, after: start, ...filters } = options;
    let after = start;
    for (;;) {
      const page = await this.listReportsPage({ ...filters, limit: pageSize, ...(after !== undefined ? { after } : {}) });
      yield* page.data;
      if (page.nextCursor === null) return;
      after = page.nextCursor;
    }
  }

  /** One report with its records (one per source IP and outcome). */
  async getReport(id: string): Promise<DmarcReportWithRecords> {
    return (await this.http<DmarcReportWithRecords>({ method: "GET", path: `/dmarc/reports/${segment(id)}`, safeToRepeat: true })).body;
  }

  /** Totals, sources and daily counts over [`from`, `to`), optionally for one `domain`, and the reports refused at the address. */
  async summary(query: SummarizeDmarcQuery = {}): Promise<DmarcSummary> {
    return (await this.http<DmarcSummary>({ method: "GET", path: "/dmarc/summary", query: { ...query }, safeToRepeat: true })).body;
  }
}

/** The operations that need no API key (none is sent with them). */
class Service {
  constructor(private readonly http: Send) {}

  /** Answers when the process is alive. */
  async health(): Promise<Health> {
    return (await this.http<Health>({ method: "GET", path: "/healthz", safeToRepeat: true, auth: false })).body;
  }

  /** Answers when PostgreSQL and Redis are reachable (an SvcApiError 503 otherwise). */
  async readiness(): Promise<Readiness> {
    return (await this.http<Readiness>({ method: "GET", path: "/readyz", safeToRepeat: true, auth: false })).body;
  }

  /** The API's OpenAPI document. */
  async openApiDocument(): Promise<Record<string, unknown>> {
    return (await this.http<Record<string, unknown>>({ method: "GET", path: "/openapi.json", safeToRepeat: true, auth: false })).body;
  }

  /** The API reference page (HTML). */
  async apiReference(): Promise<string> {
    return (await this.http<string>({ method: "GET", path: "/docs", safeToRepeat: true, auth: false, responseType: "text" })).body;
  }

  /** The reference page's script. */
  async apiReferenceScript(): Promise<string> {
    return (
      await this.http<string>({ method: "GET", path: "/docs/api-reference.js", safeToRepeat: true, auth: false, responseType: "text" })
    ).body;
  }
}

export { SvcApiError, SvcConnectionError, SvcError, SvcTimeoutError } from "./errors.ts";
export type * from "./types.ts";
