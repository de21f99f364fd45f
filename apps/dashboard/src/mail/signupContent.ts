import { escapeHtml } from "../views/html.ts";

const STYLE = "font-family:-apple-system,Segoe UI,Roboto,sans-serif;color:#111827;line-height:1.5";
const BUTTON = "display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none";

/** The link that finishes a sign-up. */
export function signupConfirmContent(input: { link: string; expiresAt: Date }): { subject: string; text: string; html: string } {
  const expires = input.expiresAt.toUTCString();
  const e = escapeHtml;
  return {
    subject: "Confirm your Svc account",
    text: [
      "Open this link to finish creating your Svc account:",
      input.link,
      "",
      `It works once and expires ${expires}.`,
      "If you did not sign up, ignore this email: no account is created.",
    ].join("\n"),
    html: `<!doctype html><html><body style="${STYLE}">
<p>Open this link to finish creating your Svc account.</p>
<p><a href="${e(input.link)}" style="${BUTTON}">Confirm my account</a></p>
<p style="color:#6b7280;font-size:13px">Or paste this link into your browser: ${e(input.link)}<br>It works once and expires ${e(expires)}. If you did not sign up, ignore this email: no account is created.</p>
</body></html>`,
  };
}

/** Someone asked to sign up with an address that already has an account. */
export function signupExistingAccountContent(input: { loginUrl: string }): { subject: string; text: string; html: string } {
  const e = escapeHtml;
  return {
    subject: "You already have a Svc account",
    text: [
      "Someone asked to create a Svc account with this address, which already has one.",
      "Log in instead:",
      input.loginUrl,
      "",
      "If it was not you, you can ignore this email.",
    ].join("\n"),
    html: `<!doctype html><html><body style="${STYLE}">
<p>Someone asked to create a Svc account with this address, which already has one.</p>
<p><a href="${e(input.loginUrl)}" style="${BUTTON}">Log in</a></p>
<p style="color:#6b7280;font-size:13px">If it was not you, you can ignore this email.</p>
</body></html>`,
  };
}
