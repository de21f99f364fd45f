import type { showOidc } from "@svc/core";
import { alert, card, csrfField, field, pageHeader, postButton, selectField } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";

export interface SingleSignOnInput {
  csrf: string;
  settings: Awaited<ReturnType<typeof showOidc>>;
  roles: readonly string[];
  error?: string;
}

/** The install's OpenID Connect provider (never its secret), its switch, and the domains that may sign in. */
export function singleSignOnBody(input: SingleSignOnInput): SafeHtml {
  const { settings } = input;
  const provider = settings.configured
    ? card(
        html`<dl class="facts" data-sso-provider>
          <dt>Button label</dt><dd>${settings.displayName ?? ""}</dd>
          <dt>Issuer</dt><dd class="mono" data-sso-issuer>${settings.issuerUrl ?? ""}</dd>
          <dt>Client id</dt><dd class="mono" data-sso-client-id>${settings.clientId ?? ""}</dd>
          <dt>Client secret</dt><dd class="muted">set (stored sealed, never shown)</dd>
          <dt>Sign-in</dt><dd data-sso-state>${settings.enabled ? "on" : "off"}</dd>
        </dl>
        ${postButton({
          action: "/settings/sso/enabled",
          label: settings.enabled ? "Turn single sign-on off" : "Turn single sign-on on",
          csrf: input.csrf,
          tone: settings.enabled ? "danger" : "primary",
          small: false,
          fields: { enabled: settings.enabled ? "off" : "on" },
        })}`,
        {
          title: "Provider",
          description: "Off, nobody signs in through it (the button is gone) and its settings and domains are kept.",
        },
      )
    : card(
        html`<p data-sso-none>No provider is configured. An operator sets one with
        <code>svc oidc configure --issuer URL --client-id ID --client-secret-stdin</code>.</p>`,
        { title: "Provider" },
      );
  const domains = card(
    html`${
      settings.domains.length > 0
        ? html`<div class="table-wrap"><table class="table" data-sso-domains>
          <thead><tr><th scope="col">Domain</th><th scope="col">Workspace</th><th scope="col">Role at first sign-in</th><th></th></tr></thead>
          <tbody>${settings.domains.map(
            (d) => html`<tr><td class="mono">${d.domain}</td><td class="mono">${d.workspaceId}</td><td>${d.role}</td>
            <td>${postButton({ action: "/settings/sso/domains/remove", label: "Remove", csrf: input.csrf, tone: "danger", fields: { domain: d.domain } })}</td></tr>`,
          )}</tbody></table></div>`
        : html`<p class="muted">No domain may sign in yet.</p>`
    }
    <form method="post" action="/settings/sso/domains" class="stack" novalidate data-sso-allow>
      ${csrfField(input.csrf)}
      ${field({ label: "Email domain", name: "domain", required: true, maxlength: 253, placeholder: "example.com" })}
      ${field({ label: "Workspace id", name: "workspaceId", required: true, maxlength: 100, placeholder: "org_…" })}
      ${selectField({ label: "Role at first sign-in", name: "role", value: "viewer", choices: input.roles.map((role) => ({ value: role, label: role })) })}
      <div class="form-actions"><button type="submit" class="btn btn-secondary">Allow the domain</button></div>
    </form>`,
    {
      title: "Allowed domains",
      description: "People whose verified address is at one of these domains sign in, joining its workspace with its role the first time.",
    },
  );
  return html`${pageHeader("Single sign-on", { description: "The install's OpenID Connect provider, for its operators." })}
  ${input.error && alert("error", input.error)}
  ${provider}
  ${domains}`;
}
