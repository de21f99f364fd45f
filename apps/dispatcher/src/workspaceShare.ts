/**
 * At most `limit` of this process's attempts in flight are for one workspace. The
 * per-subscription cap alone lets one workspace with a handful of hanging endpoints hold every
 * worker slot; this keeps the rest for the other workspaces. Per process and in memory: it
 * shares out this process's slots, which is what a tenant can starve.
 */
export class WorkspaceShare {
  private readonly held = new Map<string, number>();

  constructor(readonly limit: number) {}

  hasRoom(workspaceId: string): boolean {
    return (this.held.get(workspaceId) ?? 0) < this.limit;
  }

  /** Takes one of the workspace's places; false when it already holds `limit`. */
  tryTake(workspaceId: string): boolean {
    const count = this.held.get(workspaceId) ?? 0;
    if (count >= this.limit) return false;
    this.held.set(workspaceId, count + 1);
    return true;
  }

  give(workspaceId: string): void {
    const count = (this.held.get(workspaceId) ?? 0) - 1;
    if (count > 0) this.held.set(workspaceId, count);
    else this.held.delete(workspaceId);
  }

  /** Places in use per workspace (for tests and metrics). */
  holding(workspaceId: string): number {
    return this.held.get(workspaceId) ?? 0;
  }
}

/** WEBHOOK_WORKSPACE_SHARE of the worker's concurrency, in whole jobs, at least one. */
export function workspaceShareLimit(env: { DISPATCHER_CONCURRENCY: number; WEBHOOK_WORKSPACE_SHARE: number }): number {
  return Math.max(1, Math.floor(env.DISPATCHER_CONCURRENCY * env.WEBHOOK_WORKSPACE_SHARE));
}
