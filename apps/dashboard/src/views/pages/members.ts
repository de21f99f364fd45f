import {
  type InvitationView,
  MEMBER_ROLES,
  type MembershipView,
  type MemberView,
  planLimits,
  type WorkspaceRetentionView,
} from "@svc/core";
import {
  alert,
  badge,
  card,
  confirmAction,
  csrfField,
  emptyState,
  field,
  keyValueList,
  pageHeader,
  secretReveal,
  selectField,
  time,
} from "../components.ts";
import { formatNumber } from "../format.ts";
import { html, raw, type SafeHtml } from "../html.ts";

const ROLE_CHOICES = [
  { value: "viewer", label: "Viewer: read-only" },
  { value: "admin", label: "Admin: everything but members and plan" },
  { value: "owner", label: "Owner: full control" },
];

export interface MembersPageInput {
  workspace: MembershipView;
  members: MemberView[];
  invitations: InvitationView[];
  currentUserId: string;
  csrf: string;
  form?: { email?: string; role?: string; error?: string };
  /** Shown once when no email could be sent (no system sender configured). */
  inviteLink?: { email: string; link: string };
  secondFactorError?: string;
  retention: WorkspaceRetentionView;
  /** A refused retention change: what was typed, and why. */
  retentionForm?: { bodyRetentionDays: string; metadataRetentionDays: string; privacyMode: string; error: string };
}

const daysText = (days: number | null) => (days === null ? "" : String(days));

/** Owners choose how long bodies and metadata are kept, within the plan, and privacy mode. */
function retentionCard(input: MembersPageInput): SafeHtml {
  const r = input.retention;
  const form = input.retentionForm ?? {
    bodyRetentionDays: daysText(r.bodyRetentionDays),
    metadataRetentionDays: daysText(r.metadataRetentionDays),
    privacyMode: r.privacyMode ? "on" : "off",
    error: "",
  };
  const help = `0 to ${r.planRetentionDays} days; empty: the plan's ${r.planRetentionDays}.`;
  return card(
    html`${form.error && alert("error", form.error)}
    <form method="post" action="/members/retention" class="form-grid" data-form="retention">
      ${csrfField(input.csrf)}
      ${field({ label: "Keep bodies (days)", name: "bodyRetentionDays", value: form.bodyRetentionDays, inputmode: "numeric", maxlength: 6, help: `Subject, text, HTML, attachments and received messages. ${help} Never longer than metadata.` })}
      ${field({ label: "Keep metadata (days)", name: "metadataRetentionDays", value: form.metadataRetentionDays, inputmode: "numeric", maxlength: 6, help: `Addresses and events. 1 to ${r.planRetentionDays} days; empty: the plan's.` })}
      ${selectField({
        label: "Privacy mode",
        name: "privacyMode",
        value: form.privacyMode,
        choices: [
          { value: "off", label: "Off: keep bodies as set above" },
          { value: "on", label: "On: keep no body after the handoff" },
        ],
        help: "Bodies are removed once the provider has the email (or it failed for good); received messages once their webhooks are delivered.",
      })}
      <div class="form-actions"><button type="submit" class="btn btn-primary">Save retention</button></div>
    </form>`,
    {
      title: "Retention & privacy",
      description: `Now: bodies ${r.effective.bodyDays} days, metadata ${r.effective.metadataDays} days${r.privacyMode ? ", privacy mode on" : ""}.`,
    },
  );
}

function planCard(workspace: MembershipView): SafeHtml {
  const plan = planLimits(workspace.plan);
  return card(
    keyValueList([
      ["Plan", badge(workspace.plan, plan.label)],
      ["Daily send limit", plan.dailySendLimit === null ? "Unlimited" : `${formatNumber(plan.dailySendLimit)} emails per day (UTC)`],
      ["Retention", `${plan.retentionDays} days of emails and events`],
    ]),
    { title: "Plan", description: html`Plans are changed by the operator of this server (<code>svc workspace set-plan</code>).` },
  );
}

function roleForm(member: MemberView, csrf: string): SafeHtml {
  return html`<form method="post" action="/members/${member.id}/role" class="inline-form role-form">
    ${csrfField(csrf)}
    <label class="sr-only" for="role-${member.id}">Role of ${member.email}</label>
    <select id="role-${member.id}" name="role">${MEMBER_ROLES.map((r) => html`<option value="${r}"${r === member.role ? raw(" selected") : ""}>${r[0]!.toUpperCase() + r.slice(1)}</option>`)}</select>
    <button type="submit" class="btn btn-small btn-secondary">Save</button>
  </form>`;
}

function secondFactorCard(input: MembersPageInput): SafeHtml {
  const required = input.workspace.requireSecondFactor;
  return card(
    html`${input.secondFactorError && alert("error", input.secondFactorError)}
    <p>${required ? "Every member must sign in with a second factor (an authenticator app or a passkey). Members without one are sent to set it up and can do nothing else until they have." : "Members may sign in with their password alone."}</p>
    <form method="post" action="/members/second-factor" class="inline-form">
      ${csrfField(input.csrf)}
      <input type="hidden" name="required" value="${required ? "false" : "true"}">
      <button type="submit" class="btn btn-${required ? "secondary" : "primary"}">${required ? "Stop requiring a second factor" : "Require a second factor"}</button>
    </form>`,
    { title: "Second factor", id: "second-factor" },
  );
}

export function membersBody(input: MembersPageInput): SafeHtml {
  const form = input.form ?? {};
  return html`${pageHeader("Members & plan", { description: `Who can use ${input.workspace.workspaceName}, and what it may send.` })}
  ${planCard(input.workspace)}
  ${secondFactorCard(input)}
  ${retentionCard(input)}
  ${
    input.inviteLink &&
    card(
      html`${alert("warning", "This server has no system sender configured, so no email was sent. Share this link with them privately; it works once.", `Invitation for ${input.inviteLink.email} created.`)}
    ${secretReveal("Invitation link", input.inviteLink.link, "invite-link")}`,
      { tone: "success" },
    )
  }
  ${card(
    html`${form.error && alert("error", form.error)}
    <form method="post" action="/members/invite" class="form-grid">
      ${csrfField(input.csrf)}
      ${field({ label: "Email address", name: "email", type: "email", value: form.email ?? "", required: true, maxlength: 254, autocomplete: "off", placeholder: "teammate@example.com" })}
      ${selectField({ label: "Role", name: "role", value: form.role ?? "viewer", choices: ROLE_CHOICES })}
      <div class="form-actions"><button type="submit" class="btn btn-primary">Send invitation</button></div>
    </form>`,
    { title: "Invite someone", description: "They get an email with a link to set a password and join." },
  )}
  ${card(
    html`<div class="table-wrap"><table class="table">
      <thead><tr><th scope="col">Member</th><th scope="col">Role</th><th scope="col">Joined</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
      <tbody>${input.members.map(
        (m) => html`<tr data-member="${m.email}">
          <td>${m.email}${m.userId === input.currentUserId && html` <span class="muted">(you)</span>`}</td>
          <td>${roleForm(m, input.csrf)}</td>
          <td>${time(m.createdAt)}</td>
          <td class="actions">${confirmAction({
            href: `/members/${m.id}/remove`,
            label: m.userId === input.currentUserId ? "Leave" : "Remove",
            question:
              m.userId === input.currentUserId
                ? "Leave this workspace? You lose access at once."
                : `Remove ${m.email} from this workspace? They lose access at once.`,
            confirmLabel: m.userId === input.currentUserId ? "Leave workspace" : "Remove member",
            csrf: input.csrf,
          })}</td>
        </tr>`,
      )}</tbody></table></div>`,
    { title: "Members" },
  )}
  ${card(
    input.invitations.length === 0
      ? emptyState("No pending invitations", "Invitations you send appear here until they are accepted or expire.")
      : html`<div class="table-wrap"><table class="table">
        <thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Sent</th><th scope="col">Expires</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>${input.invitations.map(
          (i) => html`<tr><td>${i.email}</td><td>${badge(i.role)}</td><td>${time(i.createdAt, "relative")}</td><td>${time(i.expiresAt)}</td>
            <td class="actions">${confirmAction({ href: `/members/invitations/${i.id}/revoke`, label: "Revoke", question: `Revoke the invitation for ${i.email}? Its link stops working.`, confirmLabel: "Revoke invitation", csrf: input.csrf })}</td></tr>`,
        )}</tbody></table></div>`,
    { title: "Pending invitations" },
  )}`;
}
