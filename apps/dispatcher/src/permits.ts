/**
 * A counting semaphore: at most `size` attempts in flight in this process, whichever jobs they
 * came in (a job may carry a fan-out's many deliveries). Waiters are served first come, first
 * served.
 */
export class AttemptPermits {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  /** Runs `work` holding one permit, waiting for one first when all are taken. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The permit passes straight to the next waiter, so none is taken out of turn meanwhile.
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }

  /** Attempts in flight now. */
  get inUse(): number {
    return this.size - this.free;
  }
}
