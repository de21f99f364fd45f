import { describe, expect, test } from "@jest/globals";
import { MAX_DELIVERIES_PER_JOB, newDeliveryJobs, QUEUES } from "../src/index.ts";

const ids = (count: number) => Array.from({ length: count }, (_, i) => `wd_${String(i).padStart(4, "0")}`);

describe("newDeliveryJobs", () => {
  test("a lone delivery is a job of its own, under its id", () => {
    expect(newDeliveryJobs(["wd_one"])).toEqual([{ jobId: "wd_one", payload: { deliveryId: "wd_one" } }]);
    expect(newDeliveryJobs([])).toEqual([]);
  });

  test("a fan-out shares jobs of at most the bound, in order, each named after its first delivery", () => {
    const all = ids(2 * MAX_DELIVERIES_PER_JOB + 1);
    const jobs = newDeliveryJobs(all);
    expect(jobs.map((job) => job.jobId)).toEqual([`fanout-${all[0]}`, `fanout-${all[MAX_DELIVERIES_PER_JOB]}`, all.at(-1)]);
    expect(jobs.flatMap((job) => ("deliveryIds" in job.payload ? job.payload.deliveryIds : [job.payload.deliveryId]))).toEqual(all);
    // Every job is one the catalog accepts.
    for (const job of jobs) expect(QUEUES.webhookDelivery.payload.parse(job.payload)).toEqual(job.payload);
  });

  test("the catalog refuses a shared job over the bound, or one that is not a delivery id", () => {
    expect(() => QUEUES.webhookDelivery.payload.parse({ deliveryIds: ids(MAX_DELIVERIES_PER_JOB + 1) })).toThrow();
    expect(() => QUEUES.webhookDelivery.payload.parse({ deliveryIds: ["wd_a", "email_b"] })).toThrow();
  });
});
