import type { Queryable } from "../sql.ts";
import { selectTemplateVersion } from "../stores/templates.ts";
import { type CompiledTemplate, compileTemplate, type RenderedContent, TemplateRenderError } from "./engine.ts";

/** What a handoff renders: the email's pinned version, its values and its subject source. */
export interface TemplateToRender {
  templateId: string;
  version: number;
  variables: Record<string, unknown>;
  subject: string;
}

/** Renders a templated email at its handoff; throws TemplateRenderError when it cannot. */
export interface TemplateRenderer {
  render(email: TemplateToRender): Promise<RenderedContent>;
}

/**
 * Renders from published versions, compiling each once per process: versions never change, so
 * a compiled one is kept (the least recently used beyond `maxCached` is dropped) and costs no
 * statement for the next email of the same version.
 */
export function cachedTemplateRenderer(db: Queryable, options: { maxCached?: number } = {}): TemplateRenderer {
  const maxCached = options.maxCached ?? 500;
  const compiled = new Map<string, Promise<CompiledTemplate>>();
  const load = async (templateId: string, version: number): Promise<CompiledTemplate> => {
    const row = await selectTemplateVersion(db, templateId, version);
    if (!row) throw new TemplateRenderError(`version ${version} of template ${templateId} no longer exists (the template was deleted)`);
    return compileTemplate({ subject: row.subject, html: row.html, text: row.text, layoutHtml: row.layoutHtml });
  };
  return {
    async render(email) {
      const key = `${email.templateId}:${email.version}`;
      let entry = compiled.get(key);
      if (entry) {
        compiled.delete(key); // re-inserted below: the Map's order is the recency order
      } else {
        entry = load(email.templateId, email.version);
        // A failed load is not kept: a database error now must not fail the version for good.
        entry.catch(() => compiled.delete(key));
      }
      compiled.set(key, entry);
      if (compiled.size > maxCached) compiled.delete(compiled.keys().next().value!);
      return (await entry).render(email.variables, email.subject);
    },
  };
}
