import { escapeHtml } from "../views/html.ts";
import type { InvitationMessage } from "./invitationMailer.ts";

const ROLE_TEXT: Record<string, string> = {
  owner: "an owner (full control, including members)",
  admin: "an admin (manage keys, domains and webhooks)",
  viewer: "a viewer (read-only)",
};

/** Subject and bodies of the invitation email: plain text first, a simple HTML twin. */
export function invitationContent(message: InvitationMessage): { subject: string; text: string; html: string } {
  const expires = new Date(message.expiresAt).toUTCString();
  // The workspace name is whatever its owner typed: kept out of the subject, the one line a
  // recipient reads as the sender's own words, and quoted as a plain name in the body.
  const subject = "You're invited to a workspace on Svc";
  const text = [
    `${message.inviterEmail} invited you to join the workspace "${message.workspaceName}" as ${ROLE_TEXT[message.role] ?? message.role}.`,
    "",
    "Accept the invitation and set your password:",
    message.link,
    "",
    `The link works once and expires ${expires}.`,
    "If you weren't expecting this, you can ignore this email.",
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html><html><body style="font-family:-apple-system,Segoe UI,Roboto,sans-serif;color:#111827;line-height:1.5">
<p><strong>${e(message.inviterEmail)}</strong> invited you to join the workspace <strong>${e(message.workspaceName)}</strong> as ${e(ROLE_TEXT[message.role] ?? message.role)}.</p>
<p><a href="${e(message.link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Accept invitation</a></p>
<p style="color:#6b7280;font-size:13px">Or paste this link into your browser: ${e(message.link)}<br>The link works once and expires ${e(expires)}.</p>
</body></html>`;
  return { subject, text, html };
}
