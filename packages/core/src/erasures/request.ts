import type { DbHandle } from "@svc/db";
import { newId } from "@svc/db";
import { z } from "zod";
import type { AuditActor } from "../audit/record.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { parseRecipientAddress } from "../recipients/address.ts";
import { inTransaction, sqlPool } from "../sql.ts";
import { selectWorkspaceEmailIds } from "../stores/emails.ts";
import { insertErasure, selectErasure, selectErasureById, selectErasures, selectLatestErasures } from "../stores/erasures.ts";
import { type ErasureView, toErasureView } from "./views.ts";

/** At most this many addresses, and as many email ids, per request. */
export const ERASURE_LIMITS = { maxAddresses: 5_000, maxEmailIds: 5_000, listMaxLimit: 100 } as const;

export const erasureRequestSchema = z
  .object({
    addresses: z
      .array(z.string(), { error: "must be an array of email addresses" })
      .max(ERASURE_LIMITS.maxAddresses, { error: `at most ${ERASURE_LIMITS.maxAddresses} addresses per erasure` })
      .optional(),
    emailIds: z
      .array(z.string(), { error: "must be an array of email ids" })
      .max(ERASURE_LIMITS.maxEmailIds, { error: `at most ${ERASURE_LIMITS.maxEmailIds} email ids per erasure` })
      .optional(),
  })
  .strict();

export interface ErasureRequest {
  /** Bare, lower-cased, each once. */
  addresses: string[];
  emailIds: string[];
}

/**
 * Reads a request to erase: `addresses` (people) and/or `emailIds` (emails, whole), at least one
 * of them. Every address must be a plain email address; the first one that is not is named in a
 * 422 and nothing starts.
 */
export function parseErasureRequest(body: unknown): ErasureRequest {
  const parsed = erasureRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    throw new AppError("validation_failed", `Invalid request: ${where}${issue.message}.`);
  }
  const addresses = new Set<string>();
  (parsed.data.addresses ?? []).forEach((address, n) => {
    try {
      addresses.add(parseRecipientAddress(address, `addresses[${n}]`));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(
        "validation_failed",
        `Invalid request: addresses[${n}] ${JSON.stringify(address.slice(0, 300))} ${error.message.replace(/^addresses\[\d+\]: /, "")}`,
      );
    }
  });
  const emailIds = [...new Set(parsed.data.emailIds ?? [])];
  if (addresses.size === 0 && emailIds.length === 0) {
    throw new AppError("validation_failed", "Invalid request: give addresses or emailIds (at least one).");
  }
  return { addresses: [...addresses], emailIds };
}

/**
 * Records an erasure of the workspace (status `queued`) with its audit entry, in one transaction.
 * Every email id must be an email of the workspace: another workspace's is a missing one (404,
 * naming it), and nothing is recorded. The entry names the erasure and how many addresses and
 * emails it is about, never the addresses.
 */
export async function requestErasure(
  db: DbHandle,
  input: { workspaceId: string; request: ErasureRequest; actor: AuditActor; source: string | null },
): Promise<ErasureView> {
  const { workspaceId, request } = input;
  if (request.emailIds.length > 0) {
    const found = new Set(await selectWorkspaceEmailIds(sqlPool(db), workspaceId, request.emailIds));
    const missing = request.emailIds.find((id) => !found.has(id));
    if (missing !== undefined) throw new AppError("not_found", `Email ${missing.slice(0, 100)} not found.`);
  }
  const row = await inTransaction(db, async (client) => {
    const inserted = await insertErasure(client, {
      id: newId("erasure"),
      workspaceId,
      addresses: request.addresses,
      emailIds: request.emailIds,
      requestedBy: input.actor,
    });
    await recordAudit(client, {
      workspaceId,
      actor: input.actor,
      source: input.source,
      action: "erasure.requested",
      target: { type: "erasure", id: inserted.id },
      changes: { addresses: request.addresses.length, emailIds: request.emailIds.length },
    });
    return inserted;
  });
  return toErasureView(row);
}

export async function getErasure(db: DbHandle, workspaceId: string, id: string): Promise<ErasureView> {
  const row = await selectErasure(sqlPool(db), workspaceId, id);
  if (!row) throw new AppError("not_found", "Erasure not found.");
  return toErasureView(row);
}

/** The workspace's erasures, newest first: `limit` (1–100, default 100) from after the erasure `after`. */
export async function listErasures(db: DbHandle, workspaceId: string, query: { limit?: unknown; after?: unknown }): Promise<ErasureView[]> {
  const limit = query.limit === undefined ? ERASURE_LIMITS.listMaxLimit : Number(query.limit);
  if (
    typeof query.limit !== "undefined" &&
    (typeof query.limit !== "string" || !/^\d{1,3}$/.test(query.limit) || limit < 1 || limit > ERASURE_LIMITS.listMaxLimit)
  ) {
    throw new AppError("validation_failed", `Invalid request: limit must be 1–${ERASURE_LIMITS.listMaxLimit}.`);
  }
  if (query.after !== undefined && (typeof query.after !== "string" || query.after.length > 100)) {
    throw new AppError("validation_failed", "Invalid request: after must be an erasure id.");
  }
  const after = (query.after as string | undefined) ?? null;
  if (after !== null && !(await selectErasure(sqlPool(db), workspaceId, after))) {
    throw new AppError("validation_failed", "Invalid request: after is not an erasure of this workspace.");
  }
  return (await selectErasures(sqlPool(db), workspaceId, limit, after)).map(toErasureView);
}

/** Operators (the CLI): an erasure of any workspace, with its workspace. */
export async function getAnyErasure(db: DbHandle, id: string): Promise<ErasureView & { workspaceId: string }> {
  const row = await selectErasureById(sqlPool(db), id);
  if (!row) throw new AppError("not_found", "Erasure not found.");
  return { ...toErasureView(row), workspaceId: row.workspaceId };
}

/** Operators (the CLI): every workspace's latest erasures, newest first, with their workspaces. */
export async function listLatestErasures(
  db: DbHandle,
  limit = ERASURE_LIMITS.listMaxLimit,
): Promise<Array<ErasureView & { workspaceId: string }>> {
  return (await selectLatestErasures(sqlPool(db), limit)).map((row) => ({ ...toErasureView(row), workspaceId: row.workspaceId }));
}
