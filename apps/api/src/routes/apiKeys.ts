import { listApiKeys, revokeApiKey } from "@svc/core";
import { Router } from "express";
import { auditBy } from "../audit.ts";
import type { ApiDeps } from "../deps.ts";
import { authOf } from "../middleware/authenticate.ts";
import { requirePermission } from "../middleware/requirePermission.ts";

/**
 * GET /api-keys and DELETE /api-keys/:id, full-access keys only. Keys are never created over
 * REST: they are issued in the dashboard and the CLI only. Revoking answers the revoked record; the next request with that key fails
 * on every instance because authentication reads the key from Postgres each time.
 */
export function apiKeysRouter(deps: ApiDeps): Router {
  const router = Router();
  router.use(requirePermission("api_keys:manage"));

  router.get("/", async (_req, res) => {
    res.json(await listApiKeys(deps.db.prisma, authOf(res).workspaceId));
  });

  router.delete("/:id", async (req, res) => {
    // The entry is written in the revocation's transaction.
    const revoked = await revokeApiKey(deps.db.prisma, req.params.id as string, authOf(res).workspaceId, auditBy(req, res));
    res.json(revoked);
  });

  return router;
}
