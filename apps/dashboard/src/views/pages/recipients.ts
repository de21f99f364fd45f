import type { TestRecipientView } from "@svc/core";
import { alert, badge, card, confirmAction, csrfField, emptyState, field, pageHeader, time } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";

export function recipientsBody(input: {
  recipients: TestRecipientView[];
  csrf: string;
  canWrite: boolean;
  form?: { email?: string; error?: string };
}): SafeHtml {
  const form = input.form ?? {};
  return html`${pageHeader("Test recipients", {
    description: "Mail sent with a test key is delivered only to these addresses; other recipients are dropped before handoff.",
  })}
  ${
    input.canWrite &&
    card(
      html`${form.error && alert("error", form.error)}
    <form method="post" action="/test-recipients" class="form-inline">
      ${csrfField(input.csrf)}
      ${field({ label: "Email address", name: "email", type: "email", value: form.email ?? "", placeholder: "qa@example.com", required: true, maxlength: 254, autocomplete: "off" })}
      <button type="submit" class="btn btn-primary">Add recipient</button>
    </form>`,
      { title: "Add a test recipient" },
    )
  }
  ${card(
    input.recipients.length === 0
      ? emptyState("No test recipients", "Add the inboxes your team tests with. Test keys can't deliver anywhere else.")
      : html`<div class="table-wrap"><table class="table">
        <thead><tr><th scope="col">Address</th><th scope="col">Added</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>${input.recipients.map(
          (r) =>
            html`<tr><td>${r.email}${r.verification === "pending" && html` <span data-verification="pending">${badge("pending", "Waiting for the SES confirmation link")}</span>`}</td><td>${time(r.createdAt)}</td><td class="actions">${
              input.canWrite &&
              confirmAction({
                href: `/test-recipients/${r.id}/remove`,
                label: "Remove",
                question: `Remove ${r.email}? Test keys will no longer deliver to it.`,
                confirmLabel: "Remove recipient",
                csrf: input.csrf,
              })
            }</td></tr>`,
        )}</tbody></table></div>`,
    { title: "Pre-verified addresses" },
  )}`;
}
