import { createSession, deleteSession, hasSecondFactor, type SessionRecord } from "@svc/core";
import type { Request, Response } from "express";
import type { DashboardDeps } from "../deps.ts";
import { secureCookies } from "../env.ts";
import { serializeCookie } from "./cookies.ts";
import { SESSION_COOKIE } from "./session.ts";
import { stateOf } from "./state.ts";

/** How long the second-factor step may take after the password. */
const PENDING_TTL_MS = 10 * 60_000;

export type SignInMethod = "password" | "oidc" | "passkey";

/**
 * Sessions for people who proved who they are. A fresh session (and token) on every step: a
 * token planted before sign-in, or one that passed only the password, is worthless after it.
 */
export function signInSessions(deps: DashboardDeps) {
  const secure = secureCookies(deps.env);
  const ttlMs = deps.env.DASHBOARD_SESSION_TTL_HOURS * 3_600_000;

  async function replace(req: Request, res: Response, input: Parameters<typeof createSession>[1]): Promise<SessionRecord> {
    const previous = stateOf(req).sessionToken;
    if (previous) await deleteSession(deps.prisma, previous);
    const { token, session } = await createSession(deps.prisma, input);
    const maxAgeSeconds = Math.max(1, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
    res.append("Set-Cookie", serializeCookie(SESSION_COOKIE, token, { maxAgeSeconds, secure }));
    return session;
  }

  return {
    /** A full session: the person is signed in. */
    start(
      req: Request,
      res: Response,
      userId: string,
      options: { workspaceId?: string; method?: SignInMethod } = {},
    ): Promise<SessionRecord> {
      const method = options.method ?? "password";
      // An OIDC session ends with its bound, after which the identity provider is asked again.
      const lifetime = method === "oidc" ? Math.min(ttlMs, deps.env.DASHBOARD_OIDC_SESSION_SECONDS * 1000) : ttlMs;
      return replace(req, res, { userId, workspaceId: options.workspaceId, ttlMs: lifetime, method });
    },
    /**
     * After the first factor: a full session when the user has no second factor, otherwise a
     * pending one that opens only the second-factor step. Says which.
     */
    async afterFirstFactor(
      req: Request,
      res: Response,
      userId: string,
      options: { method: "password" | "oidc"; workspaceId?: string },
    ): Promise<SessionRecord | "second_factor"> {
      if (await hasSecondFactor(deps.prisma, userId)) {
        await replace(req, res, {
          userId,
          workspaceId: options.workspaceId,
          ttlMs: PENDING_TTL_MS,
          pendingSecondFactor: true,
          method: options.method,
        });
        return "second_factor";
      }
      return this.start(req, res, userId, options);
    },
  };
}
