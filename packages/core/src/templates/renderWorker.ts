import { CompiledVersions } from "./compiledVersions.ts";
import { type RenderedContent, TemplateRenderError, type TemplateSources } from "./engine.ts";

/**
 * The render pool's worker (renderPool.ts): compiles and renders one template per task, off the
 * event loop of the process that asked. The build emits it beside every app's bundle
 * (infra/scripts/build.ts), so the pool finds it as `renderWorker.js` there and as this file
 * when run from source.
 */

/** One render of a task. */
export interface RenderItem {
  /** Names a published version, whose compiled form is kept here; null for a draft (never kept). */
  cacheKey: string | null;
  sources: TemplateSources;
  variables: Record<string, unknown>;
  subjectSource?: string;
  /** Also answer the variable names the template reads (the dashboard's preview warns of undeclared ones). */
  withUsedVariables?: boolean;
  /** Only parse (a draft being saved): the answer's content is empty. */
  parseOnly?: boolean;
}

/** One workspace's renders, rendered one after the other, each within `budgetMs`. */
export interface RenderTask {
  renders: RenderItem[];
  budgetMs: number;
  /**
   * Two float64s the worker keeps current: when it began the render in hand (`Date.now()`) and
   * its index. The pool's watchdog counts from the first and names the render by the second.
   */
  progress: SharedArrayBuffer;
}

/** Errors do not keep their class across threads: a render's failure is an answer. */
export type RenderAnswer =
  | { ok: true; content: RenderedContent; usedVariables?: string[]; ms: number }
  | { ok: false; error: string; overBudget: boolean; ms: number };

const compiled = new CompiledVersions();

export default function renderInWorker(task: RenderTask): RenderAnswer[] {
  const progress = new Float64Array(task.progress);
  return task.renders.map((item, index) => {
    progress[1] = index;
    progress[0] = Date.now();
    const started = performance.now();
    try {
      const template = compiled.of(item.cacheKey, item.sources);
      if (item.parseOnly) return { ok: true, content: { subject: "", html: "", text: "" }, ms: performance.now() - started };
      const content = template.render(item.variables, item.subjectSource, task.budgetMs);
      const usedVariables = item.withUsedVariables ? template.usedVariables() : undefined;
      return { ok: true, content, ...(usedVariables ? { usedVariables } : {}), ms: performance.now() - started };
    } catch (error) {
      if (error instanceof TemplateRenderError)
        return { ok: false, error: error.message, overBudget: error.overBudget, ms: performance.now() - started };
      throw error;
    }
  });
}
