import type { MemberRole } from "@svc/db";
import { AppError } from "../errors.ts";

export const MEMBER_ROLES = ["owner", "admin", "viewer"] as const satisfies readonly MemberRole[];

/**
 * What a member may do in a workspace. Viewers read; admins also change keys, domains,
 * recipients and webhooks; only owners manage members (the plan is the operator's, shown to
 * owners). The dashboard checks these on the server for every request.
 */
const WORKSPACE_PERMISSIONS = ["workspace:read", "workspace:write", "members:manage"] as const;
export type WorkspacePermission = (typeof WORKSPACE_PERMISSIONS)[number];

const ROLE_GRANTS: Record<MemberRole, readonly WorkspacePermission[]> = {
  owner: ["workspace:read", "workspace:write", "members:manage"],
  admin: ["workspace:read", "workspace:write"],
  viewer: ["workspace:read"],
};

export function roleAllows(role: MemberRole, permission: WorkspacePermission): boolean {
  return ROLE_GRANTS[role].includes(permission);
}

export function parseRole(value: string): MemberRole {
  if (!(MEMBER_ROLES as readonly string[]).includes(value)) {
    throw new AppError("validation_failed", `role: must be one of ${MEMBER_ROLES.join(", ")}.`);
  }
  return value as MemberRole;
}
