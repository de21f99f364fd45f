import type { Db } from "@svc/db";
import { newId } from "@svc/db";
import { notFound } from "../errors.ts";
import { findMembership, findMembershipsOfUser } from "../stores/members.ts";
import { deleteExpiredPendingSignups } from "../stores/pendingSignups.ts";
import {
  deleteExpiredSessions,
  deleteSessionById,
  deleteSessionByTokenHash,
  deleteSessionsOfUser,
  findSessionByTokenHash,
  insertSession,
  type SessionRow,
  updateSessionWorkspace,
} from "../stores/sessions.ts";
import type { MembershipView } from "./members.ts";
import { hashOpaqueToken, newOpaqueToken } from "./tokens.ts";

/**
 * Server-side sessions for the dashboard. The browser holds a random token; the database holds
 * its SHA-256, the user, the current workspace, a per-session CSRF token and a hard expiry.
 */
export interface SessionRecord {
  id: string;
  userId: string;
  userEmail: string;
  /** An operator of the install (install-wide pages); read with the session, so a revocation counts at once. */
  isOperator: boolean;
  workspaceId: string | null;
  csrfToken: string;
  expiresAt: Date;
  /** Only the first factor was accepted: the session opens nothing but the second-factor step. */
  pendingSecondFactor: boolean;
  /** How the user signed in: "password" or "oidc". */
  method: string;
}

const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function toSessionRecord(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    userId: row.userId,
    userEmail: row.user.email,
    isOperator: row.user.isOperator,
    workspaceId: row.workspaceId,
    csrfToken: row.csrfToken,
    expiresAt: row.expiresAt,
    pendingSecondFactor: row.pendingSecondFactor,
    method: row.method,
  };
}

/** Starts a session in the given workspace (or the user's first one). Returns the cookie token. */
export async function createSession(
  prisma: Db,
  input: { userId: string; workspaceId?: string | null; ttlMs?: number; now?: Date; pendingSecondFactor?: boolean; method?: string },
): Promise<{ token: string; session: SessionRecord }> {
  const now = input.now ?? new Date();
  let workspaceId = input.workspaceId ?? null;
  if (workspaceId && !(await findMembership(prisma, input.userId, workspaceId))) workspaceId = null;
  workspaceId ??= (await findMembershipsOfUser(prisma, input.userId))[0]?.workspaceId ?? null;
  const token = newOpaqueToken();
  const row = await insertSession(prisma, {
    id: newId("session"),
    tokenHash: hashOpaqueToken(token),
    userId: input.userId,
    workspaceId,
    csrfToken: newOpaqueToken(),
    createdAt: now,
    expiresAt: new Date(now.getTime() + (input.ttlMs ?? DEFAULT_SESSION_TTL_MS)),
    pendingSecondFactor: input.pendingSecondFactor ?? false,
    method: input.method ?? "password",
  });
  return { token, session: toSessionRecord(row) };
}

/** The live session for a cookie token, or null (unknown or expired; an expired one is deleted). */
export async function findSession(prisma: Db, token: string, now: Date = new Date()): Promise<SessionRecord | null> {
  if (!token || token.length > 200) return null;
  const row = await findSessionByTokenHash(prisma, hashOpaqueToken(token));
  if (!row) return null;
  if (row.expiresAt <= now) {
    await deleteSessionById(prisma, row.id);
    return null;
  }
  return toSessionRecord(row);
}

export async function deleteSession(prisma: Db, token: string): Promise<void> {
  await deleteSessionByTokenHash(prisma, hashOpaqueToken(token));
}

/** Ends every session of the user; returns how many there were. */
export function endSessionsOfUser(prisma: Db, userId: string): Promise<number> {
  return deleteSessionsOfUser(prisma, userId);
}

/** Moves a session to another workspace of the same user; any other workspace is "not found". */
export async function switchSessionWorkspace(prisma: Db, sessionId: string, userId: string, workspaceId: string): Promise<void> {
  if (!(await findMembership(prisma, userId, workspaceId))) throw notFound("Workspace");
  await updateSessionWorkspace(prisma, sessionId, workspaceId);
}

/**
 * The session's workspace among the user's memberships (read on every request, so a removed
 * member loses access at once). When it is gone (removed, deleted), the session falls back to
 * the user's first workspace and keeps it; null when the user belongs to none.
 */
export async function currentWorkspaceOf(
  prisma: Db,
  session: SessionRecord,
  memberships: readonly MembershipView[],
): Promise<MembershipView | null> {
  const current = session.workspaceId ? (memberships.find((m) => m.workspaceId === session.workspaceId) ?? null) : null;
  const first = memberships[0];
  if (current || !first) return current;
  await updateSessionWorkspace(prisma, session.id, first.workspaceId);
  return first;
}

/**
 * Expired sessions and sign-up links are already refused when presented; deleting them only
 * keeps the tables from growing with what nobody presents again (closed browsers, unconfirmed
 * sign-ups). Returns how many of each were deleted.
 */
export async function purgeExpiredSessions(prisma: Db, now: Date = new Date()): Promise<{ sessions: number; signUps: number }> {
  const sessions = await deleteExpiredSessions(prisma, now);
  const signUps = await deleteExpiredPendingSignups(prisma, now);
  return { sessions, signUps };
}
