import { pipeline } from "node:stream/promises";
import {
  AppError,
  getInbound,
  listInbound,
  openInboundAttachment,
  openInboundRaw,
  parseInboundListQuery,
  type StoredFileStream,
} from "@svc/core";
import { type Response, Router } from "express";
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
 * Pipes a stored file to the client as it is read, never whole. Once the headers are out an error
 * can only cut the response short (the client sees a length mismatch); a client that goes away
 * stops the read.
 */
async function sendFile(res: Response, file: StoredFileStream): Promise<void> {
  res.setHeader("Content-Length", String(file.size));
  await pipeline(file.body, res).catch(() => res.destroy());
}

/**
 * GET /inbound, /inbound/:id, /inbound/:id/raw, /inbound/:id/attachments/:n (read-only and
 * full-access keys: `emails:read`). Another workspace's record is a missing one (404). Raw
 * messages and attachments are streamed: from PostgreSQL a piece at a time, from S3 piped.
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
    const raw = await openInboundRaw(deps.db, authOf(res).workspaceId, req.params.id as string, deps.files);
    res.type("message/rfc822");
    await sendFile(res, raw);
  });

  router.get("/:id/attachments/:n", requirePermission("emails:read"), async (req, res) => {
    const n = req.params.n as string;
    if (!/^\d{1,4}$/.test(n)) throw new AppError("validation_failed", "n: the attachment's position, a whole number from 0.");
    const { meta, file } = await openInboundAttachment(deps.db, authOf(res).workspaceId, req.params.id as string, Number(n), deps.files);
    res.setHeader("Content-Disposition", contentDisposition(meta.filename));
    res.type(meta.contentType || "application/octet-stream");
    await sendFile(res, file);
  });

  return router;
}
