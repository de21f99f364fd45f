import type { ApiKeyView } from "@svc/core";
import {
  alert,
  badge,
  card,
  confirmAction,
  csrfField,
  emptyState,
  field,
  pageHeader,
  secretReveal,
  selectField,
  time,
} from "../components.ts";
import { html, type SafeHtml } from "../html.ts";

export interface KeyFormState {
  name?: string;
  environment?: string;
  scope?: string;
  domains?: string;
  cidrs?: string;
  error?: string;
}

function createForm(csrf: string, form: KeyFormState): SafeHtml {
  return card(
    html`${form.error && alert("error", form.error)}
    <form method="post" action="/api-keys" class="form-grid">
      ${csrfField(csrf)}
      ${field({ label: "Name", name: "name", value: form.name ?? "", placeholder: "Production backend", maxlength: 100, help: "Helps you recognise the key later." })}
      ${selectField({
        label: "Environment",
        name: "environment",
        value: form.environment ?? "live",
        choices: [
          { value: "live", label: "Live: sends real mail" },
          { value: "test", label: "Test: only to test recipients" },
        ],
      })}
      ${selectField({
        label: "Scope",
        name: "scope",
        value: form.scope ?? "send-only",
        choices: [
          { value: "send-only", label: "Send only" },
          { value: "read-only", label: "Read only" },
          { value: "full-access", label: "Full access (send, read, manage keys)" },
        ],
      })}
      ${field({
        label: "Sending domains (optional)",
        name: "domains",
        value: form.domains ?? "",
        placeholder: "example.com, mail.example.com",
        help: "Bind the key to some of this workspace's domains: a send from any other is refused. Empty: any verified domain.",
      })}
      ${field({
        label: "Source networks (optional)",
        name: "cidrs",
        value: form.cidrs ?? "",
        placeholder: "10.0.0.0/8, 2001:db8::/32",
        help: "Bind the key to IPv4 or IPv6 networks (CIDRs): a request from anywhere else is refused. Empty: anywhere.",
      })}
      <div class="form-actions"><button type="submit" class="btn btn-primary">Create API key</button></div>
    </form>`,
    { title: "Create a key", description: "Keys are shown once. Store it in your secret manager right away." },
  );
}

/** A key's bindings, or that it has none. */
function bindingsCell(key: ApiKeyView): SafeHtml {
  if (key.allowedDomains.length === 0 && key.allowedCidrs.length === 0) return html`<span class="muted">Any domain, anywhere</span>`;
  const list = (values: string[]) => values.map((value, i) => html`${i > 0 ? ", " : ""}<code>${value}</code>`);
  return html`${key.allowedDomains.length > 0 ? html`<div>Domains: ${list(key.allowedDomains)}</div>` : ""}${
    key.allowedCidrs.length > 0 ? html`<div>Networks: ${list(key.allowedCidrs)}</div>` : ""
  }`;
}

function keyTable(keys: ApiKeyView[], csrf: string, canWrite: boolean): SafeHtml {
  if (keys.length === 0) {
    return emptyState(
      "No API keys yet",
      canWrite ? "Create a key above to start sending through the API." : "An owner or admin can create keys.",
    );
  }
  return html`<div class="table-wrap"><table class="table">
    <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Scope</th><th scope="col">Environment</th><th scope="col">Bound to</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
    <tbody>
    ${keys.map(
      (key) => html`<tr class="${key.revokedAt ? "row-muted" : ""}" data-key-id="${key.id}">
        <td><strong>${key.name}</strong>${key.revokedAt && html` ${badge("revoked")}`}</td>
        <td><code>${key.displayHint}</code></td>
        <td>${key.scope}</td>
        <td>${badge(key.environment)}</td>
        <td class="key-bindings">${bindingsCell(key)}</td>
        <td>${time(key.createdAt)}</td>
        <td>${key.revokedAt ? html`<span class="muted">Revoked ${time(key.revokedAt, "relative")}</span>` : key.lastUsedAt ? time(key.lastUsedAt, "relative") : html`<span class="muted">Never</span>`}</td>
        <td class="actions">${
          canWrite && !key.revokedAt
            ? confirmAction({
                href: `/api-keys/${key.id}/revoke`,
                label: "Revoke",
                question: `Revoke “${key.name}”? Requests using it are refused immediately. This can't be undone.`,
                confirmLabel: "Revoke key",
                csrf,
              })
            : ""
        }</td>
      </tr>`,
    )}
    </tbody>
  </table></div>`;
}

export function keysBody(input: {
  keys: ApiKeyView[];
  csrf: string;
  canWrite: boolean;
  form?: KeyFormState;
  created?: ApiKeyView & { key: string };
}): SafeHtml {
  return html`${pageHeader("API keys", { description: "Keys authenticate your backend to the REST API. Rotate by creating a new key, deploying it, checking its last use, then revoking the old one." })}
  ${
    input.created &&
    card(
      html`${alert("success", "Copy this key now. For your security it won't be shown again.", `Key “${input.created.name}” created.`)}
    ${secretReveal("API key", input.created.key, "new-api-key")}`,
      { tone: "success", id: "created-key" },
    )
  }
  ${input.canWrite && createForm(input.csrf, input.form ?? {})}
  ${card(keyTable(input.keys, input.csrf, input.canWrite), { title: "Keys" })}`;
}
