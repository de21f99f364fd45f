import type { DoctorCheck } from "@svc/doctor";
import { alert, badge, card, pageHeader } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";

/** `svc doctor`'s read-only checks, one row each: its status, what was found and what to do. */
export function doctorBody(input: { checks: readonly DoctorCheck[] }): SafeHtml {
  const count = (status: DoctorCheck["status"]) => input.checks.filter((check) => check.status === status).length;
  const failures = count("failed");
  return html`${pageHeader("Doctor", {
    description: html`The install's checks, as <code>svc doctor --no-send</code> runs them: DNS of the sending domains and, with Amazon SES, the account, the event reporting and the ingester. The mailbox-simulator round trip runs from the CLI.`,
  })}
  ${
    failures > 0
      ? alert("error", `${failures} check(s) failed: each row says what to do.`)
      : alert("success", `No check failed (${count("ok")} ok, ${count("warning")} warning(s)).`)
  }
  ${card(
    html`<div class="table-wrap"><table class="table doctor-checks" data-doctor-checks>
      <thead><tr><th scope="col">Status</th><th scope="col">Check</th><th scope="col">Found</th><th scope="col">What to do</th></tr></thead>
      <tbody>${input.checks.map(
        (check) =>
          html`<tr data-check="${check.name}" data-status="${check.status}"><td>${badge(check.status)}</td><td class="mono">${check.name}</td><td>${check.detail}</td><td>${check.fix ?? ""}</td></tr>`,
      )}</tbody></table></div>`,
  )}`;
}
