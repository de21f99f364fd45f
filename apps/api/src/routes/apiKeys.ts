import { listApiKeys, revokeApiKey } from "@svc/core";
import { Router } from "express";
import { auditor } from "../audit.ts";
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
  const audit = auditor(deps);
  router.use(requirePermission("api_keys:manage"));

  router.get("/", async (_req, res) => {
    res.json(await listApiKeys(deps.db.prisma, authOf(res).workspaceId));
  });

  router.delete("/:id", async (req, res) => {
    const revoked = await revokeApiKey(deps.db.prisma, req.params.id as string, authOf(res).workspaceId);
    await audit(req, res, { action: "api_key.revoked", target: { type: "api_key", id: revoked.id }, changes: { name: revoked.name } });
    res.json(revoked);
  });

  return router;
}
