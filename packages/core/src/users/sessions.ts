import type { Db } from "@svc/db";
import { newId } from "@svc/db";
import { notFound } from "../errors.ts";
import { findMembership, listMemberships } from "./members.ts";
import { hashOpaqueToken, newOpaqueToken } from "./tokens.ts";

/**
 * Server-side sessions for the dashboard. The browser holds a random token; the database holds
 * its SHA-256, the user, the current workspace, a per-session CSRF token and a hard expiry.
 */
export interface SessionRecord {
  id: string;
  userId: string;
  userEmail: string;
  workspaceId: string | null;
  csrfToken: string;
  expiresAt: Date;
}

export const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Starts a session in the given workspace (or the user's first one). Returns the cookie token. */
export async function createSession(
  db: Db,
  input: { userId: string; workspaceId?: string | null; ttlMs?: number; now?: Date },
): Promise<{ token: string; session: SessionRecord }> {
  const now = input.now ?? new Date();
  let workspaceId = input.workspaceId ?? null;
  if (workspaceId && !(await findMembership(db, input.userId, workspaceId))) workspaceId = null;
  workspaceId ??= (await listMemberships(db, input.userId))[0]?.workspaceId ?? null;
  const token = newOpaqueToken();
  const row = await db.session.create({
    data: {
      id: newId("session"),
      tokenHash: hashOpaqueToken(token),
      userId: input.userId,
      workspaceId,
      csrfToken: newOpaqueToken(),
      createdAt: now,
      expiresAt: new Date(now.getTime() + (input.ttlMs ?? DEFAULT_SESSION_TTL_MS)),
    },
    include: { user: { select: { email: true } } },
  });
  return {
    token,
    session: { id: row.id, userId: row.userId, userEmail: row.user.email, workspaceId: row.workspaceId, csrfToken: row.csrfToken, expiresAt: row.expiresAt },
  };
}

/** The live session for a cookie token, or null (unknown or expired; an expired one is deleted). */
export async function findSession(db: Db, token: string, now: Date = new Date()): Promise<SessionRecord | null> {
  if (!token || token.length > 200) return null;
  const row = await db.session.findUnique({ where: { tokenHash: hashOpaqueToken(token) }, include: { user: { select: { email: true } } } });
  if (!row) return null;
  if (row.expiresAt <= now) {
    await db.session.deleteMany({ where: { id: row.id } });
    return null;
  }
  return { id: row.id, userId: row.userId, userEmail: row.user.email, workspaceId: row.workspaceId, csrfToken: row.csrfToken, expiresAt: row.expiresAt };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.session.deleteMany({ where: { tokenHash: hashOpaqueToken(token) } });
}

/** Moves a session to another workspace of the same user; any other workspace is "not found". */
export async function switchSessionWorkspace(db: Db, sessionId: string, userId: string, workspaceId: string): Promise<void> {
  if (!(await findMembership(db, userId, workspaceId))) throw notFound("Workspace");
  await db.session.update({ where: { id: sessionId }, data: { workspaceId } });
}

/** Housekeeping: expired sessions are useless rows. */
export async function deleteExpiredSessions(db: Db, now: Date = new Date()): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
