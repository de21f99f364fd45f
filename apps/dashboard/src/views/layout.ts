import { type MembershipView, roleAllows } from "@svc/core";
import type { MemberRole } from "@svc/db";
import { type AlertTone, alert, csrfField } from "./components.ts";
import { html, type Renderable, raw, type SafeHtml } from "./html.ts";

export type NavKey =
  | "overview"
  | "emails"
  | "inbox"
  | "keys"
  | "domains"
  | "recipients"
  | "suppressions"
  | "templates"
  | "webhooks"
  | "smtp"
  | "members"
  | "audit"
  | "erasures";

export interface Notice {
  tone: AlertTone;
  text: string;
}

export interface AppPageInput {
  title: string;
  /** The highlighted navigation entry (none on error pages). */
  nav: NavKey | null;
  body: Renderable;
  userEmail: string;
  workspace: MembershipView;
  memberships: MembershipView[];
  csrf: string;
  notice?: Notice | null;
}

const ICONS: Record<NavKey, string> = {
  overview: '<path d="M3 13h8V3H3zM13 21h8V11h-8zM13 3v6h8V3zM3 21h8v-6H3z"/>',
  emails: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 7l9 6 9-6"/>',
  keys: '<circle cx="8" cy="15" r="4"/><path d="M10.8 12.2 20 3M17 6l3 3M15 8l2 2"/>',
  domains: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18"/>',
  recipients: '<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>',
  suppressions: '<circle cx="12" cy="12" r="9"/><path d="M5.6 5.6l12.8 12.8"/>',
  templates: '<rect x="4" y="4" width="16" height="16" rx="2"/><path d="M8 9h8M8 13h8M8 17h5"/>',
  webhooks: '<path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7"/><path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7"/>',
  smtp: '<path d="M4 6h16v12H4z"/><path d="M4 6l8 7 8-7"/><path d="M9 15h6"/>',
  inbox: '<path d="M3 13l3-8h12l3 8v6H3z"/><path d="M3 13h5l1 3h6l1-3h5"/>',
  audit: '<path d="M6 3h9l4 4v14H6z"/><path d="M15 3v4h4M9 12h7M9 16h7"/>',
  erasures: '<path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13"/><path d="M10 11v6M14 11v6"/>',
  members:
    '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0"/><circle cx="17" cy="9" r="2.5"/><path d="M16 14.2a5 5 0 0 1 5.5 5"/>',
};

const NAV: Array<{ key: NavKey; href: string; label: string; ownerOnly?: boolean }> = [
  { key: "overview", href: "/", label: "Overview" },
  { key: "emails", href: "/emails", label: "Emails" },
  { key: "inbox", href: "/inbound", label: "Inbox" },
  { key: "keys", href: "/api-keys", label: "API keys" },
  { key: "domains", href: "/domains", label: "Domains" },
  { key: "recipients", href: "/test-recipients", label: "Test recipients" },
  { key: "suppressions", href: "/suppressions", label: "Suppressions" },
  { key: "templates", href: "/templates", label: "Templates" },
  { key: "webhooks", href: "/webhooks", label: "Webhooks" },
  { key: "smtp", href: "/smtp", label: "SMTP" },
  { key: "members", href: "/members", label: "Members & plan", ownerOnly: true },
  { key: "audit", href: "/audit-log", label: "Audit log", ownerOnly: true },
  { key: "erasures", href: "/erasures", label: "Erasures", ownerOnly: true },
];

function icon(key: NavKey): SafeHtml {
  return raw(
    `<svg class="nav-icon" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${ICONS[key]}</svg>`,
  );
}

const LOGO = raw(
  '<svg viewBox="0 0 32 32" width="26" height="26" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M8 11.5 16 17l8-5.5M8 11v10h16V11" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/></svg>',
);

function documentShell(title: string, body: Renderable, options: { csrf?: string; bodyClass?: string } = {}): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
${options.csrf && html`<meta name="csrf-token" content="${options.csrf}">`}
<title>${title} · Svc</title>
<link rel="stylesheet" href="/assets/app.css">
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<script src="/assets/app.js" defer></script>
</head>
<body class="${options.bodyClass ?? ""}">
<a class="skip-link" href="#main">Skip to content</a>
${body}
</body>
</html>`;
}

function roleLabel(role: MemberRole): string {
  return role[0]!.toUpperCase() + role.slice(1);
}

function workspaceSwitcher(input: AppPageInput): SafeHtml {
  if (input.memberships.length < 2) {
    return html`<div class="workspace-current" title="${input.workspace.workspaceName}">
      <span class="workspace-name">${input.workspace.workspaceName}</span>
      <span class="workspace-role">${roleLabel(input.workspace.role)}</span>
    </div>`;
  }
  return html`<form method="post" action="/workspaces/switch" class="workspace-switcher">
    ${csrfField(input.csrf)}
    <label for="workspace-select" class="sr-only">Workspace</label>
    <select id="workspace-select" name="workspaceId">
      ${input.memberships.map(
        (m) =>
          html`<option value="${m.workspaceId}"${m.workspaceId === input.workspace.workspaceId ? raw(" selected") : ""}>${m.workspaceName} (${roleLabel(m.role)})</option>`,
      )}
    </select>
    <button type="submit" class="btn btn-small btn-secondary">Switch</button>
  </form>`;
}

/** Every signed-in page: sidebar navigation, workspace switcher, account menu, main column. */
export function appPage(input: AppPageInput): SafeHtml {
  const isOwner = roleAllows(input.workspace.role, "members:manage");
  const nav = NAV.filter((item) => !item.ownerOnly || isOwner);
  const readOnly = !roleAllows(input.workspace.role, "workspace:write");
  return documentShell(
    input.title,
    html`<div class="app">
  <aside class="sidebar" aria-label="Main">
    <a class="brand" href="/">${LOGO}<span>Svc</span></a>
    ${workspaceSwitcher(input)}
    <nav>
      <ul class="nav-list">
        ${nav.map(
          (item) =>
            html`<li><a class="nav-link${item.key === input.nav ? " active" : ""}" href="${item.href}"${item.key === input.nav ? raw(' aria-current="page"') : ""}>${icon(item.key)}<span>${item.label}</span></a></li>`,
        )}
      </ul>
    </nav>
    <div class="sidebar-footer">
      <div class="account" title="${input.userEmail}">
        <span class="avatar" aria-hidden="true">${input.userEmail[0]?.toUpperCase()}</span>
        <span class="account-email">${input.userEmail}</span>
      </div>
      <form method="post" action="/logout">${csrfField(input.csrf)}<button type="submit" class="btn btn-small btn-ghost">Log out</button></form>
    </div>
  </aside>
  <main id="main" class="main" tabindex="-1">
    ${readOnly && html`<div class="readonly-banner" role="note">You have read-only access to this workspace (viewer). Ask an owner for more.</div>`}
    ${input.notice && alert(input.notice.tone, input.notice.text)}
    ${input.body}
  </main>
</div>`,
    { csrf: input.csrf },
  );
}

/** Sign-in, sign-up, invitation and error pages: a centred card without navigation. */
export function authPage(title: string, body: Renderable, options: { csrf?: string; wide?: boolean } = {}): SafeHtml {
  return documentShell(
    title,
    html`<main id="main" class="auth-main">
  <a class="brand brand-center" href="/">${LOGO}<span>Svc</span></a>
  <div class="auth-card${options.wide ? " auth-card-wide" : ""}">${body}</div>
  <p class="auth-footer">Transactional email, self-hosted.</p>
</main>`,
    { csrf: options.csrf, bodyClass: "auth-body" },
  );
}
