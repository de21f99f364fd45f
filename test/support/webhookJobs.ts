import { deliveriesOf, type Producer, QUEUES } from "@svc/queues";

/** The deliveries that the webhook queue's waiting and delayed jobs carry (a fan-out's share one job). */
export async function queuedDeliveryIds(producer: Producer<"webhookDelivery">): Promise<string[]> {
  const jobs = (await Promise.all(producer.queues.map((queue) => queue.getJobs(["waiting", "prioritized", "delayed"])))).flat();
  return jobs.flatMap((job) => deliveriesOf(QUEUES.webhookDelivery.payload.parse(job.data)));
}
