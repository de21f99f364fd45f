/** What `hold` answers when the bytes did not fit within the wait it allows: the work never ran. */
export const ATTACHMENT_BUDGET_FULL = Symbol("attachment budget full");

/**
 * Bounds the attachment bytes a sender process holds at once. Each email with files is read from
 * Postgres and encoded for the provider in memory (a few copies of its files, which may be tens
 * of megabytes), and a worker runs many jobs side by side: without a bound, a burst of large
 * emails would take the process's memory. Emails wait for room in arrival order; one larger than
 * the whole budget goes alone.
 *
 * The wait is bounded too: a handoff holds its email's claim while it waits, and a burst of large
 * emails would otherwise keep the last ones waiting past their lease (another worker could take
 * them over). One that waits `maxWaitMs` gives up its place and does not run.
 */
export class AttachmentBudget {
  private inUse = 0;
  private readonly waiting: Array<{ bytes: number; start: () => void }> = [];

  constructor(
    private readonly maxBytes: number,
    readonly maxWaitMs: number,
  ) {}

  /**
   * Runs `work` once `bytes` fit beside what is held now, and gives them back after; answers
   * ATTACHMENT_BUDGET_FULL, without running it, when they did not fit within `maxWaitMs`.
   */
  async hold<T>(bytes: number, work: () => Promise<T>): Promise<T | typeof ATTACHMENT_BUDGET_FULL> {
    if (bytes === 0) return work();
    if (!(await this.acquire(bytes))) return ATTACHMENT_BUDGET_FULL;
    try {
      return await work();
    } finally {
      this.release(bytes);
    }
  }

  private fits(bytes: number): boolean {
    return this.inUse === 0 || this.inUse + bytes <= this.maxBytes;
  }

  /** True once the bytes are held; false when the wait ran out first. */
  private acquire(bytes: number): Promise<boolean> {
    if (this.waiting.length === 0 && this.fits(bytes)) {
      this.inUse += bytes;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const entry = {
        bytes,
        start: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) this.waiting.splice(at, 1);
        // The one that gave up may have been holding back smaller ones behind it.
        this.startWaiting();
        resolve(false);
      }, this.maxWaitMs);
      this.waiting.push(entry);
    });
  }

  private release(bytes: number): void {
    this.inUse -= bytes;
    this.startWaiting();
  }

  private startWaiting(): void {
    while (this.waiting.length > 0 && this.fits(this.waiting[0]!.bytes)) {
      const next = this.waiting.shift()!;
      this.inUse += next.bytes;
      next.start();
    }
  }
}
