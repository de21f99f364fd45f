import type { Db, Plan, Workspace } from "@svc/db";
import { newId } from "@svc/db";
import { AppError, notFound } from "../errors.ts";
import { PLAN_NAMES, planLimits } from "../plans.ts";
import { findWorkspace, insertWorkspace, updateWorkspacePlan, updateWorkspaceRateLimit } from "../stores/workspaces.ts";
import { parseRateLimit, type RequestRateLimit, rateLimitOf } from "./rateLimit.ts";

interface WorkspaceView {
  id: string;
  name: string;
  plan: Plan;
  dailySendLimit: number | null;
  /** The request rate limit of each of its API keys, when set for it; null = the API's default. */
  rateLimit: RequestRateLimit | null;
  createdAt: string;
}

function toWorkspaceView(workspace: Workspace): WorkspaceView {
  return {
    id: workspace.id,
    name: workspace.name,
    plan: workspace.plan,
    dailySendLimit: planLimits(workspace.plan).dailySendLimit,
    rateLimit: rateLimitOf(workspace.apiRateLimitPerSecond, workspace.apiRateLimitBurst),
    createdAt: workspace.createdAt.toISOString(),
  };
}

export const MAX_WORKSPACE_NAME_LENGTH = 100;

function parsePlan(value: string): Plan {
  if (!(PLAN_NAMES as string[]).includes(value)) {
    throw new AppError("validation_failed", `plan: must be one of ${PLAN_NAMES.join(", ")}.`);
  }
  return value as Plan;
}

function parseName(value: string): string {
  const name = value.trim();
  if (!name) throw new AppError("validation_failed", "name: must not be empty.");
  if (name.length > MAX_WORKSPACE_NAME_LENGTH) {
    throw new AppError("validation_failed", `name: at most ${MAX_WORKSPACE_NAME_LENGTH} characters.`);
  }
  return name;
}

export async function createWorkspace(prisma: Db, input: { name: string; plan?: string }): Promise<WorkspaceView> {
  const workspace = await insertWorkspace(prisma, {
    id: newId("workspace"),
    name: parseName(input.name),
    plan: parsePlan(input.plan ?? "free"),
  });
  return toWorkspaceView(workspace);
}

export async function setWorkspacePlan(prisma: Db, workspaceId: string, plan: string): Promise<WorkspaceView> {
  const parsed = parsePlan(plan);
  if (!(await findWorkspace(prisma, workspaceId))) throw notFound("Workspace");
  return toWorkspaceView(await updateWorkspacePlan(prisma, workspaceId, parsed));
}

export async function getWorkspace(prisma: Db, workspaceId: string): Promise<WorkspaceView> {
  const workspace = await findWorkspace(prisma, workspaceId);
  if (!workspace) throw notFound("Workspace");
  return toWorkspaceView(workspace);
}

/**
 * Sets the request rate limit of each of the workspace's API keys (`perSecond` 0: unlimited), or
 * with `null` goes back to the API's default. Every API process reads it with the key on the next
 * request: nothing is cached.
 */
export async function setWorkspaceRateLimit(
  prisma: Db,
  workspaceId: string,
  input: { perSecond: string; burst?: string | undefined } | null,
): Promise<WorkspaceView> {
  const limit = input === null ? null : parseRateLimit(input);
  if (!(await findWorkspace(prisma, workspaceId))) throw notFound("Workspace");
  const updated = await updateWorkspaceRateLimit(prisma, workspaceId, {
    apiRateLimitPerSecond: limit?.perSecond ?? null,
    apiRateLimitBurst: limit?.burst ?? null,
  });
  return toWorkspaceView(updated);
}
