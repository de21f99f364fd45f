import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Logger } from "@svc/logger";
import { Tinypool } from "tinypool";
import { type RenderedContent, TEMPLATE_LIMITS, TemplateRenderError, type TemplateSources } from "./engine.ts";
import { INLINE_LIMITS, InlineRenders } from "./inlineRenders.ts";
import { RenderOverruns } from "./renderOverruns.ts";
import type { RenderAnswer, RenderItem, RenderTask } from "./renderWorker.ts";

/**
 * Every template render of a process (the sender's handoffs, the API's render endpoint, the
 * dashboard's preview and test sends) runs here: a tenant's template is code of unknown cost, and
 * on the event loop one slow render would stall every other workspace's sends and requests. So a
 * render runs in worker threads, unless InlineRenders (inlineRenders.ts) can prove it short: a
 * small published version, tried on the event loop under a budget of a few ms and tight memory and
 * output bounds. An attempt that goes past them is abandoned and rendered here with the full
 * budget, and that version is not tried inline again for a while; the thread hop costs more CPU than a
 * typical email's whole render, which is why the inline path exists at all.
 *
 * Bounds:
 * - a render's budget (`budgetMs`): LiquidJS stops a render past it; a render the worker does not
 *   end itself (the HTML-to-text conversion, a long parse) is stopped by terminating its worker
 *   shortly after. Either way it fails as a TemplateRenderError, never retried: time it took is
 *   time it would take again.
 * - a workspace's share: at most `workspaceConcurrency` of its renders run at once (so with more
 *   threads than that, another workspace always finds one); it has `workspaceCpuMsPerMinute` of
 *   worker time a minute (a bucket refilled continuously), and a workspace whose bucket is empty,
 *   or whose queued renders would wait longer than `workspaceMaxWaitMs` at its recent pace, is
 *   answered RenderBusy at once rather than queued: the sender defers such an email, the API
 *   answers 429.
 * - a published version that keeps running past its budget (RenderOverruns) fails at once for a
 *   while, without taking a thread or its workspace's share.
 * Inline renders obey the same rules: a held version fails at once, a workspace over its share is
 * refused, and their time (an abandoned attempt's too) is charged to its share.
 */
export interface RenderPoolOptions {
  threads: number;
  budgetMs: number;
  workspaceConcurrency: number;
  workspaceCpuMsPerMinute: number;
  workspaceMaxWaitMs: number;
}

export const RENDER_POOL_DEFAULTS: RenderPoolOptions = {
  threads: 2,
  budgetMs: TEMPLATE_LIMITS.renderMs,
  workspaceConcurrency: 1,
  workspaceCpuMsPerMinute: 10_000,
  workspaceMaxWaitMs: 2_000,
};

/** A workspace's renders one task to a worker carries at most (see batchSizeOf). */
const BATCH_MAX = 32;
/** Renders one workspace may have waiting, whatever their pace. */
const MAX_WAITING_PER_WORKSPACE = 1_000;
/** A worker's heap: past it the worker is ended and its render fails. */
const WORKER_HEAP_MB = 256;

/** The workspace's render share is spent for now; nothing was rendered. */
export class RenderBusy extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = "RenderBusy";
  }
}

/** One render, on behalf of a workspace (whose share of the pool it takes). */
export interface RenderRequest extends RenderItem {
  workspaceId: string;
}

/** Renders answered since the pool was made, by where they ran (for metrics and tests). */
export interface RenderCounts {
  /** Answered on the event loop (rendered, or failed on the template's own error). */
  inline: number;
  /** Inline attempts abandoned for the pool. */
  abandoned: number;
  /** Answered by a worker. */
  pooled: number;
}

export interface RenderPool {
  /** Throws TemplateRenderError when the template does not render, RenderBusy when its workspace must wait. */
  render(request: RenderRequest): Promise<RenderedContent & { usedVariables?: string[] }>;
  /**
   * Parses a draft's sources as a render would (a parse of a large source is work of unknown cost
   * too); throws TemplateRenderError naming the part that does not parse, RenderBusy as render.
   */
  check(workspaceId: string, sources: TemplateSources): Promise<void>;
  counts(): RenderCounts;
  /** Starts the threads now (each loads the worker as it starts) rather than at the first render. */
  start(): void;
  close(): Promise<void>;
}

interface Waiter {
  request: RenderRequest;
  resolve: (content: RenderedContent & { usedVariables?: string[] }) => void;
  reject: (error: unknown) => void;
}

class WorkspaceShare {
  running = 0;
  readonly waiting: Waiter[] = [];
  /** The recent pace of this workspace's renders (ms each); null until one has run. */
  paceMs: number | null = null;
  private balanceMs: number;
  private balanceAt = Date.now();

  constructor(private readonly perMinute: number) {
    this.balanceMs = perMinute;
  }

  private refill(): void {
    const now = Date.now();
    this.balanceMs = Math.min(this.perMinute, this.balanceMs + ((now - this.balanceAt) * this.perMinute) / 60_000);
    this.balanceAt = now;
  }

  spend(ms: number): void {
    this.refill();
    this.balanceMs -= ms;
    this.paceMs = this.paceMs === null ? ms : (this.paceMs + ms) / 2;
  }

  /** Ms until the bucket holds time again; 0 when it does. */
  emptyForMs(): number {
    this.refill();
    return this.balanceMs > 0 ? 0 : Math.ceil((-this.balanceMs * 60_000) / this.perMinute) + 1;
  }

  /** Nothing to remember: no render running or waiting, and a full bucket. */
  idle(): boolean {
    this.refill();
    return this.running === 0 && this.waiting.length === 0 && this.balanceMs >= this.perMinute;
  }
}

/** The worker: beside the bundle that loads this module (`pnpm build`), else its source through tsx. */
function workerScript(): string {
  const bundled = new URL("./renderWorker.js", import.meta.url);
  return existsSync(fileURLToPath(bundled)) ? bundled.href : new URL("./renderWorkerFromSource.mjs", import.meta.url).href;
}

/** `log` hears of a worker that failed outside a render (one that failed in a render fails that render). */
export function createRenderPool(
  options: Partial<RenderPoolOptions> & { inline?: Partial<typeof INLINE_LIMITS> } = {},
  log?: Logger,
): RenderPool {
  const settings = { ...RENDER_POOL_DEFAULTS, ...options };
  const graceMs = Math.max(250, settings.budgetMs / 2);
  /**
   * How many of a workspace's renders one task carries: as many as its recent pace renders within
   * the time its renders may wait (so a batch of slow ones holds its thread no longer), one until
   * it has a pace, BATCH_MAX at most.
   */
  const batchSizeOf = (share: WorkspaceShare): number =>
    share.paceMs === null ? 1 : Math.max(1, Math.min(BATCH_MAX, Math.floor(settings.workspaceMaxWaitMs / Math.max(share.paceMs, 1))));
  let pool: Tinypool | null = null;
  let closed = false;
  let running = 0;
  /** Waiting renders of every workspace, oldest first. */
  const queue: Array<{ share: WorkspaceShare; waiter: Waiter }> = [];
  const shares = new Map<string, WorkspaceShare>();
  const overruns = new RenderOverruns();
  const inline = new InlineRenders({ ...INLINE_LIMITS, ...options.inline });
  const counts: RenderCounts = { inline: 0, abandoned: 0, pooled: 0 };

  // Workers start with the first render (or start()): a process that never renders spends no thread on it.
  const poolOf = (): Tinypool => {
    if (pool) return pool;
    pool = new Tinypool({
      filename: workerScript(),
      minThreads: settings.threads,
      maxThreads: settings.threads,
      idleTimeout: 2_147_483_647,
      // Waiting on a message costs less CPU per render than spinning on Atomics between tasks.
      useAtomics: false,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    // Unheard, such an error would end the process; the pool starts another worker.
    pool.on("error", (error: unknown) => log?.error({ err: error }, "a template render worker failed"));
    return pool;
  };

  const shareOf = (workspaceId: string): WorkspaceShare => {
    let share = shares.get(workspaceId);
    if (!share) {
      share = new WorkspaceShare(settings.workspaceCpuMsPerMinute);
      shares.set(workspaceId, share);
    }
    return share;
  };

  /** Why a render of a version that keeps running past its budget fails without running, if it does. */
  const heldRefusal = (request: RenderRequest): TemplateRenderError | null => {
    const heldUntil = request.cacheKey === null ? null : overruns.heldUntil(request.cacheKey);
    if (!heldUntil) return null;
    return new TemplateRenderError(
      `this template version ran past its render budget of ${settings.budgetMs} ms on its last renders; its renders fail without running until ${heldUntil.toISOString()}`,
      true,
    );
  };

  /** Why the workspace's renders (its waiting ones and `extra` more) must not wait, if they must not. */
  const busy = (share: WorkspaceShare, extra: number): RenderBusy | null => {
    const emptyFor = share.emptyForMs();
    if (emptyFor > 0)
      return new RenderBusy(
        `This workspace's templates used their render time (${settings.workspaceCpuMsPerMinute} ms a minute); try again later.`,
        emptyFor,
      );
    const waiting = share.waiting.length + extra;
    const expectedWaitMs = (waiting * (share.paceMs ?? 0)) / settings.workspaceConcurrency;
    if (expectedWaitMs > settings.workspaceMaxWaitMs || waiting > MAX_WAITING_PER_WORKSPACE)
      return new RenderBusy(
        "This workspace's templates already have renders waiting; try again in a moment.",
        Math.ceil(expectedWaitMs) + 1,
      );
    return null;
  };

  /**
   * Starts the oldest waiting renders whose workspace is under its share, while threads are free:
   * a workspace's waiting renders go together (batchSizeOf) in one task, so that a round trip
   * to a worker is paid once for many small renders.
   */
  const dispatch = (): void => {
    for (let n = 0; n < queue.length && running < settings.threads; ) {
      const { share } = queue[n]!;
      if (share.running >= settings.workspaceConcurrency) {
        n++;
        continue;
      }
      const taken = share.waiting.splice(0, batchSizeOf(share));
      const takenSet = new Set(taken);
      for (let i = queue.length - 1; i >= 0; i--) if (takenSet.has(queue[i]!.waiter)) queue.splice(i, 1);
      // Renders of a version held while they waited fail now, without taking the thread.
      const batch = taken.filter((waiter) => {
        const held = heldRefusal(waiter.request);
        if (held) waiter.reject(held);
        return !held;
      });
      if (batch.length > 0) startBatch(share, batch);
    }
  };

  /** After a render, a workspace over its share has its waiting renders refused rather than kept. */
  const trim = (share: WorkspaceShare): void => {
    for (let refusal = busy(share, 0); refusal && share.waiting.length > 0; refusal = busy(share, 0)) {
      const waiter = share.waiting.pop()!;
      queue.splice(
        queue.findIndex((entry) => entry.waiter === waiter),
        1,
      );
      waiter.reject(refusal);
    }
  };

  const startBatch = (share: WorkspaceShare, batch: Waiter[]): void => {
    running++;
    share.running++;
    void runBatch(share, batch).finally(() => {
      running--;
      share.running--;
      trim(share);
      const workspaceId = batch[0]!.request.workspaceId;
      if (share.idle() && shares.get(workspaceId) === share) shares.delete(workspaceId);
      dispatch();
    });
  };

  const runBatch = async (share: WorkspaceShare, batch: Waiter[]): Promise<void> => {
    const progress = new SharedArrayBuffer(16);
    const task: RenderTask = { renders: batch.map((waiter) => waiter.request), budgetMs: settings.budgetMs, progress };
    const abort = new AbortController();
    const current = new Float64Array(progress);
    let watchdog: NodeJS.Timeout;
    // From the moment the worker began the render in hand (not while a new worker starts) to budget + grace.
    const watch = (ms: number) => {
      watchdog = setTimeout(() => {
        const from = current[0]!;
        if (from === 0) return watch(50);
        const left = from + settings.budgetMs + graceMs - Date.now();
        if (left > 0) return watch(left);
        abort.abort();
      }, ms);
    };
    watch(settings.budgetMs + graceMs);
    try {
      const answers = (await poolOf().run(task, { signal: abort.signal })) as RenderAnswer[];
      answers.forEach((answer, n) => {
        share.spend(answer.ms);
        counts.pooled++;
        const waiter = batch[n]!;
        const overBudget = !answer.ok && answer.overBudget;
        if (waiter.request.cacheKey !== null) overruns.record(waiter.request.cacheKey, overBudget);
        if (!answer.ok) waiter.reject(new TemplateRenderError(answer.error, overBudget));
        else waiter.resolve(answer.usedVariables ? { ...answer.content, usedVariables: answer.usedVariables } : answer.content);
      });
    } catch (error) {
      const stopped = abort.signal.aborted
        ? `the render took longer than its budget of ${settings.budgetMs} ms and was stopped`
        : (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY"
          ? `the render used more than ${WORKER_HEAP_MB} MB and was stopped`
          : null;
      if (stopped === null) {
        for (const waiter of batch) waiter.reject(error);
        return;
      }
      // The render in hand fails; the others of the batch (their answers went with the worker) wait again, first.
      share.spend(settings.budgetMs + graceMs);
      const failed = Math.min(current[1]!, batch.length - 1);
      const cacheKey = batch[failed]!.request.cacheKey;
      if (cacheKey !== null) overruns.record(cacheKey, true);
      batch[failed]!.reject(new TemplateRenderError(stopped, true));
      const again = batch.filter((_, n) => n !== failed);
      share.waiting.unshift(...again);
      queue.unshift(...again.map((waiter) => ({ share, waiter })));
    } finally {
      clearTimeout(watchdog!);
    }
  };

  return {
    render(request) {
      if (closed) return Promise.reject(new Error("the render pool is closed"));
      if (shares.size > 1_000) for (const [id, kept] of shares) if (kept.idle()) shares.delete(id);
      const held = heldRefusal(request);
      if (held) return Promise.reject(held);
      const share = shareOf(request.workspaceId);
      const refusal = busy(share, 1);
      if (refusal) return Promise.reject(refusal);
      const attempt = inline.attempt(request);
      if (attempt) share.spend(attempt.ms);
      if (attempt?.kind === "abandoned") counts.abandoned++;
      else if (attempt) {
        counts.inline++;
        if (request.cacheKey !== null) overruns.record(request.cacheKey, false);
        return attempt.kind === "rendered" ? Promise.resolve(attempt.content) : Promise.reject(attempt.error);
      }
      return new Promise<RenderedContent & { usedVariables?: string[] }>((resolve, reject) => {
        const waiter: Waiter = { request, resolve, reject };
        share.waiting.push(waiter);
        queue.push({ share, waiter });
        dispatch();
      });
    },
    async check(workspaceId, sources) {
      await this.render({ workspaceId, cacheKey: null, sources, variables: {}, parseOnly: true });
    },
    counts() {
      return { ...counts };
    },
    start() {
      if (!closed) poolOf();
    },
    async close() {
      closed = true;
      for (const { waiter } of queue.splice(0)) waiter.reject(new RenderBusy("the render pool is closing", 1_000));
      await pool?.destroy();
    },
  };
}
