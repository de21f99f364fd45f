import type { DomainView, RecordCheck } from "@svc/core";
import { alert, badge, card, confirmAction, csrfField, emptyState, field, pageHeader, postButton, time } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";

export function domainsBody(input: { domains: DomainView[]; csrf: string; canWrite: boolean; form?: { domain?: string; error?: string } }): SafeHtml {
  const form = input.form ?? {};
  return html`${pageHeader("Domains", { description: "You can send from an address only when its domain is verified for this workspace." })}
  ${input.canWrite &&
  card(
    html`${form.error && alert("error", form.error)}
    <form method="post" action="/domains" class="form-inline">
      ${csrfField(input.csrf)}
      ${field({ label: "Domain", name: "domain", value: form.domain ?? "", placeholder: "mail.example.com", required: true, maxlength: 253, autocomplete: "off" })}
      <button type="submit" class="btn btn-primary">Add domain</button>
    </form>`,
    { title: "Add a domain" },
  )}
  ${card(
    input.domains.length === 0
      ? emptyState("No domains yet", input.canWrite ? "Add the domain you send from, then publish two DNS records to verify it." : "An owner or admin can add domains.")
      : html`<div class="table-wrap"><table class="table">
        <thead><tr><th scope="col">Domain</th><th scope="col">Status</th><th scope="col">Added</th><th scope="col">Last checked</th></tr></thead>
        <tbody>${input.domains.map(
          (d) => html`<tr><td><a class="row-link" href="/domains/${d.id}">${d.domain}</a></td><td>${badge(d.status)}</td><td>${time(d.createdAt)}</td><td>${time(d.lastCheckedAt, "relative")}</td></tr>`,
        )}</tbody></table></div>`,
    { title: "Domains" },
  )}`;
}

function checkFor(checks: RecordCheck[] | null, name: string, value: string): RecordCheck | undefined {
  return checks?.find((c) => c.name === name && c.expected === value);
}

/** Open/click tracking switches (off by default) and the optional custom redirect domain. */
function trackingCard(d: DomainView, csrf: string, canWrite: boolean, error?: string): SafeHtml {
  const checkbox = (name: string, label: string, checked: boolean) =>
    html`<label class="checkbox"><input type="checkbox" name="${name}" value="on" ${checked ? html`checked` : ""} ${canWrite ? "" : html`disabled`}> ${label}</label>`;
  return card(
    html`${error && alert("error", error)}
    <form method="post" action="/domains/${d.id}/tracking">
      ${csrfField(csrf)}
      ${checkbox("open", "Open tracking (a tracking pixel; opens are an estimate)", d.tracking.open)}
      ${checkbox("click", "Click tracking (links go through a redirect)", d.tracking.click)}
      ${field({ label: "Custom tracking domain (optional)", name: "trackingDomain", value: d.tracking.domain ?? "", placeholder: "track.example.com", maxlength: 253, autocomplete: "off" })}
      ${canWrite && html`<button type="submit" class="btn btn-secondary">Save tracking</button>`}
    </form>`,
    {
      title: "Tracking",
      description: "Off by default. With Amazon SES, emails from this domain are sent through the configuration set of these switches; a custom tracking domain needs a CNAME to SES's tracking host and takes effect after the operator runs svc ses setup.",
    },
  );
}

export function domainDetailBody(input: { domain: DomainView; csrf: string; canWrite: boolean; trackingError?: string }): SafeHtml {
  const d = input.domain;
  const statusText: Record<string, string> = {
    pending: "Publish these records at your DNS provider, then click Verify.",
    verified: "Verified: you can send from any address at this domain.",
    failed: "Verification failed: the records below no longer match. Fix them and verify again.",
  };
  return html`${pageHeader(d.domain, {
    back: { href: "/domains", label: "Domains" },
    description: html`${badge(d.status)} ${statusText[d.status] ?? ""}`,
    actions:
      input.canWrite &&
      html`${postButton({ action: `/domains/${d.id}/verify`, label: "Verify DNS records", csrf: input.csrf, tone: "primary", small: false })}
        ${confirmAction({ href: `/domains/${d.id}/remove`, label: "Remove", question: `Remove ${d.domain}? Sending from it stops working at once.`, confirmLabel: "Remove domain", csrf: input.csrf, small: false })}`,
  })}
  ${card(
    html`<div class="records">${d.records.map((record, index) => {
      const check = checkFor(d.lastChecks, record.name, record.value);
      return html`<div class="record" data-record="${index}">
        <div class="record-head">
          <span class="badge badge-neutral">${record.type}</span>
          ${check ? (check.ok ? badge("verified", "Found") : badge("failed", "Not found")) : badge("pending", "Not checked")}
        </div>
        <div class="record-field"><span class="record-label">Name</span>
          <div class="copy-row"><input type="text" class="mono" id="rec-name-${index}" value="${record.name}" readonly aria-label="Record name"><button type="button" class="btn btn-small btn-secondary" data-copy="#rec-name-${index}">Copy</button></div></div>
        <div class="record-field"><span class="record-label">Value</span>
          <div class="copy-row"><input type="text" class="mono" id="rec-value-${index}" value="${record.value}" readonly aria-label="Record value"><button type="button" class="btn btn-small btn-secondary" data-copy="#rec-value-${index}">Copy</button></div></div>
        ${check && !check.ok && html`<p class="record-result error-text">${check.reason ?? "No matching record."}${check.found.length > 0 && html` Found: <code>${check.found.join(" · ").slice(0, 300)}</code>`}</p>`}
      </div>`;
    })}</div>`,
    { title: "DNS records", description: html`TXT records to publish. Last checked: ${time(d.lastCheckedAt, "relative")}.` },
  )}
  ${trackingCard(d, input.csrf, input.canWrite, input.trackingError)}`;
}
