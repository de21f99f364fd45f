/**
 * One SES region's circuit, as one sender sees it. Closed, it counts failures in a row that say the
 * region cannot take mail now (errors without an answer, timeouts, 5xx, throttling past the
 * handoff's own retries): at `failureThreshold` it opens, and so does an account-level refusal
 * (the account paused, its quota spent) at once. Open, mail that may move goes to its next region
 * and the rest waits; probes (reads of the region's account, never an email) close it after
 * `probeSuccesses` in a row. A send that succeeds while it is open closes nothing: a request
 * sent before it opened may still land.
 */
export type CircuitState = "closed" | "open";

export interface CircuitOptions {
  failureThreshold: number;
  probeSuccesses: number;
}

export class RegionCircuit {
  private failures = 0;
  private probesInRow = 0;
  private openedAt: number | null = null;
  /** Why it opened last, for logs and the metric. */
  openReason: string | null = null;

  constructor(
    readonly region: string,
    private readonly options: CircuitOptions,
  ) {}

  get state(): CircuitState {
    return this.openedAt === null ? "closed" : "open";
  }

  get isOpen(): boolean {
    return this.openedAt !== null;
  }

  /** True when this success closed nothing but reset the count. */
  recordSuccess(): void {
    if (this.openedAt === null) this.failures = 0;
  }

  /** A failure that says the region cannot take mail; true when it opened the circuit now. */
  recordFailure(reason: string, now: number): boolean {
    if (this.openedAt !== null) return false;
    this.failures += 1;
    if (this.failures < this.options.failureThreshold) return false;
    return this.open(reason, now);
  }

  /** Opens at once (an account-level refusal); true when it was closed. */
  open(reason: string, now: number): boolean {
    if (this.openedAt !== null) return false;
    this.openedAt = now;
    this.openReason = reason;
    this.probesInRow = 0;
    return true;
  }

  /** A probe's answer; true when this one closed the circuit. */
  recordProbe(succeeded: boolean): boolean {
    if (this.openedAt === null) return false;
    if (!succeeded) {
      this.probesInRow = 0;
      return false;
    }
    this.probesInRow += 1;
    if (this.probesInRow < this.options.probeSuccesses) return false;
    this.openedAt = null;
    this.openReason = null;
    this.failures = 0;
    this.probesInRow = 0;
    return true;
  }
}

/** Where an email goes now, or why and until when it waits. */
export type RegionChoice =
  | { kind: "send"; region: string }
  | { kind: "wait"; cause: "region_unavailable" | "handoff_unknown" | "account_quota"; retryAt: number };

export interface RegionChoiceInput {
  /** The workspace's primary, then its failover regions in order (just the primary when pinned). */
  order: readonly string[];
  isOpen(region: string): boolean;
  /** The email's last handoff whose outcome is unknown. */
  unknownHandoff?: { region: string; at: Date } | undefined;
  now: number;
  /** How long such an email waits for its region's Send event before it may move. */
  unknownOutcomeWaitMs: number;
  /** When the regions are looked at again while every one is down. */
  probeIntervalMs: number;
  /** Null when the region's 24-hour quota has room for the email, else when it may (RegionQuotas). */
  quotaResumeAt?(region: string): number | null;
}

/**
 * The rule of regions. An email goes to the first region of its workspace's order whose circuit is
 * closed; with none, it waits (`region_unavailable`) until the next probe. An email whose last
 * handoff's outcome is unknown is never sent to another region on a guess: SES has no idempotency
 * key, so while that region is down it waits (`handoff_unknown`) for the region's Send event (the
 * ingester then records it as sent, and no claim takes it again) until `unknownOutcomeWaitMs`
 * after that handoff; only then may it move. While its region is up it goes there again, as a
 * retry in one region always has. A region that is up but has no room in its 24-hour quota is
 * passed over as a down one is; when only such regions are left, the email waits
 * (`account_quota`) until the first of them has room.
 */
export function chooseRegion(input: RegionChoiceInput): RegionChoice {
  const unknown = input.unknownHandoff;
  const roomAt = (region: string) => input.quotaResumeAt?.(region) ?? null;
  if (unknown) {
    if (input.order.includes(unknown.region) && !input.isOpen(unknown.region)) {
      const resumeAt = roomAt(unknown.region);
      return resumeAt === null ? { kind: "send", region: unknown.region } : { kind: "wait", cause: "account_quota", retryAt: resumeAt };
    }
    const mayMoveAt = unknown.at.getTime() + input.unknownOutcomeWaitMs;
    // Looked at again at each probe, so that it goes back to its region as soon as that answers.
    if (input.now < mayMoveAt)
      return { kind: "wait", cause: "handoff_unknown", retryAt: Math.min(mayMoveAt, input.now + input.probeIntervalMs) };
  }
  let quotaAt: number | null = null;
  for (const region of input.order) {
    if (input.isOpen(region)) continue;
    const resumeAt = roomAt(region);
    if (resumeAt === null) return { kind: "send", region };
    quotaAt = quotaAt === null ? resumeAt : Math.min(quotaAt, resumeAt);
  }
  if (quotaAt !== null) return { kind: "wait", cause: "account_quota", retryAt: quotaAt };
  return { kind: "wait", cause: "region_unavailable", retryAt: input.now + input.probeIntervalMs };
}
