/**
 * Every action the audit log records, one name each: `<what>.<verb>`. The union is the only list;
 * a filter naming anything else is refused, and a writer cannot record an unnamed action.
 */
export const AUDIT_ACTIONS = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "api_key.created",
  "api_key.revoked",
  "api_key.source_refused",
  "domain.created",
  "domain.verified",
  "domain.tracking_changed",
  "domain.removed",
  "receiving_domain.created",
  "receiving_domain.verified",
  "receiving_domain.removed",
  "inbound_route.created",
  "inbound_route.removed",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.replayed",
  "webhook.test_sent",
  "template.created",
  "template.updated",
  "template.deleted",
  "template.published",
  "template.duplicated",
  "template.test_sent",
  "test_recipient.added",
  "test_recipient.removed",
  "suppression.added",
  "suppression.removed",
  "suppression.imported",
  "suppression.exported",
  "member.invited",
  "member.invitation_revoked",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "operator.granted",
  "operator.revoked",
  "workspace.created",
  "workspace.plan_changed",
  "workspace.rate_limit_changed",
  "workspace.retention_changed",
  "ses.setup",
  "erasure.requested",
  "erasure.completed",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}
