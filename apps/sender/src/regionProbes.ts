import type { RegionCircuit } from "@svc/core";
import type { Logger } from "@svc/logger";
import type { SesAccountView } from "@svc/providers";

/**
 * Probes each open region every `intervalMs`: a read of its account (GetAccount), never an email.
 * A probe succeeds when the region answers and its account may send; the
 * circuit closes after its run of successes (RegionCircuit). One probe per region at a time: a
 * region that never answers (a black hole) costs one request in flight, bounded by its timeout.
 */
export class RegionProbes {
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly circuits: ReadonlyMap<string, RegionCircuit>,
    private readonly readAccount: (region: string) => Promise<SesAccountView>,
    private readonly intervalMs: number,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.probeOpen(), this.intervalMs);
    this.timer.unref();
  }

  /** One round now: every open region not already being probed. */
  async probeOpen(): Promise<void> {
    const rounds: Promise<void>[] = [];
    for (const [region, circuit] of this.circuits) {
      if (!circuit.isOpen || this.inFlight.has(region)) continue;
      const probe = this.probe(region, circuit).finally(() => this.inFlight.delete(region));
      this.inFlight.set(region, probe);
      rounds.push(probe);
    }
    await Promise.all(rounds);
  }

  private async probe(region: string, circuit: RegionCircuit): Promise<void> {
    let healthy: boolean;
    try {
      // The quota is not the circuit's: RegionQuotas holds a region without room (the read feeds it).
      healthy = (await this.readAccount(region)).sendingEnabled;
    } catch {
      healthy = false;
    }
    if (circuit.recordProbe(healthy)) this.log.info({ region }, "SES region's circuit closed: its probes succeeded; it takes mail again");
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inFlight.values()]);
  }
}
