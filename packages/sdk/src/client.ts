import { call, type HttpOptions, type HttpRequest } from "./http.ts";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry.ts";
import type {
  AddSuppressionRequest,
  ApiKey,
  BatchEntry,
  Email,
  EmailWithEvents,
  Inbound,
  InboundSummary,
  ListInboundQuery,
  ListEmailsQuery,
  ListSuppressionsQuery,
  QueuedEmail,
  ScheduleChange,
  SendEmailRequest,
  Suppression,
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
  readonly inbound: InboundMessages;

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
    this.inbound = new InboundMessages(send);
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
    return (await this.http<ScheduleChange>({ method: "PATCH", path: `/emails/${segment(id)}`, body: { scheduledAt: at }, safeToRepeat: true })).body;
  }

  /** One email with its events, oldest first. */
  async get(id: string): Promise<EmailWithEvents> {
    return (await this.http<EmailWithEvents>({ method: "GET", path: `/emails/${segment(id)}`, safeToRepeat: true })).body;
  }

  /** One page, newest first, narrowed by the filters given: `after` is the last id of the previous page. */
  async listPage(query: ListEmailsQuery = {}): Promise<Email[]> {
    return (await this.http<Email[]>({ method: "GET", path: "/emails", query: { ...query, limit: query.limit ?? DEFAULT_PAGE_SIZE }, safeToRepeat: true })).body;
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
}

/** Messages received for the workspace's receiving domains (`GET /inbound`). */
class InboundMessages {
  constructor(private readonly http: Send) {}

  /** One page, newest first: pass the previous page's `nextCursor` as `after`. */
  async listPage(query: ListInboundQuery = {}): Promise<{ data: InboundSummary[]; nextCursor: string | null }> {
    return (await this.http<{ data: InboundSummary[]; nextCursor: string | null }>({ method: "GET", path: "/inbound", query: { ...query }, safeToRepeat: true })).body;
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
}

export { SvcApiError, SvcConnectionError, SvcError, SvcTimeoutError } from "./errors.ts";
export type * from "./types.ts";
