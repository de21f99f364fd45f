import { AppError, getInbound, getInboundAttachment, getInboundRaw, listInbound, parseInboundListQuery } from "@svc/core";
import { Router } from "express";
import type { ApiDeps } from "../deps.ts";
import { authOf } from "../middleware/authenticate.ts";
import { requirePermission } from "../middleware/requirePermission.ts";

/** `attachment; filename="…"` with the name made safe for a header (RFC 6266's filename*, ASCII fallback). */
function contentDisposition(filename: string | null): string {
  if (!filename) return "attachment";
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * GET /inbound, /inbound/:id, /inbound/:id/raw, /inbound/:id/attachments/:n (read-only and
 * full-access keys: `emails:read`). Another workspace's record is a missing one (404).
 */
export function inboundRouter(deps: ApiDeps): Router {
  const router = Router();
  const prisma = deps.db.prisma;

  router.get("/", requirePermission("emails:read"), async (req, res) => {
    const query = parseInboundListQuery(req.query as Record<string, unknown>);
    res.json(await listInbound(prisma, authOf(res).workspaceId, query));
  });

  router.get("/:id", requirePermission("emails:read"), async (req, res) => {
    res.json(await getInbound(prisma, authOf(res).workspaceId, req.params.id as string));
  });

  router.get("/:id/raw", requirePermission("emails:read"), async (req, res) => {
    const raw = await getInboundRaw(prisma, authOf(res).workspaceId, req.params.id as string, deps.files);
    res.type("message/rfc822").send(raw);
  });

  router.get("/:id/attachments/:n", requirePermission("emails:read"), async (req, res) => {
    const n = req.params.n as string;
    if (!/^\d{1,4}$/.test(n)) throw new AppError("validation_failed", "n: the attachment's position, a whole number from 0.");
    const { meta, content } = await getInboundAttachment(prisma, authOf(res).workspaceId, req.params.id as string, Number(n), deps.files);
    res.setHeader("Content-Disposition", contentDisposition(meta.filename));
    res.type(meta.contentType || "application/octet-stream").send(content);
  });

  return router;
}
