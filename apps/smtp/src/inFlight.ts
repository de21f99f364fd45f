/**
 * Counts the messages being received or stored right now, so that shutdown can let them finish
 * (their clients get their 250) before it closes the connections that are left.
 */
export class InFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  async run<T>(work: () => Promise<T>): Promise<T> {
    this.count += 1;
    try {
      return await work();
    } finally {
      this.count -= 1;
      if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
    }
  }

  get size(): number {
    return this.count;
  }

  /** Resolves once nothing is in flight, or after `timeoutMs` (true when drained). */
  drained(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((wake) => wake !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(done);
    });
  }
}
