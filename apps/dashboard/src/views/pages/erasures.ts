import type { ErasureView } from "@svc/core";
import { alert, badge, card, csrfField, emptyState, pageHeader, time } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";

export interface ErasuresPage {
  erasures: ErasureView[];
  csrf: string;
  form?: { addresses?: string; emailIds?: string; error?: string };
}

const removedRows = (erasure: ErasureView) => Object.values(erasure.receipt.removed).reduce((sum, n) => sum + n, 0);
const redactedRows = (erasure: ErasureView) => Object.values(erasure.receipt.redacted).reduce((sum, n) => sum + n, 0);

function erasureRow(erasure: ErasureView): SafeHtml {
  return html`<tr data-erasure-id="${erasure.id}" data-status="${erasure.status}">
    <td><code>${erasure.id}</code></td>
    <td>${time(erasure.createdAt)}</td>
    <td>${badge(erasure.status)}${erasure.error && html` <span class="muted">${erasure.error}</span>`}</td>
    <td>${erasure.addressCount} addresses, ${erasure.emailIdCount} emails</td>
    <td data-removed>${removedRows(erasure)} removed, ${redactedRows(erasure)} redacted, ${erasure.receipt.objectsDeleted} files</td>
    <td>${erasure.completedAt ? time(erasure.completedAt) : html`<span class="muted">${erasure.step ?? "—"}</span>`}</td>
    <td><a class="btn btn-small btn-secondary" href="/erasures/${erasure.id}/receipt.json" download>Receipt</a></td>
  </tr>`;
}

/** Request an erasure (addresses and/or email ids) and follow the workspace's erasures. */
export function erasuresBody(page: ErasuresPage): SafeHtml {
  const form = page.form ?? {};
  return html`${pageHeader("Erasures", {
    description:
      "Forget people: every email to an address (the whole email when it was the only recipient; otherwise the address is replaced by a token), its events, webhook deliveries and files, and every message received from or to it, in this workspace only. A suppressed address stays suppressed. This cannot be undone.",
  })}
  ${card(
    html`${form.error && alert("error", form.error)}
    <form method="post" action="/erasures" class="form-stack">
      ${csrfField(page.csrf)}
      <div class="field">
        <label for="f-addresses">Email addresses</label>
        <textarea id="f-addresses" name="addresses" rows="4" class="mono" placeholder="someone@example.com" aria-describedby="f-addresses-help">${form.addresses ?? ""}</textarea>
        <p class="help" id="f-addresses-help">One a line (or separated by commas), at most 5,000.</p>
      </div>
      <div class="field">
        <label for="f-email-ids">Email ids (optional)</label>
        <textarea id="f-email-ids" name="emailIds" rows="2" class="mono" placeholder="email_…">${form.emailIds ?? ""}</textarea>
        <p class="help">Each of these emails is erased whole.</p>
      </div>
      <button type="submit" class="btn btn-danger">Erase</button>
    </form>`,
    { title: "Request an erasure", tone: "danger" },
  )}
  ${card(
    page.erasures.length === 0
      ? emptyState("No erasures yet", "Erasures requested here, over the API or at the CLI are listed with their receipts.")
      : html`<table class="table">
      <thead><tr><th>Erasure</th><th>Requested</th><th>Status</th><th>Asked for</th><th>Receipt</th><th>Completed</th><th></th></tr></thead>
      <tbody>${page.erasures.map(erasureRow)}</tbody>
    </table>`,
    { title: "Erasures" },
  )}`;
}
