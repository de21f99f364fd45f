import type { ReceivingDomainView } from "@svc/core";
import { alert, badge, card, confirmAction, csrfField, emptyState, field, pageHeader, postButton, time } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";
import { dnsRecordsCard } from "./domains.ts";

/** The workspace's receiving domains and the form adding one, as the sending domains page has. */
export function receivingDomainsBody(input: {
  domains: ReceivingDomainView[];
  csrf: string;
  canWrite: boolean;
  form?: { domain?: string; error?: string };
}): SafeHtml {
  const form = input.form ?? {};
  return html`${pageHeader("Receiving domains", {
    back: { href: "/inbound", label: "Inbox" },
    description: "Mail to a routed address of a verified receiving domain arrives in the inbox and as received webhooks.",
  })}
  ${
    input.canWrite &&
    card(
      html`${form.error && alert("error", form.error)}
    <form method="post" action="/inbound/domains" class="form-inline">
      ${csrfField(input.csrf)}
      ${field({ label: "Domain", name: "domain", value: form.domain ?? "", placeholder: "reply.example.com", required: true, maxlength: 253, autocomplete: "off" })}
      <button type="submit" class="btn btn-primary">Add receiving domain</button>
    </form>`,
      { title: "Add a receiving domain", description: "Often a subdomain used only for replies, such as reply.example.com." },
    )
  }
  ${card(
    input.domains.length === 0
      ? emptyState(
          "No receiving domains yet",
          input.canWrite ? "Add one, publish its records, verify it, then add routes." : "An owner or admin can add receiving domains.",
        )
      : html`<div class="table-wrap"><table class="table">
        <thead><tr><th scope="col">Domain</th><th scope="col">Status</th><th scope="col">Routes</th><th scope="col">Last checked</th></tr></thead>
        <tbody>${input.domains.map(
          (d) =>
            html`<tr data-receiving-domain="${d.id}"><td><a class="row-link" href="/inbound/domains/${d.id}">${d.domain}</a></td><td>${badge(d.status)}</td><td>${d.routes.length}</td><td>${time(d.lastCheckedAt, "relative")}</td></tr>`,
        )}</tbody></table></div>`,
    { title: "Receiving domains" },
  )}`;
}

function routesCard(d: ReceivingDomainView, csrf: string, canWrite: boolean, error?: string): SafeHtml {
  return card(
    html`${error && alert("error", error)}
    ${
      d.routes.length === 0
        ? html`<p class="muted">No routes: mail to this domain is refused until one is added.</p>`
        : html`<table class="table"><tbody>${d.routes.map(
            (route) =>
              html`<tr data-route="${route.id}"><td class="mono">${route.address}</td><td>${canWrite && postButton({ action: `/inbound/domains/${d.id}/routes/${route.id}/remove`, label: "Remove", csrf })}</td></tr>`,
          )}</tbody></table>`
    }
    ${
      canWrite &&
      html`<form method="post" action="/inbound/domains/${d.id}/routes" class="form-inline">
      ${csrfField(csrf)}
      ${field({ label: "Address", name: "address", value: "", placeholder: `support (or * for every address of ${d.domain})`, required: true, maxlength: 320, autocomplete: "off" })}
      <button type="submit" class="btn btn-secondary">Add route</button>
    </form>`
    }`,
    {
      title: "Routes",
      description: "An address takes its +tag sub-addresses too (support takes support+billing); * takes every address of the domain.",
    },
  );
}

export function receivingDomainDetailBody(input: {
  domain: ReceivingDomainView;
  csrf: string;
  canWrite: boolean;
  routeError?: string;
}): SafeHtml {
  const d = input.domain;
  const statusText: Record<string, string> = {
    pending: "Publish these records at your DNS provider, then click Verify.",
    verified: "Verified: mail to its routes is received.",
    failed: "Verification failed: the records below no longer match. Fix them and verify again.",
  };
  return html`${pageHeader(d.domain, {
    back: { href: "/inbound/domains", label: "Receiving domains" },
    description: html`${badge(d.status)} ${statusText[d.status] ?? ""}`,
    actions:
      input.canWrite &&
      html`${postButton({ action: `/inbound/domains/${d.id}/verify`, label: "Verify DNS records", csrf: input.csrf, tone: "primary", small: false })}
        ${confirmAction({ href: `/inbound/domains/${d.id}/remove`, label: "Remove", question: `Remove ${d.domain}? Mail to it is refused at once.`, confirmLabel: "Remove receiving domain", csrf: input.csrf, small: false })}`,
  })}
  ${dnsRecordsCard(d)}
  ${routesCard(d, input.csrf, input.canWrite, input.routeError)}`;
}
