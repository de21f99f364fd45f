/**
 * Bounds the attachment bytes a sender process holds at once. Each email with files is read from
 * Postgres and encoded for the provider in memory (a few copies of its files, which may be tens
 * of megabytes), and a worker runs many jobs side by side: without a bound, a burst of large
 * emails would take the process's memory. Emails wait for room in arrival order; one larger than
 * the whole budget goes alone.
 */
export class AttachmentBudget {
  private inUse = 0;
  private readonly waiting: Array<{ bytes: number; start: () => void }> = [];

  constructor(private readonly maxBytes: number) {}

  /** Runs `work` once `bytes` fit beside what is held now, and gives them back after. */
  async hold<T>(bytes: number, work: () => Promise<T>): Promise<T> {
    if (bytes === 0) return work();
    await this.acquire(bytes);
    try {
      return await work();
    } finally {
      this.release(bytes);
    }
  }

  private fits(bytes: number): boolean {
    return this.inUse === 0 || this.inUse + bytes <= this.maxBytes;
  }

  private acquire(bytes: number): Promise<void> {
    if (this.waiting.length === 0 && this.fits(bytes)) {
      this.inUse += bytes;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push({ bytes, start: resolve }));
  }

  private release(bytes: number): void {
    this.inUse -= bytes;
    while (this.waiting.length > 0 && this.fits(this.waiting[0]!.bytes)) {
      const next = this.waiting.shift()!;
      this.inUse += next.bytes;
      next.start();
    }
  }
}
