import type { DbHandle, Plan } from "@svc/db";
import { type AuditActor, recordAudit } from "../audit/record.ts";
import { AppError, notFound } from "../errors.ts";
import { planLimits } from "../plans.ts";
import { inTransaction } from "../sql.ts";
import {
  lockWorkspaceRetention,
  readWorkspaceRetention,
  updateWorkspaceRetention,
  type WorkspaceRetentionRow,
} from "../stores/workspaces.ts";

/** What a workspace keeps, and for how long: its own choice within its plan. */
export interface WorkspaceRetentionView {
  /** Days bodies are kept (subject, text, HTML, attachments, raw received messages); null = the plan's. */
  bodyRetentionDays: number | null;
  /** Days metadata is kept (addresses, events, the record itself); null = the plan's. */
  metadataRetentionDays: number | null;
  /** No body is kept past the handoff (received mail: past the delivery of its webhooks, or a short grace). */
  privacyMode: boolean;
  /** The plan's retention: the most either may be. */
  planRetentionDays: number;
  /** What retention applies now (a plan changed to a shorter one caps the settings). */
  effective: { bodyDays: number; metadataDays: number };
}

/** The days retention applies for a workspace: its settings, capped by its plan, bodies never past metadata. */
export function effectiveRetention(row: WorkspaceRetentionRow): { bodyDays: number; metadataDays: number } {
  const planDays = planLimits(row.plan).retentionDays;
  const metadataDays = Math.min(row.metadataRetentionDays ?? planDays, planDays);
  const bodyDays = Math.min(row.bodyRetentionDays ?? metadataDays, metadataDays);
  return { bodyDays, metadataDays };
}

function toView(row: WorkspaceRetentionRow): WorkspaceRetentionView {
  return {
    bodyRetentionDays: row.bodyRetentionDays,
    metadataRetentionDays: row.metadataRetentionDays,
    privacyMode: row.privacyMode,
    planRetentionDays: planLimits(row.plan).retentionDays,
    effective: effectiveRetention(row),
  };
}

/**
 * A change as the dashboard, the CLI or a test gives it: absent fields stay as they are; a days
 * field given `null` (or "default") goes back to the plan's. Strings are read as the forms and
 * flags send them.
 */
export interface RetentionChangeInput {
  bodyRetentionDays?: unknown;
  metadataRetentionDays?: unknown;
  privacyMode?: unknown;
}

/** Days given as a number or a decimal string, 0 (bodies) or 1 (metadata) to the plan's days; null for the plan's. */
function parseDays(field: string, value: unknown, min: number, planDays: number, plan: Plan): number | null {
  if (value === null || value === "default") return null;
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^-?\d{1,6}$/.test(text))
    throw new AppError("validation_failed", `${field}: must be a whole number of days from ${min} to ${planDays}, or "default".`);
  const days = Number(text);
  if (days < min) throw new AppError("validation_failed", `${field}: must be at least ${min}.`);
  if (days > planDays)
    throw new AppError("validation_failed", `${field}: at most ${planDays} days, the ${planLimits(plan).label} plan's retention.`);
  return days;
}

function parsePrivacy(value: unknown): boolean {
  if (value === true || value === "on" || value === "true") return true;
  if (value === false || value === "off" || value === "false") return false;
  throw new AppError("validation_failed", "privacyMode: must be on or off.");
}

/** The settings after `input`, validated against the plan; throws a 422 naming the field. */
export function applyRetentionChange(current: WorkspaceRetentionRow, input: RetentionChangeInput): WorkspaceRetentionRow {
  const planDays = planLimits(current.plan).retentionDays;
  const next: WorkspaceRetentionRow = { ...current };
  if (input.metadataRetentionDays !== undefined)
    next.metadataRetentionDays = parseDays("metadataRetentionDays", input.metadataRetentionDays, 1, planDays, current.plan);
  if (input.bodyRetentionDays !== undefined)
    next.bodyRetentionDays = parseDays("bodyRetentionDays", input.bodyRetentionDays, 0, planDays, current.plan);
  if (input.privacyMode !== undefined) next.privacyMode = parsePrivacy(input.privacyMode);
  const metadataDays = next.metadataRetentionDays ?? planDays;
  if (next.bodyRetentionDays !== null && next.bodyRetentionDays > metadataDays)
    throw new AppError(
      "validation_failed",
      `bodyRetentionDays: at most metadataRetentionDays (${metadataDays}): a body is never kept longer than its record.`,
    );
  return next;
}

export async function getWorkspaceRetention(db: DbHandle, workspaceId: string): Promise<WorkspaceRetentionView> {
  const row = await readWorkspaceRetention(db.pool, workspaceId);
  if (!row) throw notFound("Workspace");
  return toView(row);
}

/**
 * Changes a workspace's retention settings and records the change in the audit log, in one
 * transaction: the entry exists exactly when the change does. Bad input changes nothing.
 */
export async function setWorkspaceRetention(
  db: DbHandle,
  workspaceId: string,
  input: RetentionChangeInput,
  by: { actor: AuditActor; source: string | null },
): Promise<WorkspaceRetentionView> {
  return inTransaction(db, async (client) => {
    const current = await lockWorkspaceRetention(client, workspaceId);
    if (!current) throw notFound("Workspace");
    const next = applyRetentionChange(current, input);
    const changes: Record<string, unknown> = {};
    for (const field of ["bodyRetentionDays", "metadataRetentionDays", "privacyMode"] as const)
      if (next[field] !== current[field]) changes[field] = next[field];
    if (Object.keys(changes).length > 0) {
      await updateWorkspaceRetention(client, workspaceId, next);
      await recordAudit(client, {
        workspaceId,
        actor: by.actor,
        source: by.source,
        action: "workspace.retention_changed",
        target: { type: "workspace", id: workspaceId },
        changes,
      });
    }
    return toView(next);
  });
}
