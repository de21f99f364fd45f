/**
 * Coalesces concurrent calls into batches: each `submit` waits for a batch that carries its item,
 * and one `run` serves the whole batch (one multi-row SQL statement instead of one per item).
 *
 * Why: on the hot paths most of a process's CPU goes into round trips (every Postgres statement
 * costs the caller a socket write and a wake-up). Batching needs
 * no waiting: a batch starts on the next turn of the event loop with whatever has arrived, and
 * while `maxConcurrent` batches are in flight new items queue up and leave together when one
 * finishes. Under light load every item goes alone and at once; under heavy load batches grow by
 * themselves, up to `maxSize`.
 *
 * Between the two, at moderate load, items would mostly go alone: each pays its own statement and
 * commit although the next one is a few milliseconds away. With `lingerMs`, a batch that is not
 * full waits for company, but only while company is likely: while the average of the recent gaps
 * between items is under COMPANY_HORIZON lingers. It waits for about COMPANY_WANTED more items,
 * and never longer than `lingerMs`. A lone item at light load still goes at once. And it lingers
 * only where batching does not happen by itself: while no batch is in flight (an item that arrives
 * during one starts its own at once, as without a linger), and after a batch smaller than
 * COMPANY_WANTED. So callers waiting for their answers (a closed loop, whose next items come only
 * as batches finish, in batches that are large at high load) are not held back.
 *
 * A batch that throws is retried item by item, so one bad item (a value the database refuses)
 * fails only its own caller and never the callers that happened to share its batch.
 */
export interface BatcherOptions<I, O> {
  /** Serves one batch: one result per item, in the items' order. */
  run(items: I[]): Promise<O[]>;
  /** The most items in one batch. */
  maxSize: number;
  /** Batches in flight at once (each holds one database connection, say). */
  maxConcurrent: number;
  /** How long a batch that is not full may wait for more items when more are expected (0: never). */
  lingerMs?: number;
  /** Called when the last batch in flight ends with nothing queued behind it. */
  onIdle?: () => void;
}

/** Weight of the newest gap in the running average of the gaps between items. */
const GAP_WEIGHT = 0.2;
/**
 * Lingers worth waiting for company: with items about this many lingers apart, one linger still
 * brings company to about a fifth of the batches, and each of those saves a statement and a commit.
 */
const COMPANY_HORIZON = 4;
/** Items a lingering batch waits for, at the recent rate, before it goes (within `lingerMs`). */
const COMPANY_WANTED = 4;

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export class Batcher<I, O> {
  private queue: Array<Waiting<I, O>> = [];
  private inFlight = 0;
  private scheduled = false;
  private lingering: NodeJS.Timeout | null = null;
  private lastArrivalMs = Number.NaN;
  private averageGapMs = Number.POSITIVE_INFINITY;
  private lastBatchSize = 0;

  constructor(private readonly options: BatcherOptions<I, O>) {
    if (!(options.maxSize >= 1) || !(options.maxConcurrent >= 1)) throw new Error("Batcher needs maxSize and maxConcurrent of at least 1");
  }

  submit(item: I): Promise<O> {
    this.noteArrival();
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule(true);
    });
  }

  /** Items waiting for a batch, and batches in flight (for tests and readiness). */
  get pending(): { queued: number; inFlight: number } {
    return { queued: this.queue.length, inFlight: this.inFlight };
  }

  private noteArrival(): void {
    const now = performance.now();
    const gap = now - this.lastArrivalMs;
    this.lastArrivalMs = now;
    if (Number.isNaN(gap)) return;
    this.averageGapMs = Number.isFinite(this.averageGapMs) ? this.averageGapMs * (1 - GAP_WEIGHT) + gap * GAP_WEIGHT : gap;
  }

  /** Whether a new batch should wait for company: none is in flight, the last one went nearly alone, it is not full, and company is due within the linger. */
  private shouldLinger(): boolean {
    const lingerMs = this.options.lingerMs ?? 0;
    return (
      lingerMs > 0 &&
      this.inFlight === 0 &&
      this.lastBatchSize < COMPANY_WANTED &&
      this.queue.length < this.options.maxSize &&
      this.averageGapMs < COMPANY_HORIZON * lingerMs
    );
  }

  /** `mayLinger` is false for items that already waited for a batch in flight. */
  private schedule(mayLinger: boolean): void {
    if (this.inFlight >= this.options.maxConcurrent) return;
    if (mayLinger && this.shouldLinger()) {
      const waitMs = Math.min(this.options.lingerMs ?? 0, COMPANY_WANTED * this.averageGapMs);
      this.lingering ??= setTimeout(() => {
        this.lingering = null;
        this.startBatches();
      }, waitMs);
      return;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    // setImmediate, not a microtask: requests parsed in the same I/O phase join one batch.
    setImmediate(() => {
      this.scheduled = false;
      this.startBatches();
    });
  }

  private startBatches(): void {
    if (this.lingering) {
      clearTimeout(this.lingering);
      this.lingering = null;
    }
    while (this.inFlight < this.options.maxConcurrent && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxSize);
      this.lastBatchSize = batch.length;
      this.inFlight += 1;
      void this.serve(batch).finally(() => {
        this.inFlight -= 1;
        if (this.queue.length > 0) this.schedule(false);
        else if (this.inFlight === 0) this.options.onIdle?.();
      });
    }
  }

  private async serve(batch: Array<Waiting<I, O>>): Promise<void> {
    try {
      settle(batch, await this.runChecked(batch.map((waiting) => waiting.item)));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // Find the item at fault: each alone, one after another (this is the rare path).
      for (const waiting of batch) {
        try {
          settle([waiting], await this.runChecked([waiting.item]));
        } catch (itemError) {
          waiting.reject(itemError);
        }
      }
    }
  }

  private async runChecked(items: I[]): Promise<O[]> {
    const results = await this.options.run(items);
    if (results.length !== items.length) throw new Error(`Batch returned ${results.length} results for ${items.length} items`);
    return results;
  }
}

function settle<I, O>(batch: Array<Waiting<I, O>>, results: O[]): void {
  batch.forEach((waiting, index) => {
    waiting.resolve(results[index] as O);
  });
}

/**
 * A Batcher per key, for items that may share a statement only with items of the same key (the
 * sends of one workspace, say). A key's Batcher is made when its first item arrives and dropped
 * when it falls idle, so memory follows the keys in use, not every key ever seen.
 */
export class KeyedBatcher<I, O> {
  private readonly batchers = new Map<string, Batcher<I, O>>();

  constructor(private readonly optionsFor: (key: string) => Omit<BatcherOptions<I, O>, "onIdle">) {}

  submit(key: string, item: I): Promise<O> {
    let batcher = this.batchers.get(key);
    if (!batcher) {
      const made: Batcher<I, O> = new Batcher({
        ...this.optionsFor(key),
        onIdle: () => {
          if (this.batchers.get(key) === made) this.batchers.delete(key);
        },
      });
      this.batchers.set(key, made);
      batcher = made;
    }
    return batcher.submit(item);
  }

  /** Keys with items queued or in flight (for tests). */
  get activeKeys(): number {
    return this.batchers.size;
  }
}
