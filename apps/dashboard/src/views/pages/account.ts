import type { SecondFactorStatus } from "@svc/core";
import { alert, card, csrfField, field, pageHeader, postButton, secretReveal, selectField, time } from "../components.ts";
import { html, raw, type SafeHtml } from "../html.ts";
import { PASSKEY_SCRIPTS } from "./secondFactor.ts";

export interface AccountSecurityInput {
  csrf: string;
  factors: SecondFactorStatus;
  /** False for an account made by single sign-on: changes are confirmed with a second factor instead. */
  hasPassword: boolean;
  /** A workspace of the user requires a second factor. */
  required: boolean;
  error?: string;
  /** An enrolment in progress: the secret, shown once, and its QR code (SVG markup we made). */
  enrolment?: { secret: string; qrSvg: string };
  /** Recovery codes, shown once right after they were made. */
  recoveryCodes?: string[];
}

/**
 * What a form that removes a factor asks for: the password, or for an account without one a code
 * from the authenticator app or a passkey (a button per action: it signs a fresh challenge, then
 * sends the form to its action).
 */
function proofFields(
  input: AccountSecurityInput,
  form: "totp" | "passkey",
  passkeyActions: Array<{ action: string; label: string }>,
): SafeHtml {
  if (input.hasPassword)
    return field({
      label: "Your password",
      name: "password",
      id: `${form}-password`,
      type: "password",
      required: true,
      autocomplete: "current-password",
    });
  return html`<p class="muted">Confirm it's you${input.factors.totp ? " with a code from your authenticator app" : ""}${
    input.factors.totp && input.factors.passkeys.length > 0 ? " or" : ""
  }${input.factors.passkeys.length > 0 ? " with a passkey" : ""}.</p>
  ${input.factors.totp && field({ label: "Code from your authenticator app", name: "code", id: `${form}-code`, autocomplete: "one-time-code", inputmode: "numeric", maxlength: 10 })}
  ${
    input.factors.passkeys.length > 0 &&
    html`<input type="hidden" name="passkeyAssertion" value="">
    ${passkeyActions.map(
      ({ action, label }) =>
        html`<button type="button" class="btn btn-secondary" data-passkey-confirm="/account/reauth" data-action="${action}">${label}</button>`,
    )}
    <p class="passkey-error" role="alert" hidden></p>`
  }`;
}

function totpCard(input: AccountSecurityInput): SafeHtml {
  if (input.enrolment) {
    return card(
      html`<div class="stack">
        <p>Scan this QR code with your authenticator app, or type the secret into it. It is shown only now.</p>
        <div class="qr-code">${raw(input.enrolment.qrSvg)}</div>
        ${secretReveal("Secret", input.enrolment.secret, "totp-secret")}
        <form method="post" action="/account/totp/confirm" class="stack" novalidate>
          ${csrfField(input.csrf)}
          ${field({ label: "Code from the app", name: "code", required: true, autocomplete: "one-time-code", inputmode: "numeric", autofocus: true, maxlength: 10 })}
          <button type="submit" class="btn btn-primary">Confirm</button>
        </form>
      </div>`,
      { title: "Authenticator app" },
    );
  }
  if (input.factors.totp) {
    return card(
      html`<p>An authenticator app is set up. ${input.factors.recoveryCodesLeft} of 10 recovery codes are unused.</p>
      <form method="post" action="/account/totp/recovery-codes" class="stack" novalidate data-totp-form>
        ${csrfField(input.csrf)}
        ${proofFields(input, "totp", [
          { action: "/account/totp/recovery-codes", label: "New recovery codes, confirmed with a passkey" },
          { action: "/account/totp/remove", label: "Remove the app, confirmed with a passkey" },
        ])}
        <div class="form-actions">
          <button type="submit" class="btn btn-secondary">New recovery codes</button>
          <button type="submit" class="btn btn-danger-outline" formaction="/account/totp/remove">Remove the authenticator app</button>
        </div>
      </form>`,
      { title: "Authenticator app" },
    );
  }
  return card(
    html`<p>Sign in with a 6-digit code from an app on your phone (Google Authenticator, 1Password, Authy…) after your password.</p>
    ${postButton({ action: "/account/totp/start", label: "Set up an authenticator app", csrf: input.csrf, tone: "primary", small: false })}`,
    { title: "Authenticator app" },
  );
}

function passkeyCard(input: AccountSecurityInput): SafeHtml {
  return card(
    html`${
      input.factors.passkeys.length > 0 &&
      html`<table class="table"><thead><tr><th>Name</th><th>Added</th><th>Last used</th></tr></thead><tbody>
      ${input.factors.passkeys.map(
        (p) =>
          html`<tr><td class="passkey-name">${p.name}</td><td>${time(p.createdAt)}</td><td>${p.lastUsedAt ? time(p.lastUsedAt) : "never"}</td></tr>`,
      )}</tbody></table>
      <form method="post" action="/account/passkeys/remove" class="stack" novalidate data-passkey-remove>
        ${csrfField(input.csrf)}
        ${selectField({ label: "Passkey to remove", name: "passkeyId", choices: input.factors.passkeys.map((p) => ({ value: p.id, label: p.name })) })}
        ${proofFields(input, "passkey", [{ action: "/account/passkeys/remove", label: "Confirm with a passkey" }])}
        <div class="form-actions"><button type="submit" class="btn btn-danger-outline">Remove the passkey</button></div>
      </form>`
    }
    <div class="stack">
      ${field({ label: "Name of the new passkey", name: "passkeyName", value: "", maxlength: 100, placeholder: "Laptop" })}
      <button type="button" class="btn btn-secondary" data-passkey-register="/account/passkeys">Add a passkey</button>
      <p class="passkey-error" role="alert" hidden></p>
    </div>
    ${PASSKEY_SCRIPTS}`,
    {
      title: "Passkeys",
      description: "A passkey on this device or a security key: a second factor, and a way to sign in without a password.",
    },
  );
}

export function accountSecurityBody(input: AccountSecurityInput): SafeHtml {
  return html`${pageHeader("Account security", { description: "How you prove it's you when you sign in." })}
  ${input.required && !input.factors.totp && input.factors.passkeys.length === 0 && alert("warning", "A workspace you belong to requires a second factor. Set one up to continue.")}
  ${input.error && alert("error", input.error)}
  ${
    input.recoveryCodes &&
    card(
      html`<p>Keep these recovery codes somewhere safe. Each works once, in place of a code from the app. They are shown only now.</p>
      <ul class="recovery-codes mono">${input.recoveryCodes.map((code) => html`<li>${code}</li>`)}</ul>`,
      { title: "Recovery codes", tone: "success" },
    )
  }
  ${totpCard(input)}
  ${passkeyCard(input)}`;
}
