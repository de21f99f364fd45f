import type { Db, Plan, Workspace } from "@svc/db";
import { newId } from "@svc/db";
import { AppError, notFound } from "../errors.ts";
import { PLAN_NAMES, planLimits } from "../plans.ts";

export interface WorkspaceView {
  id: string;
  name: string;
  plan: Plan;
  dailySendLimit: number | null;
  createdAt: string;
}

export function toWorkspaceView(workspace: Workspace): WorkspaceView {
  return {
    id: workspace.id,
    name: workspace.name,
    plan: workspace.plan,
    dailySendLimit: planLimits(workspace.plan).dailySendLimit,
    createdAt: workspace.createdAt.toISOString(),
  };
}

export const MAX_WORKSPACE_NAME_LENGTH = 100;

export function parsePlan(value: string): Plan {
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

export async function createWorkspace(db: Db, input: { name: string; plan?: string }): Promise<WorkspaceView> {
  const workspace = await db.workspace.create({
    data: { id: newId("workspace"), name: parseName(input.name), plan: parsePlan(input.plan ?? "free") },
  });
  return toWorkspaceView(workspace);
}

export async function setWorkspacePlan(db: Db, workspaceId: string, plan: string): Promise<WorkspaceView> {
  const parsed = parsePlan(plan);
  const existing = await db.workspace.findUnique({ where: { id: workspaceId } });
  if (!existing) throw notFound("Workspace");
  return toWorkspaceView(await db.workspace.update({ where: { id: workspaceId }, data: { plan: parsed } }));
}

export async function getWorkspace(db: Db, workspaceId: string): Promise<WorkspaceView> {
  const workspace = await db.workspace.findUnique({ where: { id: workspaceId } });
  if (!workspace) throw notFound("Workspace");
  return toWorkspaceView(workspace);
}
