import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { ERASURE_LIMITS, REDACTED_TABLES, REMOVED_TABLES } from "@svc/core";
import { z } from "zod";
import { JSON_BODY_ERRORS, registerOperation } from "../operation.ts";

const TAG = "Erasures";

const counts = (tables: readonly string[]) => z.object(Object.fromEntries(tables.map((table) => [table, z.number().int()])));

const receiptSchema = z
  .object({
    removed: counts(REMOVED_TABLES).meta({ description: "Rows deleted, by table." }),
    redacted: counts(REDACTED_TABLES).meta({
      description:
        "Rows kept with the erased addresses replaced by their tokens (`erased-<hex>@erased.invalid`): emails that had other recipients (and their events, webhook deliveries and attempts), and suppressions, which keep suppressing the address.",
    }),
    objectsDeleted: z
      .number()
      .int()
      .meta({ description: "Object-store files (attachments, raw received messages) deleted; 0 with files in PostgreSQL." }),
  })
  .meta({ id: "ErasureReceipt" });

const erasureSchema = z
  .object({
    id: z.string().meta({ example: "ers_Q2x9…" }),
    status: z.enum(["queued", "running", "completed", "failed"]),
    addressCount: z.number().int(),
    emailIdCount: z.number().int(),
    step: z.string().nullable().meta({ description: "The step in progress while it runs; null once it has ended." }),
    receipt: receiptSchema,
    error: z.string().nullable(),
    createdAt: z.string().meta({ format: "date-time" }),
    startedAt: z.string().nullable().meta({ format: "date-time" }),
    completedAt: z.string().nullable().meta({ format: "date-time" }),
  })
  .meta({ id: "Erasure", description: "An erasure never shows the addresses it was asked about." });

const createRequest = z
  .object({
    addresses: z
      .array(z.string())
      .max(ERASURE_LIMITS.maxAddresses)
      .optional()
      .meta({ description: `Plain email addresses (no display name), at most ${ERASURE_LIMITS.maxAddresses}.` }),
    emailIds: z
      .array(z.string())
      .max(ERASURE_LIMITS.maxEmailIds)
      .optional()
      .meta({ description: `Emails of the workspace to erase whole, at most ${ERASURE_LIMITS.maxEmailIds}.` }),
  })
  .meta({ id: "CreateErasureRequest", example: { addresses: ["ann@example.com"] } });

const idParam = z.object({ id: z.string().meta({ example: "ers_Q2x9…" }) });

const receiptDocument = receiptSchema
  .extend({
    erasureId: z.string(),
    workspaceId: z.string(),
    status: z.enum(["queued", "running", "completed", "failed"]),
    requestedAt: z.string().meta({ format: "date-time" }),
    completedAt: z.string().nullable().meta({ format: "date-time" }),
    addressCount: z.number().int(),
    emailIdCount: z.number().int(),
  })
  .meta({ id: "ErasureReceiptDocument" });

export function registerErasureOperations(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: "post",
    path: "/erasures",
    operationId: "createErasure",
    tag: TAG,
    summary: "Erase people (addresses) or emails",
    description:
      "Forgets the addresses in this workspace: every email to them (whole when they were its only recipients; otherwise kept with each erased address replaced by a stable token), its events, webhook deliveries and attempts, files and idempotency records; every received message from or to them; their test recipients. A suppression of an erased address is kept under the token, so the address stays suppressed. `emailIds` erase those emails whole. The work runs in the background in short batches; read its status and receipt with `GET /erasures/{id}`. A malformed address is named in a 422 and nothing starts; an email id of another workspace answers 404 and nothing starts. Other workspaces' data is never touched.",
    permission: "erasures:manage",
    request: { body: { required: true, content: { "application/json": { schema: createRequest } } } },
    responses: { 202: { description: "The erasure, queued.", schema: erasureSchema } },
    errors: [...JSON_BODY_ERRORS, "not_found", "erasure_rate_limited"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/erasures",
    operationId: "listErasures",
    tag: TAG,
    summary: "List erasures",
    description: "The workspace's erasures, newest first.",
    permission: "erasures:manage",
    request: {
      query: z.object({
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .max(ERASURE_LIMITS.listMaxLimit)
          .optional()
          .meta({ description: `Default ${ERASURE_LIMITS.listMaxLimit}.` }),
        after: z.string().max(100).optional().meta({ description: "The last erasure id of the previous page." }),
      }),
    },
    responses: { 200: { description: "Erasures, newest first.", schema: z.array(erasureSchema) } },
    errors: ["validation_failed"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/erasures/{id}",
    operationId: "getErasure",
    tag: TAG,
    summary: "Get an erasure",
    permission: "erasures:manage",
    request: { params: idParam },
    responses: { 200: { description: "The erasure with its receipt so far.", schema: erasureSchema } },
    errors: ["not_found"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/erasures/{id}/receipt",
    operationId: "getErasureReceipt",
    tag: TAG,
    summary: "Download an erasure's receipt",
    description:
      "The receipt as a JSON download (`Content-Disposition: attachment`): what was removed, by table, and the object-store files deleted.",
    permission: "erasures:manage",
    request: { params: idParam },
    responses: { 200: { description: "The receipt.", schema: receiptDocument } },
    errors: ["not_found"],
  });
}
