import type { OpenInvitation } from "@svc/core";
import { alert, csrfField, field } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";
import { authPage } from "../layout.ts";
import { PASSKEY_SCRIPTS } from "./secondFactor.ts";

export function loginPage(input: {
  csrf: string;
  email?: string;
  error?: string;
  next?: string;
  signupEnabled: boolean;
  /** The single sign-on button's label (the identity provider's name), when OIDC is configured. */
  oidc?: string | null;
}): SafeHtml {
  return authPage(
    "Log in",
    html`<h1>Log in</h1>
    <p class="muted">Welcome back. Log in to manage your workspace.</p>
    ${input.error && alert("error", input.error)}
    <form method="post" action="/login" class="stack" novalidate>
      ${csrfField(input.csrf)}
      ${input.next && html`<input type="hidden" name="next" value="${input.next}">`}
      ${field({ label: "Email", name: "email", type: "email", value: input.email ?? "", required: true, autocomplete: "username", autofocus: !input.email })}
      ${field({ label: "Password", name: "password", type: "password", required: true, autocomplete: "current-password", autofocus: Boolean(input.email) })}
      <button type="submit" class="btn btn-primary btn-block">Log in</button>
    </form>
    <div class="stack">
      <button type="button" class="btn btn-secondary btn-block" data-passkey-sign-in="/login/passkey" data-next="${input.next ?? "/"}">Sign in with a passkey</button>
      <p class="passkey-error" role="alert" hidden></p>
    </div>
    ${input.oidc && html`<a class="btn btn-secondary btn-block" href="/login/oidc${input.next ? `?next=${encodeURIComponent(input.next)}` : ""}">Sign in with ${input.oidc}</a>`}
    ${PASSKEY_SCRIPTS}
    ${
      input.signupEnabled
        ? html`<p class="auth-switch">New here? <a href="/signup">Create an account</a></p>`
        : html`<p class="auth-switch muted">Accounts on this server are created by invitation.</p>`
    }`,
    { csrf: input.csrf },
  );
}

export function signupPage(input: { csrf: string; email?: string; workspaceName?: string; error?: string }): SafeHtml {
  return authPage(
    "Create your account",
    html`<h1>Create your account</h1>
    <p class="muted">You'll get a workspace of your own on the Free plan (100 emails a day).</p>
    ${input.error && alert("error", input.error)}
    <form method="post" action="/signup" class="stack" novalidate>
      ${csrfField(input.csrf)}
      ${field({ label: "Work email", name: "email", type: "email", value: input.email ?? "", required: true, autocomplete: "email", autofocus: true, maxlength: 254 })}
      ${field({ label: "Password", name: "password", type: "password", required: true, autocomplete: "new-password", minlength: 10, maxlength: 200, help: "At least 10 characters." })}
      ${field({ label: "Workspace name", name: "workspaceName", value: input.workspaceName ?? "", required: true, autocomplete: "organization", maxlength: 100, placeholder: "Acme Inc." })}
      <button type="submit" class="btn btn-primary btn-block">Create account</button>
    </form>
    <p class="auth-switch">Already have an account? <a href="/login">Log in</a></p>`,
    { csrf: input.csrf },
  );
}

export function signupDisabledPage(): SafeHtml {
  return authPage(
    "Sign-up is off",
    html`<h1>Sign-up is turned off</h1>
    <p>This server is private: accounts are created by invitation or by its operator.</p>
    <p><a class="btn btn-secondary" href="/login">Go to log in</a></p>`,
  );
}

export function invitationPage(input: { csrf: string; token: string; invitation: OpenInvitation; error?: string }): SafeHtml {
  const { invitation, workspaceName, accountExists } = input.invitation;
  return authPage(
    `Join ${workspaceName}`,
    html`<h1>Join ${workspaceName}</h1>
    <p class="muted">You were invited as <strong>${invitation.role}</strong> with <strong>${invitation.email}</strong>.</p>
    ${input.error && alert("error", input.error)}
    <form method="post" action="/invitations/${input.token}" class="stack" novalidate>
      ${csrfField(input.csrf)}
      <input type="text" name="username" value="${invitation.email}" autocomplete="username" hidden readonly>
      ${
        accountExists
          ? field({
              label: "Your current password",
              name: "password",
              type: "password",
              required: true,
              autocomplete: "current-password",
              autofocus: true,
              help: "You already have an account: confirm it's you.",
            })
          : html`${field({ label: "Choose a password", name: "password", type: "password", required: true, autocomplete: "new-password", autofocus: true, minlength: 10, maxlength: 200, help: "At least 10 characters." })}
          ${field({ label: "Repeat the password", name: "passwordConfirm", type: "password", required: true, autocomplete: "new-password", minlength: 10, maxlength: 200 })}`
      }
      <button type="submit" class="btn btn-primary btn-block">${accountExists ? "Join workspace" : "Set password and join"}</button>
    </form>`,
    { csrf: input.csrf },
  );
}

export function invalidInvitationPage(message: string): SafeHtml {
  return authPage(
    "Invitation unavailable",
    html`<h1>This invitation can't be used</h1>
    <p>${message}</p>
    <p><a class="btn btn-secondary" href="/login">Go to log in</a></p>`,
  );
}

/** After a sign-up request: the same page whether or not the address has an account. */
export function signupCheckInboxPage(email: string): SafeHtml {
  return authPage(
    "Check your inbox",
    html`<h1>Check your inbox</h1>
    <p>We sent a message to <strong>${email}</strong>. Open the link in it to finish creating your account; it works once, for 24 hours.</p>
    <p class="muted">Nothing arrived? Check your spam folder, or sign up again in 10 minutes.</p>
    <p><a class="btn btn-secondary" href="/login">Go to log in</a></p>`,
  );
}

/** The link's page: one button, so that mail scanners following links confirm nothing. */
export function signupConfirmPage(input: { csrf: string; token: string; email: string; workspaceName: string }): SafeHtml {
  return authPage(
    "Confirm your account",
    html`<h1>Confirm your account</h1>
    <p>Create the account <strong>${input.email}</strong> with the workspace <strong>${input.workspaceName}</strong>?</p>
    <form method="post" action="/signup/confirm/${input.token}" class="stack">
      ${csrfField(input.csrf)}
      <button type="submit" class="btn btn-primary btn-block">Create my account</button>
    </form>`,
    { csrf: input.csrf },
  );
}

export function invalidSignupLinkPage(message: string): SafeHtml {
  return authPage(
    "Link unavailable",
    html`<h1>This link can't be used</h1>
    <p>${message}</p>
    <p><a class="btn btn-secondary" href="/signup">Sign up</a></p>`,
  );
}

/** A throttled sign-up: from this network, or for everyone (the install takes only so many an hour). */
export function tooManySignUpsMessage(decision: { retryAfterSeconds: number; scope: "origin" | "global" }): string {
  const minutes = Math.ceil(decision.retryAfterSeconds / 60);
  const wait = `try again in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  return decision.scope === "origin"
    ? `Too many sign-ups from your network. Please ${wait}.`
    : `Sign-up is busy right now. Please ${wait}.`;
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed attempts. For your security, try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** A refused single sign-on: what went wrong in a sentence, and the way back. */
export function oidcRefusedPage(message: string): SafeHtml {
  return authPage(
    "Sign-in refused",
    html`<h1>Sign-in refused</h1>
    ${alert("error", message)}
    <p><a class="btn btn-secondary" href="/login">Back to sign in</a></p>`,
  );
}
