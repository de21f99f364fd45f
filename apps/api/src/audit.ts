import { type AuditBy, type AuditEntry, recordAudit, sqlPool } from "@svc/core";
import type { Request, Response } from "express";
import type { ApiDeps } from "./deps.ts";
import { authOf } from "./middleware/authenticate.ts";

/**
 * Records a management change made with an API key: the key's record id as the actor, the client's
 * address as the source, the key's workspace. Called right after the change and before the answer:
 * a failed write throws, and the request fails with it (the change itself is already committed).
 */
export function auditor(deps: ApiDeps) {
  const pool = sqlPool(deps.db);
  return (req: Request, res: Response, entry: Pick<AuditEntry, "action" | "target" | "changes">): Promise<string> => {
    const auth = authOf(res);
    return recordAudit(pool, {
      ...entry,
      workspaceId: auth.workspaceId,
      actor: { type: "api_key", id: auth.keyId },
      source: req.ip ?? req.socket.remoteAddress ?? null,
    });
  };
}

/** The key and the client's address, for a use case that records its entry in the change's own transaction. */
export function auditBy(req: Request, res: Response): AuditBy {
  return { actor: { type: "api_key", id: authOf(res).keyId }, source: req.ip ?? req.socket.remoteAddress ?? null };
}
