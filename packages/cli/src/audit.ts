import { hostname, userInfo } from "node:os";
import { type AuditAction, type AuditEntry, type OwnedTarget, recordAudit, SECRET_CHANGED, sqlPool, workspaceOwning } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Flags } from "./command.ts";

type Result = Record<string, unknown>;

interface CliChange {
  action: AuditAction;
  /** The workspace changed; null for an install-wide change (operator grants). */
  workspaceId: string | null;
  target: { type: string; id: string } | null;
  changes: Record<string, unknown>;
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const flag = (flags: Flags, name: string): string | null => text(flags[name]);
/** The workspace a command named, or the one its result belongs to. */
const workspaceOf = (flags: Flags, result: Result): string | null => flag(flags, "workspace") ?? text(result.workspaceId);
const target = (type: string, id: string | null) => (id ? { type, id } : null);

/**
 * `inbound add-route` answers its domain with every route: the new one is the route with the
 * address asked for (given as a local part or a whole address).
 */
function addedRoute(result: Result, address: string | null): { id: string; address: string } | null {
  const domain = text(result.domain);
  if (!address || !domain || !Array.isArray(result.routes)) return null;
  const wanted = (address.includes("@") ? address : `${address}@${domain}`).trim().toLowerCase();
  const routes = result.routes as Array<{ id: string; address: string }>;
  return routes.find((route) => route.address.toLowerCase() === wanted) ?? null;
}

/**
 * The CLI commands that change something, by `group action`, and how each is recorded. Reads are
 * absent. A command's result and flags name the target; secrets in them (a new key, a signing
 * secret, a password) are never copied: only the fields listed here are.
 */
const AUDITED: Record<string, (flags: Flags, result: Result) => CliChange> = {
  "workspace create": (_f, r) => ({
    action: "workspace.created",
    workspaceId: text(r.id),
    target: target("workspace", text(r.id)),
    changes: { name: r.name, plan: r.plan },
  }),
  "workspace set-plan": (f, r) => ({
    action: "workspace.plan_changed",
    workspaceId: flag(f, "workspace"),
    target: target("workspace", flag(f, "workspace")),
    changes: { plan: r.plan, dailySendLimit: r.dailySendLimit },
  }),
  "workspace set-rate-limit": (f, r) => ({
    action: "workspace.rate_limit_changed",
    workspaceId: flag(f, "workspace"),
    target: target("workspace", flag(f, "workspace")),
    changes: { rateLimit: r.rateLimit ?? null },
  }),
  "key create": (f, r) => ({
    action: "api_key.created",
    workspaceId: flag(f, "workspace"),
    target: target("api_key", text(r.id)),
    changes: { name: r.name, environment: r.environment, scope: r.scope, key: SECRET_CHANGED },
  }),
  "domain add": (f, r) => ({
    action: "domain.created",
    workspaceId: workspaceOf(f, r),
    target: target("domain", text(r.id)),
    changes: { domain: r.domain, mailFromDomain: r.mailFromDomain },
  }),
  "domain remove": (f, r) => ({
    action: "domain.removed",
    workspaceId: workspaceOf(f, r),
    target: target("domain", flag(f, "id")),
    changes: { domain: r.domain },
  }),
  "webhook create": (f, r) => ({
    action: "webhook.created",
    workspaceId: flag(f, "workspace"),
    target: target("webhook", text(r.id)),
    changes: { url: r.url, events: r.events, isActive: r.isActive, secret: SECRET_CHANGED },
  }),
  "webhook delete": (f, r) => ({
    action: "webhook.deleted",
    workspaceId: workspaceOf(f, r),
    target: target("webhook", flag(f, "id")),
    changes: {},
  }),
  "suppression add": (f, r) => ({
    action: "suppression.added",
    workspaceId: flag(f, "workspace"),
    target: target("suppression", flag(f, "address")),
    changes: { expiresAt: r.expiresAt ?? null },
  }),
  "suppression remove": (f, r) => ({
    action: "suppression.removed",
    workspaceId: flag(f, "workspace"),
    target: target("suppression", flag(f, "address")),
    changes: { reason: r.reason },
  }),
  "suppression import": (f, r) => ({
    action: "suppression.imported",
    workspaceId: flag(f, "workspace"),
    target: target("suppression_list", flag(f, "workspace")),
    changes: { added: r.added, skipped: r.skipped, invalid: r.invalid },
  }),
  "suppression topic-remove": (f, r) => ({
    action: "topic_suppression.removed",
    workspaceId: flag(f, "workspace"),
    target: target("topic_suppression", `${r.topic}:${r.address}`),
    changes: { topic: r.topic },
  }),
  "suppression export": (f) => ({
    action: "suppression.exported",
    workspaceId: flag(f, "workspace"),
    target: target("suppression_list", flag(f, "workspace")),
    changes: {},
  }),
  "operator grant": (f) => ({
    action: "operator.granted",
    workspaceId: null,
    target: target("user", flag(f, "email")),
    changes: { isOperator: true },
  }),
  "operator revoke": (f) => ({
    action: "operator.revoked",
    workspaceId: null,
    target: target("user", flag(f, "email")),
    changes: { isOperator: false },
  }),
  "domain verify": (f, r) => ({
    action: "domain.verified",
    workspaceId: workspaceOf(f, r),
    target: target("domain", flag(f, "id")),
    changes: { status: r.status },
  }),
  "domain mark-verified": (f, r) => ({
    action: "domain.verified",
    workspaceId: workspaceOf(f, r),
    target: target("domain", flag(f, "id")),
    changes: { status: r.status, override: true },
  }),
  "domain tracking": (f, r) => ({
    action: "domain.tracking_changed",
    workspaceId: workspaceOf(f, r),
    target: target("domain", flag(f, "id")),
    changes: { tracking: r.tracking },
  }),
  "inbound add-domain": (f, r) => ({
    action: "receiving_domain.created",
    workspaceId: workspaceOf(f, r),
    target: target("receiving_domain", text(r.id)),
    changes: { domain: r.domain },
  }),
  "inbound verify-domain": (f, r) => ({
    action: "receiving_domain.verified",
    workspaceId: workspaceOf(f, r),
    target: target("receiving_domain", flag(f, "id")),
    changes: { status: r.status },
  }),
  "inbound mark-verified": (f, r) => ({
    action: "receiving_domain.verified",
    workspaceId: workspaceOf(f, r),
    target: target("receiving_domain", flag(f, "id")),
    changes: { status: r.status, override: true },
  }),
  "inbound remove-domain": (f, r) => ({
    action: "receiving_domain.removed",
    workspaceId: workspaceOf(f, r),
    target: target("receiving_domain", flag(f, "id")),
    changes: { domain: r.domain },
  }),
  "inbound add-route": (f, r) => {
    const route = addedRoute(r, flag(f, "address"));
    return {
      action: "inbound_route.created",
      workspaceId: workspaceOf(f, r),
      target: route ? target("inbound_route", route.id) : target("receiving_domain", text(r.id)),
      changes: { receivingDomainId: text(r.id), address: route?.address ?? flag(f, "address") },
    };
  },
  "inbound remove-route": (f, r) => ({
    action: "inbound_route.removed",
    workspaceId: workspaceOf(f, r),
    target: target("inbound_route", flag(f, "id")),
    changes: {},
  }),
  "webhook replay": (f, r) => ({
    action: "webhook.replayed",
    workspaceId: workspaceOf(f, r),
    target: target("webhook", flag(f, "id")),
    changes: {
      replayId: r.id,
      delivery: flag(f, "delivery"),
      email: flag(f, "email"),
      failedSince: flag(f, "failed-since"),
      from: flag(f, "from"),
      to: flag(f, "to"),
    },
  }),
  "webhook test": (f, r) => ({
    action: "webhook.test_sent",
    workspaceId: workspaceOf(f, r),
    target: target("webhook", flag(f, "id")),
    changes: { deliveryId: r.id, eventType: r.eventType },
  }),
  // As the dashboard's "Retry now": a manual attempt of one delivery is a replay of it.
  "webhook retry": (f, r) => ({
    action: "webhook.replayed",
    workspaceId: workspaceOf(f, r),
    target: target("webhook", text(r.subscriptionId)),
    changes: { delivery: flag(f, "delivery") },
  }),
  "webhook disable": (f, r) => ({
    action: "webhook.updated",
    workspaceId: workspaceOf(f, r),
    target: target("webhook", flag(f, "id")),
    changes: { isActive: false },
  }),
  "webhook enable": (f, r) => ({
    action: "webhook.updated",
    workspaceId: workspaceOf(f, r),
    target: target("webhook", flag(f, "id")),
    changes: { isActive: true },
  }),
  "template publish": (f, r) => ({
    action: "template.published",
    workspaceId: flag(f, "workspace"),
    target: target("template", flag(f, "template")),
    changes: { version: r.version, fromVersion: flag(f, "from-version") },
  }),
  "user create": (f, r) => ({
    action: "member.joined",
    workspaceId: flag(f, "workspace"),
    target: target("user", text(r.id)),
    changes: { email: r.email, role: r.role, accountCreated: r.created, password: r.created === true ? SECRET_CHANGED : undefined },
  }),
  "oidc configure": (_f, r) => ({
    action: "oidc.configured",
    workspaceId: null,
    target: target("oidc_provider", text(r.issuerUrl)),
    changes: { issuer: r.issuerUrl, clientId: r.clientId, displayName: r.displayName, clientSecret: SECRET_CHANGED },
  }),
  "oidc remove": () => ({ action: "oidc.removed", workspaceId: null, target: null, changes: {} }),
  "oidc enable": (_f, r) => ({
    action: "oidc.enabled_changed",
    workspaceId: null,
    target: null,
    changes: { enabled: true, changed: r.changed },
  }),
  "oidc disable": (_f, r) => ({
    action: "oidc.enabled_changed",
    workspaceId: null,
    target: null,
    changes: { enabled: false, changed: r.changed },
  }),
  "oidc allow-domain": (_f, r) => ({
    action: "oidc.domain_allowed",
    workspaceId: text(r.workspaceId),
    target: target("domain", text(r.domain)),
    changes: { domain: r.domain, role: r.role },
  }),
  "oidc disallow-domain": (f) => ({
    action: "oidc.domain_removed",
    workspaceId: null,
    target: target("domain", flag(f, "domain")),
    changes: {},
  }),
  "ses setup": (_f, r) => ({
    action: "ses.setup",
    workspaceId: null,
    target: target("ses_account", text(r.accountId)),
    changes: { region: r.region, topicArn: r.topicArn, changed: r.changed },
  }),
};

/**
 * Commands that may name their target by id alone (no --workspace): the flag holding the id and
 * what it names. Its owner is read before the command runs (a removal takes the row with it), so
 * that the entry lands in the owner's workspace, where its owners see it.
 */
const TARGET_FLAG: Record<string, { type: OwnedTarget; flag: string }> = {
  "domain verify": { type: "domain", flag: "id" },
  "domain mark-verified": { type: "domain", flag: "id" },
  "domain tracking": { type: "domain", flag: "id" },
  "domain remove": { type: "domain", flag: "id" },
  "inbound verify-domain": { type: "receiving_domain", flag: "id" },
  "inbound mark-verified": { type: "receiving_domain", flag: "id" },
  "inbound remove-domain": { type: "receiving_domain", flag: "id" },
  "inbound add-route": { type: "receiving_domain", flag: "domain-id" },
  "inbound remove-route": { type: "inbound_route", flag: "id" },
  "webhook test": { type: "webhook", flag: "id" },
  "webhook retry": { type: "webhook_delivery", flag: "delivery" },
};

/** The workspace owning the target a command names by id, read before it runs; null when it names none (or none exists). */
export async function ownerBeforeChange(db: DbHandle, path: readonly string[], flags: Flags): Promise<string | null> {
  const named = TARGET_FLAG[path.join(" ")];
  const id = named ? flag(flags, named.flag) : null;
  return named && id ? workspaceOwning(sqlPool(db), named.type, id) : null;
}

/**
 * The entry a CLI command's run is recorded as, or null for a command that changes nothing.
 * `owner`: the workspace owning the target, read before the run, for commands that name it by id alone.
 */
export function cliAuditEntry(path: readonly string[], flags: Flags, result: unknown, owner: string | null = null): AuditEntry | null {
  const describe = AUDITED[path.join(" ")];
  if (!describe) return null;
  const change = describe(flags, typeof result === "object" && result !== null ? (result as Result) : {});
  return { ...change, workspaceId: change.workspaceId ?? owner, ...cliActor() };
}

/**
 * Who runs the CLI, as the audit log names them: the operating-system account, on this host. Also
 * for commands whose use case records its own entry inside the change's transaction (and so are
 * absent from AUDITED).
 */
export function cliActor(): Pick<AuditEntry, "actor" | "source"> {
  let account = "unknown";
  try {
    account = userInfo().username;
  } catch {
    // No passwd entry for this uid (a container): the host still names where it ran.
  }
  return { actor: { type: "operator", id: `cli:${account}` }, source: `cli@${hostname()}` };
}

/** Records a CLI change (right after it: the command's own writes have committed). Throws when the write fails. */
export async function recordCliChange(db: DbHandle, entry: AuditEntry): Promise<void> {
  await recordAudit(sqlPool(db), entry);
}
