import { type DoctorCheck, describeError, failed, ok } from "./report.ts";

const PROBE_TIMEOUT_MS = 5_000;

/**
 * Whether the recorded ingest URL answers: SNS posts every notification there, so a URL nothing
 * answers at loses every event. An empty POST is refused by a working ingester (it is no signed
 * SNS message), and any such answer proves it is there; no answer, a 404 or a 5xx does not.
 */
export async function ingestCheck(ingestUrl: string): Promise<DoctorCheck> {
  const name = "ingester reachable";
  const fix = `make sure the ingester runs and ${ingestUrl} reaches it from the internet (SNS posts there), then run svc doctor again`;
  let status: number;
  try {
    const response = await fetch(ingestUrl, {
      method: "POST",
      headers: { "content-type": "text/plain; charset=UTF-8", "x-amz-sns-message-type": "Notification" },
      body: "{}",
      redirect: "manual",
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    return failed(name, `${ingestUrl} did not answer: ${describeError(error)}`, fix);
  }
  if (status === 404 || status >= 500) return failed(name, `${ingestUrl} answered HTTP ${status}: not a working ingester`, fix);
  return ok(name, `${ingestUrl} answered (HTTP ${status} to an unsigned probe)`);
}
