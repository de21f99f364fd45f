import type { DomainHealthHistory, DomainView, RecordCheck } from "@svc/core";
import { alert, badge, card, confirmAction, csrfField, emptyState, field, pageHeader, postButton, time } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";
import { domainHealthCard } from "./domainHealth.ts";

export function domainsBody(input: {
  domains: DomainView[];
  csrf: string;
  canWrite: boolean;
  form?: { domain?: string; mailFrom?: string; error?: string };
}): SafeHtml {
  const form = input.form ?? {};
  const failed = input.domains.filter((d) => d.status === "failed");
  return html`${pageHeader("Domains", {
    description: "You can send from an address only when its domain is verified for this workspace.",
    actions: html`<a class="btn btn-secondary" href="/dmarc">DMARC reports</a>`,
  })}
  ${
    failed.length > 0 &&
    alert(
      "error",
      html`<span data-failed-domains>${failed.map((d, i) => html`${i > 0 ? ", " : ""}<a href="/domains/${d.id}">${d.domain}</a>`)}: sends from ${failed.length === 1 ? "it are" : "them are"} refused until ${failed.length === 1 ? "it verifies" : "they verify"} again.</span>`,
      "A domain failed its last check.",
    )
  }
  ${
    input.canWrite &&
    card(
      html`${form.error && alert("error", form.error)}
    <form method="post" action="/domains" class="form-inline">
      ${csrfField(input.csrf)}
      ${field({ label: "Domain", name: "domain", value: form.domain ?? "", placeholder: "mail.example.com", required: true, maxlength: 253, autocomplete: "off" })}
      ${field({ label: "MAIL FROM subdomain", name: "mailFrom", value: form.mailFrom ?? "", placeholder: "bounce", maxlength: 253, autocomplete: "off" })}
      <button type="submit" class="btn btn-primary">Add domain</button>
    </form>`,
      { title: "Add a domain" },
    )
  }
  ${card(
    input.domains.length === 0
      ? emptyState(
          "No domains yet",
          input.canWrite
            ? "Add the domain you send from, then publish its DNS records to verify it."
            : "An owner or admin can add domains.",
        )
      : html`<div class="table-wrap"><table class="table">
        <thead><tr><th scope="col">Domain</th><th scope="col">Status</th><th scope="col">Added</th><th scope="col">Last checked</th></tr></thead>
        <tbody>${input.domains.map(
          (d) =>
            html`<tr><td><a class="row-link" href="/domains/${d.id}">${d.domain}</a></td><td>${badge(d.status)}</td><td>${time(d.createdAt)}</td><td>${time(d.lastCheckedAt, "relative")}</td></tr>`,
        )}</tbody></table></div>`,
    { title: "Domains" },
  )}`;
}

/** The last check of a record shown: MX checks expect `<priority> <host>`, TXT checks the value itself. */
function checkFor(checks: RecordCheck[] | null, record: PublishedRecord): RecordCheck | undefined {
  return checks?.find((c) => c.name === record.name && c.type === record.type && (record.type === "MX" || c.expected === record.value));
}

/** SES's state of a record (DKIM, MAIL FROM), next to our DNS check of it. */
function providerBadge(check: RecordCheck | undefined): SafeHtml | false {
  const state = check?.providerState;
  if (!state) return false;
  return html`<span data-provider-state="${state.status ?? "none"}">${state.ok ? badge("verified", `${state.provider.toUpperCase()}: ${state.status}`) : badge("pending", `${state.provider.toUpperCase()}: ${state.status ?? "no identity"}`)}</span>`;
}

/** Why the domain failed and since when: sends from it are refused until it verifies again. */
function failureNotice(d: DomainView): SafeHtml | false {
  if (d.status !== "failed") return false;
  const seen = d.lastVerifiedAt ?? d.verifiedAt;
  return alert(
    "error",
    html`<span data-failure>${d.failureReason ?? "Its records no longer match."} Sends from it are refused until it verifies again. Last seen verified: ${seen ? time(seen) : "never"}.</span>`,
    "This domain failed its last check.",
  );
}

/** DMARC is advice: shown with the recommended record when _dmarc is missing. */
function dmarcCard(d: DomainView): SafeHtml | false {
  const check = d.lastChecks?.find((c) => c.purpose === "dmarc");
  if (!check) return false;
  return card(
    check.ok
      ? html`<p data-dmarc="ok">Found: <code>${check.found.join(" · ").slice(0, 300)}</code></p>`
      : html`<div data-dmarc="missing"><p>${check.reason}</p>
        <div class="record-field"><span class="record-label">Name</span><code>${check.name}</code></div>
        <div class="record-field"><span class="record-label">Recommended value</span><code>${check.expected}</code></div></div>`,
    { title: "DMARC (recommended)", description: "Does not block sending." },
  );
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
      description:
        "Off by default. With Amazon SES, emails from this domain are sent through the configuration set of these switches; a custom tracking domain needs a CNAME to SES's tracking host and takes effect after the operator runs svc ses setup.",
    },
  );
}

/** A record to publish, as sending and receiving domains list them. */
interface PublishedRecord {
  type: "TXT" | "MX";
  name: string;
  value: string;
  priority?: number;
  required?: boolean;
}

/** The records to publish with a copy button each, and how each fared at the last check. */
export function dnsRecordsCard(d: {
  records: PublishedRecord[];
  lastChecks: RecordCheck[] | null;
  lastCheckedAt: string | null;
}): SafeHtml {
  return card(
    html`<div class="records">${d.records.map((record, index) => {
      const check = checkFor(d.lastChecks, record);
      return html`<div class="record" data-record="${index}">
      <div class="record-head">
        <span class="badge badge-neutral">${record.type}</span>
        ${record.priority !== undefined && html`<span class="muted">priority ${record.priority}</span>`}
        ${record.required === false && html`<span class="muted">MAIL FROM: recommended, does not block sending</span>`}
        ${check ? (check.ok ? badge("verified", "Found") : badge("failed", "Not found")) : badge("pending", "Not checked")}
        ${providerBadge(check)}
      </div>
      <div class="record-field"><span class="record-label">Name</span>
        <div class="copy-row"><input type="text" class="mono" id="rec-name-${index}" value="${record.name}" readonly aria-label="Record name"><button type="button" class="btn btn-small btn-secondary" data-copy="#rec-name-${index}">Copy</button></div></div>
      <div class="record-field"><span class="record-label">Value</span>
        <div class="copy-row"><input type="text" class="mono" id="rec-value-${index}" value="${record.value}" readonly aria-label="Record value"><button type="button" class="btn btn-small btn-secondary" data-copy="#rec-value-${index}">Copy</button></div></div>
      ${check?.providerState && !check.providerState.ok && html`<p class="record-result muted">${check.providerState.reason}</p>`}
      ${check && !check.ok && html`<p class="record-result error-text">${check.reason ?? "No matching record."}${check.found.length > 0 && html` Found: <code>${check.found.join(" · ").slice(0, 300)}</code>`}</p>`}
    </div>`;
    })}</div>`,
    { title: "DNS records", description: html`Records to publish. Last checked: ${time(d.lastCheckedAt, "relative")}.` },
  );
}

export function domainDetailBody(input: {
  domain: DomainView;
  health: DomainHealthHistory;
  csrf: string;
  canWrite: boolean;
  trackingError?: string;
}): SafeHtml {
  const d = input.domain;
  const statusText: Record<string, string> = {
    pending: "Publish these records at your DNS provider, then click Verify.",
    verified: "Verified: you can send from any address at this domain.",
    failed: "Verification failed: the records below no longer match. Fix them and verify again.",
  };
  return html`${failureNotice(d)}${pageHeader(d.domain, {
    back: { href: "/domains", label: "Domains" },
    description: html`${badge(d.status)} ${statusText[d.status] ?? ""}`,
    actions:
      input.canWrite &&
      html`${postButton({ action: `/domains/${d.id}/verify`, label: "Verify DNS records", csrf: input.csrf, tone: "primary", small: false })}
        ${confirmAction({ href: `/domains/${d.id}/remove`, label: "Remove", question: `Remove ${d.domain}? Sending from it stops working at once.`, confirmLabel: "Remove domain", csrf: input.csrf, small: false })}`,
  })}
  ${dnsRecordsCard(d)}
  ${dmarcCard(d)}
  ${domainHealthCard(input.health)}
  ${trackingCard(d, input.csrf, input.canWrite, input.trackingError)}`;
}
