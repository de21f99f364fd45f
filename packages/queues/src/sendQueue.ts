import type { Logger } from "@svc/logger";
import { withTimeout } from "@svc/runtime";
import type { Redis } from "ioredis";
import { type FairnessOptions, SendFairness } from "./fairness.ts";
import type { QueueLayout } from "./layout.ts";
import { Producer } from "./producer.ts";

/**
 * The send queue as producers use it: job id = email id (or, for emails a workspace sent
 * together, the id their rows name), and each job's priority from its workspace's recent volume
 * (SendFairness), so one workspace's backlog does not hold up the others' mail. Every producer of
 * send jobs goes through here.
 */
export class SendQueue {
  readonly producer: Producer<"sendEmail">;
  private readonly fairness: SendFairness;

  /** `layout`: the queue layout (its shards), or a plain prefix for one unsharded queue. */
  constructor(connection: Redis, layout: QueueLayout | string, options: FairnessOptions = {}) {
    this.producer = new Producer("sendEmail", connection, layout);
    // Per workspace, install-wide: a workspace's jobs spread over every shard, and each shard
    // orders them by the same count.
    this.fairness = new SendFairness(connection, this.producer.layout.prefix, options);
  }

  /**
   * Enqueues the emails of one workspace, in order; an email whose job exists is left alone.
   * With `sharedJobId` (the id their rows name, `sharedSendJobId`) they go as that one job, at the
   * first one's fair priority, every one of them counted towards the workspace's next.
   */
  async enqueue(workspaceId: string, emailIds: readonly string[], sharedJobId: string | null = null): Promise<void> {
    if (emailIds.length === 0) return;
    const priorities = this.fairness.priorities(workspaceId, emailIds.length);
    if (sharedJobId !== null) {
      await this.producer.enqueue(sharedJobId, { emailIds: [...emailIds] }, { priority: priorities[0] });
      return;
    }
    await this.producer.enqueueMany(
      emailIds.map((emailId, i) => ({ jobId: emailId, payload: { emailId }, options: { priority: priorities[i] } })),
    );
  }

  /**
   * Enqueues committed emails without ever failing the caller (a request, an SMTP message): the
   * rows are durable, and when Redis is down or slow the sender's sweeper enqueues every queued
   * email whose job is missing. BullMQ waits for a connection rather than failing, hence the
   * deadline. True when enqueued.
   */
  async enqueueOrLeaveToSweeper(
    workspaceId: string,
    emailIds: readonly string[],
    timeoutMs: number,
    log: Logger,
    sharedJobId: string | null = null,
  ): Promise<boolean> {
    if (emailIds.length === 0) return true;
    try {
      await withTimeout(this.enqueue(workspaceId, emailIds, sharedJobId), timeoutMs, `enqueue took longer than ${timeoutMs} ms`);
      return true;
    } catch (error) {
      log.warn({ emails: emailIds, err: error }, "send jobs not enqueued (Redis unavailable?); the sweeper will enqueue them");
      return false;
    }
  }

  /** Emails of several workspaces (the sweeper's pages): grouped, each group in its order. */
  async enqueueGrouped(emails: ReadonlyArray<{ workspaceId: string; emailId: string }>): Promise<void> {
    const groups = new Map<string, string[]>();
    for (const { workspaceId, emailId } of emails) groups.set(workspaceId, [...(groups.get(workspaceId) ?? []), emailId]);
    await Promise.all([...groups].map(([workspaceId, ids]) => this.enqueue(workspaceId, ids)));
  }

  /** Whether a job for this email exists in any state. */
  has(emailId: string): Promise<boolean> {
    return this.producer.has(emailId);
  }

  async close(): Promise<void> {
    await this.fairness.close();
    await this.producer.close();
  }
}
