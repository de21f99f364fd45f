import { alert, csrfField, field } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";
import { authPage } from "../layout.ts";

/** The scripts of the passkey buttons: the WebAuthn helper library, then ours. */
export const PASSKEY_SCRIPTS = html`<script src="/assets/vendor/simplewebauthn-browser.js" defer></script>
<script src="/assets/passkeys.js" defer></script>`;

export interface SecondFactorPageInput {
  csrf: string;
  totp: boolean;
  passkeys: boolean;
  next?: string;
  error?: string;
  /** Show the recovery-code form instead of the authenticator code. */
  recovery?: boolean;
}

/** After the password: a code from the authenticator app, a passkey, or a recovery code. */
export function secondFactorPage(input: SecondFactorPageInput): SafeHtml {
  const nextField = input.next && html`<input type="hidden" name="next" value="${input.next}">`;
  const useRecovery = input.recovery || !input.totp;
  return authPage(
    "Confirm it's you",
    html`<h1>Confirm it's you</h1>
    ${input.error && alert("error", input.error)}
    ${
      input.passkeys &&
      html`<div class="stack">
        <p class="muted">Use one of your passkeys.</p>
        <button type="button" class="btn btn-primary btn-block" data-passkey-sign-in="/login/passkey" data-next="${input.next ?? "/"}">Use a passkey</button>
        <p class="passkey-error" role="alert" hidden></p>
      </div>`
    }
    ${
      input.totp &&
      !useRecovery &&
      html`<form method="post" action="/login/second-factor" class="stack" novalidate>
        ${csrfField(input.csrf)}${nextField}
        ${field({ label: "Code from your authenticator app", name: "code", required: true, autocomplete: "one-time-code", inputmode: "numeric", autofocus: true, maxlength: 10 })}
        <button type="submit" class="btn btn-primary btn-block">Verify</button>
      </form>
      <p class="auth-switch"><a href="/login/second-factor?recovery=1">Use a recovery code instead</a></p>`
    }
    ${
      useRecovery &&
      html`<form method="post" action="/login/second-factor" class="stack" novalidate>
        ${csrfField(input.csrf)}${nextField}
        ${field({ label: "Recovery code", name: "recoveryCode", required: true, autocomplete: "off", autofocus: !input.passkeys, maxlength: 40, help: "Each of your recovery codes works once." })}
        <button type="submit" class="btn btn-secondary btn-block">Use recovery code</button>
      </form>`
    }
    <form method="post" action="/logout" class="auth-switch">${csrfField(input.csrf)}<button type="submit" class="btn btn-small btn-ghost">Cancel and sign out</button></form>
    ${input.passkeys && PASSKEY_SCRIPTS}`,
    { csrf: input.csrf },
  );
}
