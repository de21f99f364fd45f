import type { Queryable } from "../sql.ts";
import { selectTemplateVersion } from "../stores/templates.ts";
import { type RenderedContent, TemplateRenderError, type TemplateSources } from "./engine.ts";
import type { RenderPool } from "./renderPool.ts";

/** What a handoff renders: the email's pinned version, its values and its subject source. */
export interface TemplateToRender {
  workspaceId: string;
  templateId: string;
  version: number;
  variables: Record<string, unknown>;
  subject: string;
}

/**
 * Renders a templated email at its handoff; throws TemplateRenderError when it cannot, RenderBusy
 * (renderPool.ts) when its workspace's render share is spent for now.
 */
export interface TemplateRenderer {
  render(email: TemplateToRender): Promise<RenderedContent>;
}

/**
 * Renders published versions in the pool. Versions never change, so a version's sources are read
 * once per process (the least recently used beyond `maxCached` are dropped) and cost no statement
 * for the next email of the same version; the workers keep them compiled.
 */
export function cachedTemplateRenderer(db: Queryable, pool: RenderPool, options: { maxCached?: number } = {}): TemplateRenderer {
  const maxCached = options.maxCached ?? 500;
  const versions = new Map<string, Promise<TemplateSources>>();
  const load = async (templateId: string, version: number): Promise<TemplateSources> => {
    const row = await selectTemplateVersion(db, templateId, version);
    if (!row) throw new TemplateRenderError(`version ${version} of template ${templateId} no longer exists (the template was deleted)`);
    return { subject: row.subject, html: row.html, text: row.text, layoutHtml: row.layoutHtml };
  };
  return {
    async render(email) {
      const key = `${email.templateId}:${email.version}`;
      let entry = versions.get(key);
      if (entry) {
        versions.delete(key); // re-inserted below: the Map's order is the recency order
      } else {
        entry = load(email.templateId, email.version);
        // A failed load is not kept: a database error now must not fail the version for good.
        entry.catch(() => versions.delete(key));
      }
      versions.set(key, entry);
      if (versions.size > maxCached) versions.delete(versions.keys().next().value!);
      return pool.render({
        workspaceId: email.workspaceId,
        cacheKey: key,
        sources: await entry,
        variables: email.variables,
        subjectSource: email.subject,
      });
    },
  };
}
