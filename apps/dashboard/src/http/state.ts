import type { MembershipView, SessionRecord } from "@svc/core";
import type { Request } from "express";

/** What the session middleware learned about the request, kept beside it (not on it). */
export interface RequestState {
  /** The signed-in session, or null for an anonymous visitor. */
  session: SessionRecord | null;
  /** A session that has passed the password but not yet the second factor (null otherwise). */
  pending: SessionRecord | null;
  /** The session's token (full or pending), kept to delete the session on logout. */
  sessionToken: string | null;
  memberships: MembershipView[];
  /** The current workspace, when the user has one. */
  workspace: MembershipView | null;
  /** The token forms must echo: the session's, or the anonymous double-submit cookie's. */
  csrfToken: string;
}

const states = new WeakMap<Request, RequestState>();

export function setState(req: Request, state: RequestState): void {
  states.set(req, state);
}

export function stateOf(req: Request): RequestState {
  const state = states.get(req);
  if (!state) throw new Error("session middleware did not run for this request");
  return state;
}
