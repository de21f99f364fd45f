import { type AuditBy, type AuditEntry, recordAudit, sqlPool } from "@svc/core";
import type { Request } from "express";
import type { DashboardDeps } from "../deps.ts";
import type { WorkspaceRequest } from "./guards.ts";

type Change = Pick<AuditEntry, "action" | "target" | "changes">;

/**
 * Records a change a signed-in person made in the dashboard: their user id as the actor, the
 * client's address as the source, the current workspace. Called right after the change and before
 * the answer: a failed write throws, so the request fails with it rather than passing unrecorded.
 */
export function dashboardAuditor(deps: DashboardDeps) {
  const pool = sqlPool(deps.db);
  const source = (req: Request) => req.ip ?? req.socket.remoteAddress ?? null;
  const personal = (
    req: Request,
    userId: string,
    workspaceId: string | null,
    action: AuditEntry["action"],
    changes?: Record<string, unknown>,
  ) =>
    recordAudit(pool, {
      action,
      workspaceId,
      actor: { type: "user", id: userId },
      source: source(req),
      target: { type: "user", id: userId },
      changes,
    });
  return {
    /** The person and their address, for a use case that records its entry in the change's own transaction. */
    by: (req: Request, w: WorkspaceRequest): AuditBy => ({ actor: { type: "user", id: w.session.userId }, source: source(req) }),
    change: (req: Request, w: WorkspaceRequest, entry: Change): Promise<string> =>
      recordAudit(pool, { ...entry, workspaceId: w.workspaceId, actor: { type: "user", id: w.session.userId }, source: source(req) }),
    /**
     * An operator's change to the install (single sign-on): install-wide, or in the workspace a
     * change names (a domain's sign-ins joining it), so that its owners see it too.
     */
    install: (req: Request, w: WorkspaceRequest, entry: Change, workspaceId: string | null = null): Promise<string> =>
      recordAudit(pool, { ...entry, workspaceId, actor: { type: "user", id: w.session.userId }, source: source(req) }),
    /** An invitation accepted: the person who joined is the actor, in the workspace they joined (no session yet to name it). */
    joined: (req: Request, joined: { userId: string; workspaceId: string; role: string }, invitationId: string): Promise<string> =>
      recordAudit(pool, {
        action: "member.joined",
        workspaceId: joined.workspaceId,
        actor: { type: "user", id: joined.userId },
        source: source(req),
        target: { type: "user", id: joined.userId },
        changes: { role: joined.role, invitationId },
      }),
    /** A new account and its first workspace (the person signed up, or confirmed the link mailed to them). */
    signUp: (req: Request, userId: string, workspaceId: string, changes: { addressConfirmed: boolean }): Promise<string> =>
      personal(req, userId, workspaceId, "auth.sign_up", changes),
    /** A session ended by its person, in the workspace it was in (none yet while a second factor was awaited). */
    signOut: (req: Request, userId: string, workspaceId: string | null, changes: { step?: "second_factor" } = {}): Promise<string> =>
      personal(req, userId, workspaceId, "auth.sign_out", changes),
    /** Sign-ins: a known user in their session's workspace; a failed one install-wide, naming the address tried. */
    signIn: (req: Request, userId: string, workspaceId: string | null, changes?: Record<string, unknown>): Promise<string> =>
      recordAudit(pool, {
        action: "auth.sign_in",
        workspaceId,
        actor: { type: "user", id: userId },
        source: source(req),
        target: { type: "user", id: userId },
        changes,
      }),
    /** A refused second factor (after a right password): install-wide, naming the user and why, never the code. */
    secondFactorFailed: (req: Request, userId: string, reason: string): Promise<string> =>
      recordAudit(pool, {
        action: "auth.sign_in_failed",
        workspaceId: null,
        actor: { type: "anonymous", id: null },
        source: source(req),
        target: { type: "user", id: userId },
        changes: { reason, step: "second_factor" },
      }),
    recoveryCodeUsed: (req: Request, userId: string, workspaceId: string | null): Promise<string> =>
      personal(req, userId, workspaceId, "auth.recovery_code_used"),
    /** Changes to a person's own factors, in their current workspace (its owners see who enrolled), the person as actor. */
    factor: (
      req: Request,
      userId: string,
      workspaceId: string | null,
      action: "auth.second_factor_enrolled" | "auth.second_factor_removed" | "auth.recovery_codes_regenerated",
      changes: Record<string, unknown>,
    ): Promise<string> => personal(req, userId, workspaceId, action, changes),
    /** An OIDC sign-in refused: why, and the address when the provider named one. */
    oidcRefused: (req: Request, reason: string, email: string | null): Promise<string> =>
      recordAudit(pool, {
        action: "auth.oidc_refused",
        workspaceId: null,
        actor: { type: "anonymous", id: null },
        source: source(req),
        target: email ? { type: "email", id: email.slice(0, 200) } : null,
        changes: { reason },
      }),
    signInFailed: (req: Request, email: string, reason: string): Promise<string> =>
      recordAudit(pool, {
        action: "auth.sign_in_failed",
        workspaceId: null,
        actor: { type: "anonymous", id: null },
        source: source(req),
        target: { type: "email", id: email.slice(0, 200) },
        changes: { reason },
      }),
  };
}
