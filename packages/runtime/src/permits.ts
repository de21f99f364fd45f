import PQueue from "p-queue";

/**
 * A counting semaphore for work that arrives in jobs of many items (a fan-out's deliveries, a
 * batch's emails): at most `size` items in flight in this process, whichever jobs they came in.
 * Waiters go by priority, lower first as in BullMQ, and first come, first served within one, so a
 * job taken from a fair queue keeps its place ahead of work from busier sources already waiting.
 */
export class Permits {
  private readonly queue: PQueue;

  constructor(readonly size: number) {
    this.queue = new PQueue({ concurrency: size });
  }

  /** Runs `work` holding one permit, waiting for one first when all are taken. */
  run<T>(work: () => Promise<T>, priority = 0): Promise<T> {
    // p-queue runs its highest priority first; BullMQ's, and this class's, lowest.
    return this.queue.add(work, { priority: -priority, throwOnTimeout: true });
  }

  /** Items in flight now. */
  get inUse(): number {
    return this.queue.pending;
  }

  /** Items waiting for a permit now. */
  get waiting(): number {
    return this.queue.size;
  }
}
