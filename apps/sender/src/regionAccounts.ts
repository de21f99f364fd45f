import type { RegionCircuit, RegionQuotas } from "@svc/core";
import type { Logger } from "@svc/logger";
import type { SesAccountView } from "@svc/providers";

/**
 * Reads each SES region's account (GetAccount) at start and every `intervalMs`, and gives its
 * 24-hour quota to RegionQuotas, which counts this sender's sends between reads. A region whose
 * circuit is open is left to its probes, whose reads feed the quotas too. One read per region at
 * a time, each bounded by the reading client's timeout; a failed read changes nothing.
 */
export class RegionAccounts {
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly circuits: ReadonlyMap<string, RegionCircuit>,
    private readonly quotas: RegionQuotas,
    private readonly readAccount: (region: string) => Promise<SesAccountView>,
    private readonly intervalMs: number,
    private readonly log: Logger,
  ) {}

  start(): void {
    void this.readAll();
    this.timer = setInterval(() => void this.readAll(), this.intervalMs);
    this.timer.unref();
  }

  /** One round now: every closed region not already being read. */
  async readAll(): Promise<void> {
    const reads: Promise<void>[] = [];
    for (const [region, circuit] of this.circuits) {
      if (circuit.isOpen || this.inFlight.has(region)) continue;
      const read = this.read(region).finally(() => this.inFlight.delete(region));
      this.inFlight.set(region, read);
      reads.push(read);
    }
    await Promise.all(reads);
  }

  /** What a read of the region's account said (this watcher's or a probe's). */
  record(region: string, account: SesAccountView): void {
    this.quotas.record(region, account, Date.now());
  }

  private async read(region: string): Promise<void> {
    try {
      this.record(region, await this.readAccount(region));
    } catch (error) {
      this.log.warn({ err: error, region }, "could not read the SES region's account (GetAccount); its quota stays as last read");
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inFlight.values()]);
  }
}
