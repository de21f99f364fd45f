import type { FileStore, MailboxProviders, RenderPool } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import type { Producer, RedisRateLimiter, SendQueue } from "@svc/queues";
import type { ByteBudget } from "@svc/runtime";
import type { ApiEnv } from "./env.ts";

/** Everything the routes need, built by createApi and handed to createApiApp. */
export interface ApiDeps {
  db: DbHandle;
  /** The send queue; the api only ever enqueues. */
  sendQueue: SendQueue;
  logger: Logger;
  config: ApiEnv;
  /** The webhook queue: test events and replays are enqueued here for the dispatcher. */
  webhookQueue: Producer<"webhookDelivery">;
  /** Per-key request limits, shared by every API process through Redis. */
  rateLimiter: RedisRateLimiter;
  /** Memory for request bodies in flight in this process (API_BODY_MEMORY_BUDGET_MB). */
  bodyBudget: ByteBudget;
  /** Where attachment bytes go (FILE_STORE). */
  files: FileStore;
  /** Template renders (POST /templates/{id}/render), in worker threads. */
  renderPool: RenderPool;
  /** Recipient domains' mailbox providers, by their MX (DNS_SERVERS), cached install-wide. */
  mailboxProviders: MailboxProviders;
  /** Starts waiting erasures now rather than at the runner's next look (a request was just made). */
  wakeErasureRunner: () => void;
}
