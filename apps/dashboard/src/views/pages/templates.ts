import type { RenderedContent, TemplateVersionView, TemplateView } from "@svc/core";
import { alert, card, csrfField, emptyState, pageHeader, postButton, time } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";

export interface TemplatesPage {
  templates: TemplateView[];
  csrf: string;
  canWrite: boolean;
  form?: { name?: string; alias?: string; error?: string };
}

export function templatesBody(page: TemplatesPage): SafeHtml {
  const form = page.form ?? {};
  return html`${pageHeader("Templates", { description: "Emails kept on the server: send them with template: {alias, variables} in place of html and text." })}
  ${
    page.canWrite &&
    card(
      html`${form.error && alert("error", form.error)}
    <form method="post" action="/templates" class="form-stack">
      ${csrfField(page.csrf)}
      <label>Name <input name="name" required maxlength="200" value="${form.name ?? ""}"></label>
      <label>Alias <input name="alias" required maxlength="100" pattern="[a-z0-9][a-z0-9_\\-]*" value="${form.alias ?? ""}"></label>
      <button class="btn btn-primary" type="submit">Create template</button>
    </form>`,
      { title: "New template" },
    )
  }
  ${card(
    page.templates.length === 0
      ? emptyState("No templates yet", "Create one to edit it with a live preview.")
      : html`<table class="table" data-templates>
          <thead><tr><th>Name</th><th>Alias</th><th>Version in force</th><th>Updated</th></tr></thead>
          <tbody>${page.templates.map(
            (t) =>
              html`<tr><td><a href="/templates/${t.id}">${t.name}</a></td><td><code>${t.alias}</code></td><td>${t.publishedVersion === null ? "draft only" : `v${t.publishedVersion}`}</td><td>${time(t.updatedAt, "relative")}</td></tr>`,
          )}</tbody>
        </table>`,
  )}`;
}

export interface TemplateEditorPage {
  template: TemplateView;
  versions: TemplateVersionView[];
  sample: string;
  preview: RenderedContent | { error: string };
  csrf: string;
  canWrite: boolean;
  error?: string;
}

/**
 * The editor: the draft's parts, the variables (JSON) and sample data; the preview is a frame
 * with an empty `sandbox` (no scripts, no forms, its own origin) showing the rendered HTML,
 * refreshed by app.js as the draft changes. Publishing saves nothing: it publishes the saved draft.
 */
export function templateEditorBody(page: TemplateEditorPage): SafeHtml {
  const t = page.template;
  const preview = page.preview;
  return html`${pageHeader(t.name, { description: html`Alias <code>${t.alias}</code> · ${t.publishedVersion === null ? "not published yet" : `version ${t.publishedVersion} in force`}`, back: { href: "/templates", label: "Templates" } })}
  ${page.error && alert("error", page.error)}
  <div class="two-column">
    ${card(
      html`<form method="post" action="/templates/${t.id}" class="form-stack" data-template-editor data-preview-url="/templates/${t.id}/preview">
        ${csrfField(page.csrf)}
        <label for="tpl-subject">Subject</label><input id="tpl-subject" name="subject" required value="${t.draft.subject}" data-template-part>
        <label for="tpl-html">HTML</label><textarea id="tpl-html" name="html" rows="12" data-template-part>${t.draft.html}</textarea>
        <label for="tpl-text">Text (empty: derived from the HTML)</label><textarea id="tpl-text" name="text" rows="5" data-template-part>${t.draft.text ?? ""}</textarea>
        <label for="tpl-variables">Variables (JSON: [{"name", "type", "fallback"?}])</label><textarea id="tpl-variables" name="variables" rows="5">${JSON.stringify(t.draft.variables, null, 2)}</textarea>
        <label for="tpl-sample">Sample data for the preview (JSON)</label><textarea id="tpl-sample" name="sample" rows="5" data-template-part>${page.sample}</textarea>
        ${page.canWrite && html`<button class="btn btn-primary" type="submit">Save draft</button>`}
      </form>
      ${page.canWrite && postButton({ action: `/templates/${t.id}/publish`, label: "Publish", csrf: page.csrf, tone: "secondary" })}`,
      { title: "Draft" },
    )}
    ${card(
      html`<p data-preview-subject><strong>Subject:</strong> ${"error" in preview ? "" : preview.subject}</p>
      <p class="error-text" data-preview-error ${"error" in preview ? "" : "hidden"}>${"error" in preview ? preview.error : ""}</p>
      <iframe sandbox="" title="Preview" data-template-preview class="template-preview" srcdoc="${"error" in preview ? "" : preview.html}"></iframe>`,
      { title: "Preview" },
    )}
  </div>
  ${card(
    page.versions.length === 0
      ? html`<p class="muted">No version published yet.</p>`
      : html`<table class="table" data-template-versions>
          <thead><tr><th>Version</th><th>Subject</th><th>Published</th><th></th></tr></thead>
          <tbody>${page.versions.map(
            (v) =>
              html`<tr><td>v${v.version}</td><td>${v.subject}</td><td>${time(v.publishedAt)}</td><td>${
                page.canWrite && v.version !== t.publishedVersion
                  ? postButton({
                      action: `/templates/${t.id}/publish`,
                      label: `Publish v${v.version} again`,
                      csrf: page.csrf,
                      tone: "secondary",
                      small: true,
                      fields: { fromVersion: String(v.version) },
                    })
                  : ""
              }</td></tr>`,
          )}</tbody>
        </table>`,
    { title: "Version history" },
  )}`;
}
