/**
 * The other workspace's view of an attack: a steady stream of POST /emails from the main
 * fixture's workspace, each timed from the request's start to its 202 (accept) and to the first
 * webhook the receiver got for it (end to end: api, sender, provider, ingester, dispatcher).
 * A window's p99 taken just before an attack is its quiet value; the same during the attack is
 * compared with it.
 */
import { percentile } from "../bench/lib/stats.ts";
import type { Stack } from "./stack.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  startedAt: number;
  /** When the 202 came; null when the request was refused or failed. */
  acceptedAt: number | null;
  status: number;
  emailId: string | null;
}

export interface LatencyWindow {
  sent: number;
  accepted: number;
  /** Requests answered otherwise than 202 (status 0: no answer). */
  notAccepted: Record<number, number>;
  acceptP50Ms: number;
  acceptP99Ms: number;
  /** Request start → first webhook received; an email still without one counts as the time waited. */
  webhookP50Ms: number;
  webhookP99Ms: number;
  /** Accepted emails whose first webhook had not come when the window was read. */
  withoutWebhook: number;
}

export class LatencyProbe {
  private readonly samples: Sample[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private count = 0;

  /**
   * `body(n)` is the n-th request's JSON body (by default a plain email to the simulator's
   * delivered scenario from the main fixture's domain).
   */
  constructor(
    private readonly stack: Stack,
    private readonly ratePerS: number,
    private readonly body: (n: number) => unknown = (n) => ({
      from: `Probe <probe@${stack.fx.domain}>`,
      to: [`someone+probe${n}@example.com`],
      subject: "latency probe",
      text: "hi",
    }),
  ) {}

  start(): void {
    // As many requests as are due by the clock: a timer that fires late (a busy machine) does not lower the rate.
    const tickMs = Math.max(10, 1000 / this.ratePerS);
    const startedAt = Date.now();
    const first = this.count;
    this.timer = setInterval(() => {
      const due = first + Math.floor(((Date.now() - startedAt) * this.ratePerS) / 1000);
      while (this.count < due) {
        const work = this.send(this.count++).finally(() => this.inFlight.delete(work));
        this.inFlight.add(work);
      }
    }, tickMs);
  }

  private async send(n: number): Promise<void> {
    const sample: Sample = { startedAt: Date.now(), acceptedAt: null, status: 0, emailId: null };
    this.samples.push(sample);
    try {
      const response = await fetch(`${this.stack.apps.api.url}/emails`, {
        method: "POST",
        headers: { authorization: `Bearer ${this.stack.fx.keys["full-access"]}`, "content-type": "application/json" },
        body: JSON.stringify(this.body(n)),
        signal: AbortSignal.timeout(30_000),
      });
      sample.status = response.status;
      const text = await response.text();
      if (response.status === 202) {
        sample.acceptedAt = Date.now();
        sample.emailId = (JSON.parse(text) as { id: string }).id;
      }
    } catch {
      sample.status = 0;
    }
  }

  /** Requests started so far. */
  sentSoFar(): number {
    return this.samples.length;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * The requests started in [from, to): waits (up to `settleMs`) for their answers and first
   * webhooks, then reads their latencies.
   */
  async window(from: number, to: number, settleMs = 20_000): Promise<LatencyWindow> {
    const inWindow = () => this.samples.filter((s) => s.startedAt >= from && s.startedAt < to);
    const pending = () =>
      inWindow().filter(
        (s) => (s.acceptedAt === null && s.status === 0) || (s.emailId !== null && !this.stack.receiver.firstByEmail.has(s.emailId)),
      );
    const deadline = Date.now() + settleMs;
    while (pending().length > 0 && Date.now() < deadline) await sleep(200);
    const now = Date.now();
    const samples = inWindow();
    const accepted = samples.filter((s) => s.acceptedAt !== null);
    const notAccepted: Record<number, number> = {};
    for (const s of samples) if (s.acceptedAt === null) notAccepted[s.status] = (notAccepted[s.status] ?? 0) + 1;
    const acceptMs = accepted.map((s) => s.acceptedAt! - s.startedAt).sort((a, b) => a - b);
    let withoutWebhook = 0;
    const webhookMs = accepted
      .map((s) => {
        const at = this.stack.receiver.firstByEmail.get(s.emailId!);
        if (at === undefined) withoutWebhook += 1;
        return (at ?? now) - s.startedAt;
      })
      .sort((a, b) => a - b);
    const p = (sorted: number[], q: number) => (sorted.length === 0 ? 0 : Math.round(percentile(sorted, q)));
    return {
      sent: samples.length,
      accepted: accepted.length,
      notAccepted,
      acceptP50Ms: p(acceptMs, 50),
      acceptP99Ms: p(acceptMs, 99),
      webhookP50Ms: p(webhookMs, 50),
      webhookP99Ms: p(webhookMs, 99),
      withoutWebhook,
    };
  }
}

/**
 * "Within 2× its quiet value", with a floor: on a shared two-core machine a quiet p99 of a few
 * tens of ms doubles from scheduling noise alone, so the limit is never below quiet + 100 ms.
 */
export function latencyLimit(quietMs: number): number {
  return Math.max(2 * quietMs, quietMs + 100);
}

/**
 * Measures the probe's quiet window, runs the attack while the probe goes on, and compares the
 * attack window's end-to-end p99 (request → first webhook, which includes the accept) with the
 * quiet one. The accept p99 alone is reported beside it, not judged: the suite's stack lifts the
 * per-key request rate limit for its load, so an attacker's flood of requests reaches the api
 * as it would not in production.
 */
export async function duringAttack<T>(
  probe: LatencyProbe,
  quietMs: number,
  attack: () => Promise<T>,
): Promise<{
  result: T;
  quiet: LatencyWindow;
  during: LatencyWindow;
  withinLimit: boolean;
  limits: { acceptMs: number; webhookMs: number };
}> {
  const quietStart = Date.now();
  await sleep(quietMs);
  const attackStart = Date.now();
  const result = await attack();
  const attackEnd = Date.now();
  const quiet = await probe.window(quietStart, attackStart);
  const during = await probe.window(attackStart, attackEnd);
  const limits = { acceptMs: latencyLimit(quiet.acceptP99Ms), webhookMs: latencyLimit(quiet.webhookP99Ms) };
  const withinLimit = during.accepted > 0 && Object.keys(during.notAccepted).length === 0 && during.webhookP99Ms <= limits.webhookMs;
  return { result, quiet, during, withinLimit, limits };
}
