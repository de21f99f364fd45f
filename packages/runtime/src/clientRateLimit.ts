/**
 * Requests (or messages) per client address per minute, in this process: a fixed one-minute window per
 * address, the map bounded so that a scan from many addresses cannot grow it without limit
 * (past the bound the oldest windows are forgotten, which only lets their addresses start over).
 */
export class ClientRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly maxAddresses = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one from `address`; false when the address is over its limit. */
  take(address: string): boolean {
    const now = this.now();
    let window = this.windows.get(address);
    if (!window || now - window.start >= 60_000) {
      this.windows.delete(address);
      if (this.windows.size >= this.maxAddresses) this.windows.delete(this.windows.keys().next().value!);
      window = { start: now, count: 0 };
      this.windows.set(address, window);
    }
    window.count += 1;
    return window.count <= this.perMinute;
  }
}
