import { CompiledVersions } from "./compiledVersions.ts";
import { compileTemplate, type RenderBounds, type RenderedContent, TemplateRenderError } from "./engine.ts";
import { RenderOverruns } from "./renderOverruns.ts";
import type { RenderItem } from "./renderWorker.ts";

/**
 * Renders on the calling thread (the event loop) those renders that are provably short, so that
 * they skip the pool's thread hop; renderPool.ts sends every other render, and every attempt
 * abandoned here, to its workers. What keeps the event loop safe:
 * - only published versions (drafts are new code every time) whose sources are small, so that
 *   their one compile is cheap;
 * - a render budget of INLINE_BUDGET_MS (LiquidJS's `renderLimit`) and a memory limit well under a
 *   worker's (LiquidJS checks the time between tags, not inside one filter call; the memory limit
 *   caps what one call can do);
 * - the HTML-to-text conversion, which nothing interrupts, only of HTML small enough to be quick;
 * - a version that went past a memory or size bound is rendered in the pool for `poolOnlyMs`; one
 *   that went past the time budget only once it did so `overrunsInARow` times with no inline render
 *   of it finishing in between (the budget is wall time: on a busy machine, a cheap render is
 *   sometimes preempted past it, and one such render must not send every later one to the pool);
 * - inline renders take at most a share of the loop's time, and a bounded burst back to back;
 *   past it, renders go to the pool until the allowance refills.
 * An abandoned attempt is not the email's failure: the pool renders it again with its full budget.
 */
export const INLINE_BUDGET_MS = 5;

export const INLINE_LIMITS = {
  budgetMs: INLINE_BUDGET_MS,
  /** Subject, HTML, text and layout sources together (UTF-16 units), and a subject override. */
  maxSourceLength: 16 * 1024,
  bounds: { memory: 1_000_000, maxConvertedHtmlBytes: 32 * 1024 } satisfies RenderBounds,
  /** Inline renders past the time budget, back to back, that make a version pool-only. */
  overrunsInARow: 3,
  /** Versions remembered as pool-only (the least recently marked beyond it get one more attempt)… */
  maxPoolOnly: 10_000,
  /** …and for how long. */
  poolOnlyMs: 600_000,
  /** Compiled versions kept on the event loop, as many as a worker keeps. */
  maxCompiled: 200,
  /** The share of the event loop's time inline renders may take over a while… */
  loopShare: 0.5,
  /** …and the most they may take back to back (ms). */
  loopBurstMs: 50,
};

export type InlineOutcome =
  | { kind: "rendered"; content: RenderedContent & { usedVariables?: string[] }; ms: number }
  /** The template's own failure (not its time): the pool would fail it with the same message. */
  | { kind: "failed"; error: TemplateRenderError; ms: number }
  /** Went past an inline bound: render it in the pool. */
  | { kind: "abandoned"; ms: number };

export class InlineRenders {
  private readonly compiled: CompiledVersions;
  /** Pool-only versions and when their mark ends. */
  private readonly poolOnly = new Map<string, number>();
  /** Versions whose inline renders ran past the time budget, and whether enough did to send them to the pool. */
  private readonly overruns: RenderOverruns;
  private allowanceMs: number;
  private allowanceAt = performance.now();
  private warmed = false;

  constructor(private readonly limits = INLINE_LIMITS) {
    this.compiled = new CompiledVersions(limits.maxCompiled);
    this.allowanceMs = limits.loopBurstMs;
    this.overruns = new RenderOverruns({ inARow: limits.overrunsInARow, holdMs: limits.poolOnlyMs, maxVersions: limits.maxPoolOnly });
  }

  /** Renders `item` here when it may be; null when it is one for the pool. */
  attempt(item: RenderItem): InlineOutcome | null {
    const cacheKey = item.cacheKey;
    if (cacheKey === null || item.parseOnly || this.isPoolOnly(cacheKey)) return null;
    if (sourceLength(item) > this.limits.maxSourceLength || this.allowance() <= 0) return null;
    if (!this.warmed) warmUp();
    this.warmed = true;
    const started = performance.now();
    let outcome: InlineOutcome;
    try {
      const template = this.compiled.of(cacheKey, item.sources);
      const content = template.render(item.variables, item.subjectSource, this.limits.budgetMs, this.limits.bounds);
      const usedVariables = item.withUsedVariables ? template.usedVariables() : undefined;
      outcome = { kind: "rendered", content: usedVariables ? { ...content, usedVariables } : content, ms: 0 };
      this.overruns.record(cacheKey, false);
    } catch (error) {
      // Anything but the template's own failure (its time, OutsideRenderBounds, an error a
      // worker's larger stack or heap might not meet) is the pool's to decide.
      const overBudget = error instanceof TemplateRenderError && error.overBudget;
      outcome = error instanceof TemplateRenderError && !overBudget ? { kind: "failed", error, ms: 0 } : { kind: "abandoned", ms: 0 };
      if (overBudget) this.overruns.record(cacheKey, true);
      else if (outcome.kind === "abandoned") this.markPoolOnly(cacheKey);
    }
    outcome.ms = performance.now() - started;
    this.allowanceMs -= outcome.ms;
    return outcome;
  }

  private isPoolOnly(cacheKey: string): boolean {
    if (this.overruns.heldUntil(cacheKey) !== null) return true;
    const until = this.poolOnly.get(cacheKey);
    if (until === undefined) return false;
    if (until > performance.now()) return true;
    this.poolOnly.delete(cacheKey);
    return false;
  }

  private markPoolOnly(cacheKey: string): void {
    this.poolOnly.delete(cacheKey); // re-inserted: the Map's order is the order of marking
    this.poolOnly.set(cacheKey, performance.now() + this.limits.poolOnlyMs);
    if (this.poolOnly.size > this.limits.maxPoolOnly) this.poolOnly.delete(this.poolOnly.keys().next().value!);
  }

  /** The loop time inline renders may take now (ms), refilled at `loopShare` of the time passed. */
  private allowance(): number {
    const now = performance.now();
    this.allowanceMs = Math.min(this.limits.loopBurstMs, this.allowanceMs + (now - this.allowanceAt) * this.limits.loopShare);
    this.allowanceAt = now;
    return this.allowanceMs;
  }
}

/**
 * Runs the engine and the text conversion once, outside any budget: their first run in a process
 * (cold code, the parser's tables) takes longer than INLINE_BUDGET_MS, and would otherwise make
 * the first version rendered here pool-only for no fault of its own.
 */
function warmUp(): void {
  compileTemplate({ subject: "{{ a }}", html: "<p>{{ a }}</p>", text: null, layoutHtml: "<div>{{ content }}</div>" }).render({ a: "a" });
}

function sourceLength({ sources, subjectSource }: RenderItem): number {
  const parts = [sources.subject, sources.html, sources.text, sources.layoutHtml, subjectSource];
  return parts.reduce((total, part) => total + (part?.length ?? 0), 0);
}
