import { type CompiledTemplate, compileTemplate, type TemplateSources } from "./engine.ts";

/**
 * Published versions' compiled forms, kept by each thread that renders them (every render worker,
 * and the event loop for inline renders): a version never changes, so it is parsed once per thread.
 * The least recently used beyond `max` are dropped, so a process holds a bounded number of them.
 */
export class CompiledVersions {
  private readonly kept = new Map<string, CompiledTemplate>();

  constructor(private readonly max = 200) {}

  /** `cacheKey` names a published version; null (a draft) is compiled each time, never kept. */
  of(cacheKey: string | null, sources: TemplateSources): CompiledTemplate {
    if (cacheKey === null) return compileTemplate(sources);
    const kept = this.kept.get(cacheKey);
    if (kept) {
      this.kept.delete(cacheKey); // re-inserted below: the Map's order is the recency order
      this.kept.set(cacheKey, kept);
      return kept;
    }
    const fresh = compileTemplate(sources);
    this.kept.set(cacheKey, fresh);
    if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    return fresh;
  }
}
