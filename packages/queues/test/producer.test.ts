import { afterAll, describe, expect, it } from "@jest/globals";
import { createProducerConnection, Producer } from "@svc/queues";
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { TEST_REDIS_URL, uniquePrefix } from "../../../test/support/env.ts";

const producers: Array<Producer<"sendEmail">> = [];
const connections: Redis[] = [];
afterAll(async () => {
  await Promise.all(producers.map((producer) => producer.close()));
  for (const connection of connections) connection.disconnect();
});

/** A send-queue producer on a connection and prefix of its own, with its queue's adds counted. */
function producer() {
  const redis = createProducerConnection(TEST_REDIS_URL);
  connections.push(redis);
  const made = new Producer("sendEmail", redis, uniquePrefix("producer"));
  producers.push(made);
  const queue = made.queue;
  const adds = { single: 0, bulk: 0 };
  const add = queue.add.bind(queue);
  const addBulk = queue.addBulk.bind(queue);
  queue.add = ((...args: Parameters<Queue["add"]>) => {
    adds.single += 1;
    return add(...args);
  }) as Queue["add"];
  queue.addBulk = ((...args: Parameters<Queue["addBulk"]>) => {
    adds.bulk += 1;
    return addBulk(...args);
  }) as Queue["addBulk"];
  return { producer: made, queue, adds };
}

const job = (n: number) => ({ jobId: `email_p${n}`, payload: { emailId: `email_p${n}` } });

describe("Producer", () => {
  it("adds the jobs of concurrent enqueues in one bulk add, each call's jobs in its order", async () => {
    const { producer: one, queue, adds } = producer();
    await Promise.all([
      one.enqueueMany([job(1), job(2), job(3)]),
      one.enqueue("email_p4", { emailId: "email_p4" }),
      one.enqueueMany([job(5), job(6)]),
    ]);
    expect(adds).toEqual({ single: 0, bulk: 1 });
    const waiting = (await queue.getWaiting()).map((waitingJob) => waitingJob.id);
    expect(waiting).toEqual(["email_p1", "email_p2", "email_p3", "email_p4", "email_p5", "email_p6"]);
  });

  it("adds a lone job without a bulk add", async () => {
    const { producer: one, queue, adds } = producer();
    await one.enqueue("email_p7", { emailId: "email_p7" });
    expect(adds).toEqual({ single: 1, bulk: 0 });
    expect(await queue.getJob("email_p7")).toBeDefined();
  });

  it("fails only the call whose job Redis or BullMQ refuses, not the calls that shared its bulk add", async () => {
    const { producer: one, queue } = producer();
    // BullMQ refuses a custom job id that is an integer.
    const outcomes = await Promise.allSettled([
      one.enqueue("email_p8", { emailId: "email_p8" }),
      one.enqueue("12345", { emailId: "email_p9" }),
      one.enqueue("email_p10", { emailId: "email_p10" }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((await queue.getWaiting()).map((waitingJob) => waitingJob.id).sort()).toEqual(["email_p10", "email_p8"]);
  });
});
