import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { AUDIT_ACTIONS, AUDIT_EXPORT_LIMIT, AUDIT_PAGE_LIMIT } from "@svc/core";
import { z } from "zod";
import { registerOperation } from "../operation.ts";

const TAG = "Audit log";

export const auditEntrySchema = z
  .object({
    id: z.string().meta({ example: "aud_0Wk3Zq1xAbCdEfGhIjKlMnOp" }),
    at: z.string().meta({ format: "date-time" }),
    workspaceId: z.string().nullable(),
    actor: z.object({
      type: z.enum(["user", "api_key", "operator", "anonymous"]),
      id: z
        .string()
        .nullable()
        .meta({ description: "A user id, an API key record's id (never the key), or `cli:<account>` for an operator." }),
    }),
    source: z.string().nullable().meta({ description: "The client's address, or `cli@<host>`." }),
    action: z.enum(AUDIT_ACTIONS),
    target: z.object({ type: z.string(), id: z.string() }).nullable(),
    changes: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The changed fields with their new values; a secret is never recorded, only `"[changed]"`.' }),
  })
  .meta({ id: "AuditEntry" });

const filters = {
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: z.string().max(200).optional().meta({ description: "The actor's id: a user id, a key id (`key_…`), `cli:<account>`." }),
  target: z.string().max(200).optional().meta({ description: "The target's id." }),
  since: z.string().optional().meta({ description: "Entries at or after this ISO 8601 time (or date).", example: "2026-12-01" }),
  until: z.string().optional().meta({ description: "Entries before this ISO 8601 time (or date)." }),
};

export function registerAuditLogOperations(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: "get",
    path: "/audit-log",
    operationId: "listAuditLog",
    tag: TAG,
    summary: "List audit log entries",
    description:
      "Every management change in the workspace (dashboard, API keys, CLI) and every sign-in, newest first. Entries are append-only. Unknown parameters, an unknown action or a malformed cursor are refused (422).",
    permission: "audit_log:read",
    request: {
      query: z.object({
        ...filters,
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .max(AUDIT_PAGE_LIMIT.max)
          .optional()
          .meta({ description: `Default ${AUDIT_PAGE_LIMIT.default}.` }),
        after: z.string().max(64).optional().meta({ description: "`nextCursor` of the previous page." }),
      }),
    },
    responses: {
      200: { description: "A page.", schema: z.object({ data: z.array(auditEntrySchema), nextCursor: z.string().nullable() }) },
    },
    errors: ["validation_failed"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/audit-log/export",
    operationId: "exportAuditLog",
    tag: TAG,
    summary: "Export audit log entries",
    description: `The workspace's entries matching the filters, newest first, streamed as CSV (header first) or JSON Lines (one AuditEntry a line): at most \`limit\` (default and maximum ${AUDIT_EXPORT_LIMIT.max}); narrow with since/until for more.`,
    permission: "audit_log:read",
    request: {
      query: z.object({
        format: z.enum(["csv", "jsonl"]),
        ...filters,
        limit: z.coerce.number().int().min(1).max(AUDIT_EXPORT_LIMIT.max).optional(),
      }),
    },
    responses: {
      200: {
        description: "The entries, as CSV or JSON Lines (by `format`).",
        contentType: "text/csv",
        alsoContentTypes: ["application/x-ndjson"],
        schema: z.string(),
      },
    },
    errors: ["validation_failed"],
  });
}
