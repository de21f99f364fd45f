import type { DbHandle } from "@svc/db";
import { type AuditActor, recordAudit } from "../audit/record.ts";
import { AppError, notFound } from "../errors.ts";
import { inTransaction, type Queryable } from "../sql.ts";
import { lockWorkspaceRegions, readWorkspaceRegions, updateWorkspaceRegions, type WorkspaceRegionsRow } from "../stores/workspaces.ts";

/**
 * Where a workspace's mail goes out with several SES regions (SES_REGIONS): its primary region,
 * and the regions it may move to, in order, while the primary is down. An empty order pins it to
 * its primary (data residency: its mail never leaves that region, it waits instead).
 */
export interface WorkspaceRegions {
  /** The region its mail goes out from: its own choice, or the install's first region. */
  primary: string;
  /** Whether it chose its primary (false: it follows the install's first region). */
  primaryChosen: boolean;
  /** Regions it may fail over to, in order; empty: pinned to its primary. */
  failover: string[];
}

export interface WorkspaceRegionsChange {
  /** A configured region, or `default` for the install's first. */
  primary?: string;
  /** `none` (pinned), or configured regions in order (the primary is not among them). */
  failover?: "none" | readonly string[];
}

const MAX_REGION_LENGTH = 40;

/** The stored choice as it applies now: a primary no longer configured falls back to the install's first region. */
export function regionsOfRow(row: WorkspaceRegionsRow, configured: readonly string[]): WorkspaceRegions {
  const chosen = row.sesPrimaryRegion !== null && configured.includes(row.sesPrimaryRegion);
  const primary = chosen ? row.sesPrimaryRegion! : configured[0]!;
  return {
    primary,
    primaryChosen: chosen,
    failover: row.sesFailoverRegions.filter((region) => region !== primary && configured.includes(region)),
  };
}

export async function getWorkspaceRegions(db: DbHandle, workspaceId: string, configured: readonly string[]): Promise<WorkspaceRegions> {
  const row = await readWorkspaceRegions(db.pool, workspaceId);
  if (!row) throw notFound("Workspace");
  return regionsOfRow(row, configured);
}

function requireConfigured(region: string, configured: readonly string[], field: string): string {
  if (typeof region !== "string" || region.length === 0 || region.length > MAX_REGION_LENGTH || !configured.includes(region))
    throw new AppError(
      "region_not_configured",
      `${field}: ${JSON.stringify(String(region).slice(0, MAX_REGION_LENGTH))} is not a region this install sends from (SES_REGIONS: ${configured.join(", ")}).`,
    );
  return region;
}

/** The change applied to the stored row; refuses a region not configured, a duplicate, or the primary in its own failover. */
export function applyRegionsChange(
  current: WorkspaceRegionsRow,
  change: WorkspaceRegionsChange,
  configured: readonly string[],
): WorkspaceRegionsRow {
  if (change.primary === undefined && change.failover === undefined)
    throw new AppError("bad_request", "Give a primary region, a failover policy, or both.");
  const primaryRegion =
    change.primary === undefined
      ? current.sesPrimaryRegion
      : change.primary === "default"
        ? null
        : requireConfigured(change.primary, configured, "primary");
  let failover = current.sesFailoverRegions;
  if (change.failover !== undefined) {
    if (change.failover === "none") failover = [];
    else {
      if (!Array.isArray(change.failover) || change.failover.length > configured.length)
        throw new AppError("bad_request", `failover: "none" or a list of at most ${configured.length} configured regions.`);
      failover = change.failover.map((region) => requireConfigured(region, configured, "failover"));
      if (new Set(failover).size !== failover.length) throw new AppError("bad_request", "failover: a region is listed twice.");
    }
  }
  const effectivePrimary = primaryRegion ?? configured[0]!;
  if (failover.includes(effectivePrimary))
    throw new AppError("bad_request", `failover: ${effectivePrimary} is the primary region; list the regions to move to when it is down.`);
  return { sesPrimaryRegion: primaryRegion, sesFailoverRegions: failover };
}

/**
 * Changes where a workspace's mail goes out and records the change in the audit log, in one
 * transaction. Bad input (a region SES_REGIONS does not name) changes nothing.
 */
export async function setWorkspaceRegions(
  db: DbHandle,
  workspaceId: string,
  change: WorkspaceRegionsChange,
  configured: readonly string[],
  by: { actor: AuditActor; source: string | null },
): Promise<WorkspaceRegions> {
  return inTransaction(db, async (client) => {
    const current = await lockWorkspaceRegions(client, workspaceId);
    if (!current) throw notFound("Workspace");
    const next = applyRegionsChange(current, change, configured);
    const changes: Record<string, unknown> = {};
    if (next.sesPrimaryRegion !== current.sesPrimaryRegion) changes.sesPrimaryRegion = next.sesPrimaryRegion;
    if (next.sesFailoverRegions.join(",") !== current.sesFailoverRegions.join(",")) changes.sesFailoverRegions = next.sesFailoverRegions;
    if (Object.keys(changes).length > 0) {
      await updateWorkspaceRegions(client, workspaceId, next);
      await recordAudit(client, {
        workspaceId,
        actor: by.actor,
        source: by.source,
        action: "workspace.regions_changed",
        target: { type: "workspace", id: workspaceId },
        changes,
      });
    }
    return regionsOfRow(next, configured);
  });
}

/** `none` or `eu-west-1,us-east-1` as an operator types it. */
export function parseFailoverPolicy(value: string): "none" | string[] {
  const trimmed = value.trim();
  if (trimmed === "none") return "none";
  return trimmed
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Bounded memory: the cache is dropped whole past this many workspaces and refills as sends come. */
const MAX_CACHED_WORKSPACES = 10_000;

/**
 * The workspaces' regions for the sender, read at most once per `ttlMs` per workspace (a change
 * applies within that long): a handoff with several regions costs no statement of its own.
 */
export function workspaceRegionsLookup(
  db: Queryable,
  configured: readonly string[],
  ttlMs: number,
  now: () => number = Date.now,
): (workspaceId: string) => Promise<WorkspaceRegions> {
  const cached = new Map<string, { until: number; regions: Promise<WorkspaceRegions> }>();
  return (workspaceId) => {
    const hit = cached.get(workspaceId);
    if (hit && hit.until > now()) return hit.regions;
    if (cached.size >= MAX_CACHED_WORKSPACES) cached.clear();
    const regions = readWorkspaceRegions(db, workspaceId).then((row) =>
      // A workspace deleted meanwhile has nothing left to send; the install's default serves.
      regionsOfRow(row ?? { sesPrimaryRegion: null, sesFailoverRegions: [] }, configured),
    );
    cached.set(workspaceId, { until: now() + ttlMs, regions });
    regions.catch(() => cached.delete(workspaceId));
    return regions;
  };
}
