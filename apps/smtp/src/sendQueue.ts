import type { Logger } from "@svc/logger";
import type { SendQueue } from "@svc/queues";
import { withTimeout } from "@svc/runtime";

/**
 * Hands a committed email to the send queue (job id = email id, its priority from the
 * workspace's recent sends), as the REST API does. Never
 * fails the message: the row is durable, and when Redis is down or slow the sender's sweeper
 * enqueues every queued email whose job is missing. BullMQ waits for a connection rather than
 * failing, hence the deadline.
 */
export async function enqueueSend(sendQueue: SendQueue, workspaceId: string, emailId: string, timeoutMs: number, log: Logger): Promise<boolean> {
  try {
    await withTimeout(sendQueue.enqueue(workspaceId, [emailId]), timeoutMs, `enqueue took longer than ${timeoutMs} ms`);
    return true;
  } catch (error) {
    log.warn({ emailId, err: error }, "send job not enqueued (Redis unavailable?); the sweeper will enqueue it");
    return false;
  }
}
