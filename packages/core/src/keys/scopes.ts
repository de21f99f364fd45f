import type { KeyScope } from "@svc/db";

/** What each scope preset may do. No key may manage the account. */
const PERMISSIONS = [
  "emails:send",
  "emails:read",
  "api_keys:manage",
  "suppressions:read",
  "suppressions:manage",
  "webhooks:manage",
  "templates:read",
  "templates:manage",
  "audit_log:read",
  "erasures:manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const SCOPE_NAMES = ["send-only", "read-only", "full-access"] as const;
export type ScopeName = (typeof SCOPE_NAMES)[number];

const GRANTS: Record<ScopeName, readonly Permission[]> = {
  "send-only": ["emails:send"],
  // A send-only key may send by template (emails:send) without reading templates. Webhook
  // subscriptions are full-access only: their URLs may carry the receiver's credentials.
  "read-only": ["emails:read", "suppressions:read", "templates:read"],
  "full-access": PERMISSIONS,
};

export function scopeAllows(scope: ScopeName, permission: Permission): boolean {
  return GRANTS[scope].includes(permission);
}

/** Prisma's enum uses identifiers (`send_only`); the API uses hyphenated names (`send-only`). */
export function scopeName(scope: KeyScope): ScopeName {
  return scope.replace("_", "-") as ScopeName;
}

export function scopeFromName(name: ScopeName): KeyScope {
  return name.replace("-", "_") as KeyScope;
}
