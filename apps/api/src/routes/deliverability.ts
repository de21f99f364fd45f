import { AppError, deliverabilityBreakdown, parseDeliverabilityDays } from "@svc/core";
import { Router } from "express";
import type { ApiDeps } from "../deps.ts";
import { authOf } from "../middleware/authenticate.ts";
import { requirePermission } from "../middleware/requirePermission.ts";

/** GET /deliverability: the key's workspace's outcomes by mailbox provider and its bounces by cause. */
export function deliverabilityRouter(deps: ApiDeps): Router {
  const router = Router();
  router.get("/", requirePermission("emails:read"), async (req, res) => {
    const unknown = Object.keys(req.query).filter((name) => name !== "days");
    if (unknown.length > 0) throw new AppError("validation_failed", `Unknown query parameter(s): ${unknown.join(", ")}.`);
    const days = parseDeliverabilityDays(req.query.days);
    res.json(await deliverabilityBreakdown(deps.db, deps.mailboxProviders, authOf(res).workspaceId, days));
  });
  return router;
}
