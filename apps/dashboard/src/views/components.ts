import { formatDateTime, formatRelative } from "./format.ts";
import { html, type Renderable, raw, type SafeHtml } from "./html.ts";

/** Small, consistent building blocks. Pages compose these; none of them touches data. */

export function pageHeader(
  title: string,
  options: { description?: Renderable; actions?: Renderable; back?: { href: string; label: string } } = {},
): SafeHtml {
  return html`<header class="page-header">
    <div>
      ${options.back && html`<a class="back-link" href="${options.back.href}">← ${options.back.label}</a>`}
      <h1>${title}</h1>
      ${options.description && html`<p class="page-description">${options.description}</p>`}
    </div>
    ${options.actions && html`<div class="page-actions">${options.actions}</div>`}
  </header>`;
}

export function card(
  body: Renderable,
  options: { title?: string; description?: Renderable; actions?: Renderable; id?: string; tone?: "danger" | "success" } = {},
): SafeHtml {
  return html`<section class="card${options.tone ? ` card-${options.tone}` : ""}"${options.id ? raw(` id="${options.id}"`) : ""}>
    ${(options.title || options.actions) && html`<div class="card-header"><div>${options.title && html`<h2>${options.title}</h2>`}${options.description && html`<p class="muted">${options.description}</p>`}</div>${options.actions}</div>`}
    ${body}
  </section>`;
}

export function emptyState(title: string, text: Renderable, action?: Renderable): SafeHtml {
  return html`<div class="empty-state" role="status">
    <div class="empty-icon" aria-hidden="true">${raw('<svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" stroke-width="1.6"><rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 7l9 6 9-6"/></svg>')}</div>
    <h3>${title}</h3>
    <p>${text}</p>
    ${action}
  </div>`;
}

export type AlertTone = "info" | "success" | "error" | "warning";

export function alert(tone: AlertTone, body: Renderable, title?: string): SafeHtml {
  const role = tone === "error" ? "alert" : "status";
  return html`<div class="alert alert-${tone}" role="${role}">${title && html`<strong>${title}</strong> `}${body}</div>`;
}

const STATUS_TONES: Record<string, string> = {
  ok: "success",
  warning: "warning",
  queued: "neutral",
  sending: "neutral",
  pending: "warning",
  sent: "info",
  delivery_delayed: "warning",
  delivered: "success",
  verified: "success",
  succeeded: "success",
  active: "success",
  opened: "info",
  clicked: "info",
  complained: "danger",
  bounced: "danger",
  rejected: "danger",
  rendering_failed: "danger",
  failed: "danger",
  revoked: "neutral",
  inactive: "neutral",
  owner: "info",
  admin: "info",
  viewer: "neutral",
  live: "success",
  test: "warning",
};

export function badge(value: string, label?: string): SafeHtml {
  return html`<span class="badge badge-${STATUS_TONES[value] ?? "neutral"}">${label ?? value.replace(/_/g, " ")}</span>`;
}

export function time(value: Date | string | null | undefined, style: "absolute" | "relative" = "absolute"): SafeHtml {
  if (!value) return html`<span class="muted">—</span>`;
  const iso = typeof value === "string" ? value : value.toISOString();
  return html`<time datetime="${iso}" title="${formatDateTime(iso)}">${style === "relative" ? formatRelative(iso) : formatDateTime(iso)}</time>`;
}

/** The CSRF field every state-changing form carries (checked on the server in constant time). */
export function csrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${token}">`;
}

export interface FieldOptions {
  label: string;
  name: string;
  type?: string;
  value?: string;
  placeholder?: string;
  help?: Renderable;
  required?: boolean;
  autocomplete?: string;
  autofocus?: boolean;
  maxlength?: number;
  minlength?: number;
  inputmode?: string;
  /** The input's id when the page has two fields of one name (else `f-<name>`). */
  id?: string;
}

export function field(options: FieldOptions): SafeHtml {
  const id = options.id ?? `f-${options.name}`;
  return html`<div class="field">
    <label for="${id}">${options.label}</label>
    <input id="${id}" name="${options.name}" type="${options.type ?? "text"}"${options.value !== undefined ? html` value="${options.value}"` : ""}${
      options.placeholder ? html` placeholder="${options.placeholder}"` : ""
    }${options.required ? raw(" required") : ""}${options.autocomplete ? html` autocomplete="${options.autocomplete}"` : ""}${options.autofocus ? raw(" autofocus") : ""}${
      options.maxlength ? html` maxlength="${options.maxlength}"` : ""
    }${options.minlength ? html` minlength="${options.minlength}"` : ""}${options.inputmode ? html` inputmode="${options.inputmode}"` : ""}${options.help ? html` aria-describedby="${id}-help"` : ""}>
    ${options.help && html`<p class="help" id="${id}-help">${options.help}</p>`}
  </div>`;
}

export function selectField(options: {
  label: string;
  name: string;
  value?: string;
  choices: Array<{ value: string; label: string }>;
  help?: Renderable;
}): SafeHtml {
  const id = `f-${options.name}`;
  return html`<div class="field">
    <label for="${id}">${options.label}</label>
    <select id="${id}" name="${options.name}">
      ${options.choices.map((choice) => html`<option value="${choice.value}"${choice.value === options.value ? raw(" selected") : ""}>${choice.label}</option>`)}
    </select>
    ${options.help && html`<p class="help">${options.help}</p>`}
  </div>`;
}

/** A one-time secret with a copy button (progressive: without JS the value is selectable text). */
export function secretReveal(label: string, value: string, id: string): SafeHtml {
  return html`<div class="secret-reveal">
    <label for="${id}">${label}</label>
    <div class="copy-row">
      <input id="${id}" class="mono secret-value" type="text" value="${value}" readonly spellcheck="false" autocomplete="off">
      <button type="button" class="btn btn-secondary" data-copy="#${id}" aria-label="Copy ${label.toLowerCase()} to clipboard">Copy</button>
    </div>
  </div>`;
}

/**
 * A destructive action: a link to a confirmation page, which JS upgrades into an in-page
 * dialog posting the same form. Without JS the page still asks before anything changes.
 */
export function confirmAction(options: {
  href: string;
  label: string;
  question: string;
  confirmLabel: string;
  csrf: string;
  tone?: "danger" | "secondary";
  small?: boolean;
}): SafeHtml {
  return html`<a class="btn${options.small === false ? "" : " btn-small"} btn-${options.tone ?? "danger"}-outline" href="${options.href}" data-confirm="${options.question}" data-confirm-label="${options.confirmLabel}" data-csrf="${options.csrf}">${options.label}</a>`;
}

/** A small inline POST form with a single button. */
export function postButton(options: {
  action: string;
  label: string;
  csrf: string;
  tone?: "primary" | "secondary" | "danger";
  small?: boolean;
  fields?: Record<string, string>;
}): SafeHtml {
  return html`<form method="post" action="${options.action}" class="inline-form">
    ${csrfField(options.csrf)}
    ${Object.entries(options.fields ?? {}).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
    <button type="submit" class="btn btn-${options.tone ?? "secondary"}${options.small === false ? "" : " btn-small"}">${options.label}</button>
  </form>`;
}

export function keyValueList(rows: Array<[string, Renderable]>): SafeHtml {
  return html`<dl class="kv">${rows.map(([k, v]) => html`<div class="kv-row"><dt>${k}</dt><dd>${v}</dd></div>`)}</dl>`;
}
