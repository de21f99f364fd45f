import { csrfField, pageHeader } from "../components.ts";
import { html, type Renderable, type SafeHtml } from "../html.ts";

/** The no-JS confirmation step of a destructive action (JS shows the same question in a dialog). */
export function confirmBody(input: {
  title: string;
  question: Renderable;
  detail?: Renderable;
  action: string;
  confirmLabel: string;
  cancelHref: string;
  csrf: string;
}): SafeHtml {
  return html`${pageHeader(input.title, { back: { href: input.cancelHref, label: "Back" } })}
  <section class="card card-danger">
    <p class="confirm-question">${input.question}</p>
    ${input.detail && html`<p class="muted">${input.detail}</p>`}
    <form method="post" action="${input.action}" class="form-actions">
      ${csrfField(input.csrf)}
      <button type="submit" class="btn btn-danger">${input.confirmLabel}</button>
      <a class="btn btn-secondary" href="${input.cancelHref}">Cancel</a>
    </form>
  </section>`;
}
