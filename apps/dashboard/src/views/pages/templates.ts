import {
  type TemplateDiff,
  type TemplatePreview,
  type TemplateSide,
  type TemplateVersionView,
  type TemplateView,
  VARIABLE_TYPES,
  type VariableRow,
  type VariableRowErrors,
  type VariableRowField,
} from "@svc/core";
import { alert, card, csrfField, emptyState, pageHeader, postButton, time } from "../components.ts";
import { html, queryString, type SafeHtml } from "../html.ts";

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

/** What the editor shows: the saved draft, or the form as posted when it comes back with errors. */
export interface EditorState {
  subject: string;
  html: string;
  text: string;
  rows: VariableRow[];
  /** Per row of `rows`. */
  rowErrors: VariableRowErrors[];
}

/** "Send a test": what may be sent, to whom, from where (see core templates/testSend.ts). */
export interface TestSendOptions {
  recipients: string[];
  /** A suggested From on one of the workspace's verified domains; null when it has none. */
  from: string | null;
  perHour: number;
  /** As posted, when the page comes back after a send. */
  chosen?: { side: string; to: string; from: string };
}

export interface TemplateEditorPage {
  template: TemplateView;
  versions: TemplateVersionView[];
  state: EditorState;
  preview: TemplatePreview;
  testSend: TestSendOptions;
  csrf: string;
  canWrite: boolean;
  error?: string;
  /** The email a test send just queued. */
  sentEmailId?: string;
}

const sideLabel = (side: TemplateSide) => (side === "draft" ? "the draft" : `v${side}`);

function fieldError(id: string, message: string | undefined): SafeHtml | false {
  return message !== undefined && html`<span class="field-error error-text" id="${id}">${message}</span>`;
}

function rowInput(n: number, field: VariableRowField, value: string, label: string, errors: VariableRowErrors): SafeHtml {
  const id = `var-${n}-${field}`;
  const error = errors[field];
  return html`<input id="${id}" name="var_${field}" value="${value}" aria-label="${label}" data-template-part${error !== undefined ? html` aria-invalid="true" aria-describedby="${id}-error"` : ""}>${fieldError(`${id}-error`, error)}`;
}

/** One row of the variables panel; `n` numbers the labels from 1. */
function variableRow(row: VariableRow, n: number, errors: VariableRowErrors, canWrite: boolean): SafeHtml {
  const which = row.name || `row ${n}`;
  return html`<tr data-variable-row>
    <td>${rowInput(n, "name", row.name, `Variable ${n} name`, errors)}</td>
    <td><select id="var-${n}-type" name="var_type" aria-label="Variable ${n} type" data-template-part${errors.type !== undefined ? html` aria-invalid="true" aria-describedby="var-${n}-type-error"` : ""}>${VARIABLE_TYPES.map(
      (type) => html`<option value="${type}"${row.type === type ? " selected" : ""}>${type}</option>`,
    )}</select>${fieldError(`var-${n}-type-error`, errors.type)}</td>
    <td><select id="var-${n}-required" name="var_required" aria-label="Variable ${n} required" data-template-part>
      <option value="required"${row.required ? " selected" : ""}>required</option>
      <option value="optional"${row.required ? "" : " selected"}>optional</option>
    </select></td>
    <td>${rowInput(n, "fallback", row.fallback, `Variable ${n} fallback`, errors)}</td>
    <td>${rowInput(n, "sample", row.sample, `Variable ${n} sample`, errors)}</td>
    <td>${canWrite && html`<button type="button" class="btn btn-secondary btn-small js-only" data-remove-variable aria-label="Remove ${which}">Remove</button>`}</td>
  </tr>`;
}

const BLANK_ROW: VariableRow = { name: "", type: "string", required: false, fallback: "", sample: "" };

/**
 * The variables panel: a row per declared variable (name, type, required or its fallback) with
 * its sample value, used by the preview and "Send a test". A value is written as its type: text,
 * a number, true/false, or JSON for a list or an object. A blank row is always last (without
 * JavaScript, fill it in and save to add a variable; clear a row to remove it).
 */
function variablesPanel(state: EditorState, canWrite: boolean): SafeHtml {
  const rows = [...state.rows, BLANK_ROW];
  return html`<fieldset class="variables-panel" data-variables>
    <legend>Variables</legend>
    <p class="muted">A required variable must be given by every send; an optional one falls back to its fallback. Sample values feed the preview and "Send a test". Lists and objects are JSON.</p>
    <div class="table-scroll"><table class="table variables-table">
      <thead><tr><th>Name</th><th>Type</th><th>Required</th><th>Fallback</th><th>Sample value</th><th></th></tr></thead>
      <tbody data-variable-rows>${rows.map((row, i) => variableRow(row, i + 1, state.rowErrors[i] ?? {}, canWrite))}</tbody>
    </table></div>
    ${canWrite && html`<button type="button" class="btn btn-secondary btn-small js-only" data-add-variable>Add variable</button>`}
  </fieldset>`;
}

function testSendFields(page: TemplateEditorPage): SafeHtml {
  const t = page.template;
  const options = page.testSend;
  const chosen = options.chosen ?? { side: "draft", to: options.recipients[0] ?? "", from: options.from ?? "" };
  if (options.recipients.length === 0)
    return html`<p class="muted" data-test-send-unavailable>Test sends go only to this workspace's verified test recipients: <a href="/recipients">add one</a> first.</p>`;
  if (options.from === null)
    return html`<p class="muted" data-test-send-unavailable>Test sends need a verified sending domain: <a href="/domains">add one</a> first.</p>`;
  return html`<p class="muted">Sends the saved draft or a published version with the sample values above, as a test-mode email: only to a verified test recipient, listed under Emails, at most ${options.perHour} an hour.</p>
    <div class="form-row">
      <label for="test-side">Send</label>
      <select id="test-side" name="side">
        <option value="draft"${chosen.side === "draft" ? " selected" : ""}>the saved draft</option>
        ${page.versions.map((v) => html`<option value="${String(v.version)}"${chosen.side === String(v.version) ? " selected" : ""}>v${v.version}${v.version === t.publishedVersion ? " (in force)" : ""}</option>`)}
      </select>
      <label for="test-to">To</label>
      <select id="test-to" name="to">${options.recipients.map((r) => html`<option value="${r}"${chosen.to === r ? " selected" : ""}>${r}</option>`)}</select>
      <label for="test-from">From</label>
      <input id="test-from" name="from" value="${chosen.from}" maxlength="320">
    </div>
    <button class="btn btn-secondary" type="submit" formaction="/templates/${t.id}/test" formnovalidate>Send a test</button>`;
}

function versionHistory(page: TemplateEditorPage): SafeHtml {
  const t = page.template;
  if (page.versions.length === 0) return html`<p class="muted">No version published yet.</p>`;
  const latest = page.versions[0]!.version;
  const sides: Array<[string, string]> = [
    ["draft", "Draft"],
    ...page.versions.map((v): [string, string] => [String(v.version), `v${v.version}`]),
  ];
  const select = (name: string, label: string, selected: string) =>
    html`<label for="diff-${name}">${label}</label><select id="diff-${name}" name="${name}">${sides.map(
      ([value, text]) => html`<option value="${value}"${value === selected ? " selected" : ""}>${text}</option>`,
    )}</select>`;
  return html`<form method="get" action="/templates/${t.id}/diff" class="form-row diff-picker" data-diff-picker>
      ${select("from", "Compare", String(latest))} ${select("to", "with", "draft")}
      <button class="btn btn-secondary btn-small" type="submit">Show changes</button>
    </form>
    <table class="table" data-template-versions>
      <thead><tr><th>Version</th><th>Subject</th><th>Published</th><th></th></tr></thead>
      <tbody>${page.versions.map(
        (v) =>
          html`<tr data-version="${String(v.version)}"><td>v${v.version}</td><td>${v.subject}</td><td>${time(v.publishedAt)}</td><td class="actions">
            ${v.version > 1 && html`<a class="btn btn-secondary btn-small" href="/templates/${t.id}/diff${queryString({ from: v.version - 1, to: v.version })}">Changes from v${v.version - 1}</a>`}
            ${
              page.canWrite &&
              v.version !== t.publishedVersion &&
              postButton({
                action: `/templates/${t.id}/publish`,
                label: `Publish v${v.version} again`,
                csrf: page.csrf,
                tone: "secondary",
                small: true,
                fields: { fromVersion: String(v.version) },
              })
            }</td></tr>`,
      )}</tbody>
    </table>`;
}

/**
 * Variables the template reads that have no row: they render empty, so the preview says which
 * (app.js keeps it current as the draft changes).
 */
function undeclaredWarning(names: string[]): SafeHtml {
  return html`<p class="warning-text" data-preview-undeclared ${names.length > 0 ? "" : "hidden"}>Not declared, so empty in the preview and in every send: <span data-undeclared-names>${names.join(", ")}</span>. Add a row for each, or remove it from the template.</p>`;
}

/**
 * The editor: the draft's parts, the variables panel, the preview (a frame with an empty
 * `sandbox`: no scripts, no forms, its own origin, showing the rendered HTML, refreshed by app.js
 * as the draft changes), "Send a test" and the version history with its diffs. Publishing saves
 * nothing: it publishes the saved draft.
 */
export function templateEditorBody(page: TemplateEditorPage): SafeHtml {
  const t = page.template;
  const preview = page.preview;
  const state = page.state;
  return html`${pageHeader(t.name, { description: html`Alias <code>${t.alias}</code> · ${t.publishedVersion === null ? "not published yet" : `version ${t.publishedVersion} in force`}`, back: { href: "/templates", label: "Templates" } })}
  ${page.error && alert("error", page.error)}
  ${page.sentEmailId && alert("success", html`Test email queued: <a href="/emails/${page.sentEmailId}" data-test-email>see it in Emails</a>.`)}
  <div class="two-column template-editor-columns">
    ${card(
      html`<form method="post" action="/templates/${t.id}" class="form-stack" data-template-editor data-preview-url="/templates/${t.id}/preview">
        ${csrfField(page.csrf)}
        <label for="tpl-subject">Subject</label><input id="tpl-subject" name="subject" required value="${state.subject}" data-template-part>
        <label for="tpl-html">HTML</label><textarea id="tpl-html" name="html" rows="12" data-template-part>${state.html}</textarea>
        <label for="tpl-text">Text (empty: derived from the HTML)</label><textarea id="tpl-text" name="text" rows="5" data-template-part>${state.text}</textarea>
        ${variablesPanel(state, page.canWrite)}
        ${page.canWrite && html`<button class="btn btn-primary" type="submit">Save draft</button>`}
        ${page.canWrite && html`<fieldset class="test-send" data-test-send><legend>Send a test</legend>${testSendFields(page)}</fieldset>`}
      </form>
      ${page.canWrite && postButton({ action: `/templates/${t.id}/publish`, label: "Publish", csrf: page.csrf, tone: "secondary" })}
      <template data-variable-row-template>${variableRow(BLANK_ROW, 0, {}, page.canWrite)}</template>`,
      { title: "Draft" },
    )}
    ${card(
      html`<p data-preview-subject><strong>Subject:</strong> ${"error" in preview ? "" : preview.subject}</p>
      <p class="error-text" data-preview-error ${"error" in preview ? "" : "hidden"}>${"error" in preview ? preview.error : ""}</p>
      ${undeclaredWarning("error" in preview ? [] : preview.undeclared)}
      <iframe sandbox="" title="Preview" data-template-preview class="template-preview" srcdoc="${"error" in preview ? "" : preview.html}"></iframe>`,
      { title: "Preview" },
    )}
  </div>
  ${card(versionHistory(page), { title: "Version history" })}`;
}

const PART_TITLES: Record<string, string> = { subject: "Subject", html: "HTML", text: "Text", variables: "Variables" };
const MARKS = { added: "+", removed: "-", same: " " } as const;

/** A line diff of each part, every line escaped like any other text of the page. */
export function templateDiffBody(page: { template: TemplateView; diff: TemplateDiff; sides: Array<[string, string]> }): SafeHtml {
  const t = page.template;
  const { diff } = page;
  const select = (name: string, label: string, selected: TemplateSide) =>
    html`<label for="diff-${name}">${label}</label><select id="diff-${name}" name="${name}">${page.sides.map(
      ([value, text]) => html`<option value="${value}"${value === String(selected) ? " selected" : ""}>${text}</option>`,
    )}</select>`;
  return html`${pageHeader(`${t.name}: ${sideLabel(diff.from)} → ${sideLabel(diff.to)}`, {
    description: html`Lines removed from ${sideLabel(diff.from)} are marked −, lines added in ${sideLabel(diff.to)} +.`,
    back: { href: `/templates/${t.id}`, label: t.name },
  })}
  ${card(
    html`<form method="get" action="/templates/${t.id}/diff" class="form-row diff-picker">
      ${select("from", "Compare", diff.from)} ${select("to", "with", diff.to)}
      <button class="btn btn-secondary btn-small" type="submit">Show changes</button>
    </form>`,
  )}
  ${diff.parts.map((part) =>
    card(
      !part.changed
        ? html`<p class="muted" data-diff-unchanged>No changes.</p>`
        : part.lines === null
          ? html`<p class="muted">Too different to compare line by line.</p>`
          : html`<pre class="diff" data-diff-part="${part.part}">${part.lines.map((line) =>
              line.kind === "skipped"
                ? html`<span class="diff-line diff-skipped">… ${line.count} unchanged line${line.count === 1 ? "" : "s"}</span>`
                : html`<span class="diff-line diff-${line.kind}" data-diff-line="${line.kind}"><span class="diff-mark" aria-hidden="true">${MARKS[line.kind]}</span><span class="sr-only">${line.kind === "same" ? "" : `${line.kind}: `}</span>${line.text}</span>`,
            )}</pre>`,
      { title: PART_TITLES[part.part] ?? part.part, ...(part.changed ? {} : { description: "unchanged" }) },
    ),
  )}`;
}
