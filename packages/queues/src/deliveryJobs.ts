import { type JobPayload, MAX_DELIVERIES_PER_JOB } from "./catalog.ts";

export interface DeliveryJob {
  jobId: string;
  payload: JobPayload<"webhookDelivery">;
}

/**
 * The jobs that nudge the dispatcher to a fan-out's fresh deliveries (rows committed, all due
 * now): up to MAX_DELIVERIES_PER_JOB in one job, a lone delivery as its own job under its id.
 *
 * A shared job's id is its first delivery's id with a `fanout-` prefix: unique (a delivery is
 * created once), and apart from the job that delivery's retries later get under its own id.
 */
export function newDeliveryJobs(deliveryIds: readonly string[]): DeliveryJob[] {
  const jobs: DeliveryJob[] = [];
  for (let start = 0; start < deliveryIds.length; start += MAX_DELIVERIES_PER_JOB) {
    const chunk = deliveryIds.slice(start, start + MAX_DELIVERIES_PER_JOB);
    const [first] = chunk as [string];
    jobs.push(
      chunk.length === 1 ? { jobId: first, payload: { deliveryId: first } } : { jobId: `fanout-${first}`, payload: { deliveryIds: chunk } },
    );
  }
  return jobs;
}

/** The deliveries one webhook job carries, whichever its shape. */
export function deliveriesOf(payload: JobPayload<"webhookDelivery">): readonly string[] {
  return "deliveryIds" in payload ? payload.deliveryIds : [payload.deliveryId];
}
