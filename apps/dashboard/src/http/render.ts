import type { Request, Response } from "express";
import type { Renderable, SafeHtml } from "../views/html.ts";
import { appPage, type NavKey, type Notice } from "../views/layout.ts";
import type { WorkspaceRequest } from "./guards.ts";

/**
 * Messages shown after a redirect (`?notice=<code>`): the code picks one of these fixed texts,
 * so nothing from the URL is ever echoed into the page.
 */
const NOTICES: Record<string, Notice> = {
  key_revoked: { tone: "success", text: "The API key was revoked. Requests using it are refused from now on." },
  domain_added: { tone: "success", text: "Domain added. Publish the DNS records below, then click Verify." },
  tracking_saved: { tone: "success", text: "Tracking saved: the next emails from this domain use it." },
  domain_verified: { tone: "success", text: "Every record matched: the domain is verified and ready to send from." },
  domain_unverified: {
    tone: "warning",
    text: "Not every record matched yet. DNS changes can take a while to appear; check the results below and try again.",
  },
  domain_removed: { tone: "success", text: "The domain was removed." },
  receiving_verified: { tone: "success", text: "Every record matched: the domain is verified and mail to its routes is received." },
  receiving_removed: { tone: "success", text: "The receiving domain was removed. Mail to it is refused from now on." },
  route_added: { tone: "success", text: "Route added." },
  route_removed: { tone: "success", text: "Route removed. Mail to it is refused from now on." },
  recipient_added: { tone: "success", text: "Test recipient added." },
  recipient_removed: { tone: "success", text: "Test recipient removed." },
  suppression_added: { tone: "success", text: "Address added to the suppression list. Nothing will be sent to it." },
  suppression_exists: { tone: "info", text: "That address is already on the suppression list; its entry is unchanged." },
  suppression_removed: { tone: "success", text: "Address removed from the suppression list. Mail to it is sent again." },
  webhook_enabled: { tone: "success", text: "Webhook activated. New events will be delivered." },
  webhook_disabled: { tone: "success", text: "Webhook deactivated. No new deliveries; pending retries stop." },
  webhook_deleted: { tone: "success", text: "Webhook deleted." },
  delivery_retried: { tone: "success", text: "Retry queued. The attempt appears below in a moment." },
  test_event_sent: { tone: "success", text: "Test event queued. Its delivery appears below in a moment." },
  replay_started: { tone: "success", text: "Replay started. Its deliveries are sent at the pace you chose; its progress is shown below." },
  invitation_sent: { tone: "success", text: "Invitation sent. The link in it works once and expires in 7 days." },
  member_updated: { tone: "success", text: "Role updated." },
  retention_updated: { tone: "success", text: "Retention saved." },
  member_removed: { tone: "success", text: "Member removed." },
  invitation_revoked: { tone: "success", text: "Invitation revoked. Its link no longer works." },
  switched: { tone: "info", text: "Switched workspace." },
  erasure_requested: { tone: "success", text: "Erasure requested. It runs in the background; its status and receipt are below." },
  welcome: { tone: "success", text: "Welcome! Your workspace is ready. Start by adding a sending domain." },
  joined: { tone: "success", text: "You joined the workspace." },
  factor_removed: { tone: "success", text: "The second factor was removed." },
  sso_enabled: { tone: "success", text: "Single sign-on is on." },
  sso_disabled: { tone: "success", text: "Single sign-on is off. Nobody signs in through it until it is turned on again." },
  sso_domain_allowed: { tone: "success", text: "Domain allowed." },
  sso_domain_removed: { tone: "success", text: "Domain removed. Its people can no longer sign in through the provider." },
  regions_saved: { tone: "success", text: "Regions saved. The sender reads them with its next send." },
  email_canceled: { tone: "success", text: "Email canceled. It will not be sent." },
  email_rescheduled: { tone: "success", text: "Email rescheduled." },
  second_factor_required: { tone: "warning", text: "A workspace you belong to requires a second factor. Set one up to continue." },
  requirement_on: {
    tone: "success",
    text: "Every member now needs a second factor. Members without one are asked to set it up at their next step.",
  },
  requirement_off: { tone: "success", text: "A second factor is no longer required of members." },
};

function noticeFrom(req: Request): Notice | null {
  const code = typeof req.query.notice === "string" ? req.query.notice : "";
  return NOTICES[code] ?? null;
}

export function sendPage(
  req: Request,
  res: Response,
  w: WorkspaceRequest,
  page: { title: string; nav: NavKey | null; body: Renderable; status?: number; notice?: Notice | null },
): void {
  const markup: SafeHtml = appPage({
    title: page.title,
    nav: page.nav,
    body: page.body,
    userEmail: w.session.userEmail,
    workspace: w.workspace,
    memberships: w.memberships,
    csrf: w.csrf,
    notice: page.notice === undefined ? noticeFrom(req) : page.notice,
  });
  res
    .status(page.status ?? 200)
    .type("html")
    .send(markup.toString());
}

/** Reads a form field as a trimmed string ("" when absent or not a string). */
export function formString(req: Request, name: string, maxLength = 2000): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value.trim().slice(0, maxLength) : "";
}

/** A form field sent once or several times (checkboxes) as a list of strings. */
export function formList(req: Request, name: string): string[] {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return [];
}

/** Route parameters as strings (Express 5 types them loosely). */
export function param(req: Request, name: string): string {
  const value = (req.params as Record<string, unknown>)[name];
  return typeof value === "string" ? value : "";
}
