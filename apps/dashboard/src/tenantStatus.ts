import { createSesApiClients, SesTenants, type TenantStatusView } from "@svc/providers";
import type { DashboardEnv } from "./env.ts";

/** How long a workspace's tenant status is shown from memory before SES is asked again. */
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/** What the overview shows of the workspace's SES tenant; `unavailable` when SES could not be asked. */
export type TenantStatus = { kind: "tenant"; view: TenantStatusView } | { kind: "none" } | { kind: "unavailable" };

export interface TenantStatusReader {
  read(workspaceId: string): Promise<TenantStatus>;
  close(): void;
}

/**
 * The workspace's SES tenant status for its overview (SES only; null with the simulator). Read
 * from SES at most once a minute per workspace and process once it has a tenant, so that viewing
 * the overview does not cost AWS calls each time.
 */
export function createTenantStatusReader(env: DashboardEnv, now: () => number = Date.now): TenantStatusReader | null {
  if (env.EMAIL_PROVIDER !== "ses") return null;
  const clients = createSesApiClients(env);
  const tenants = new SesTenants(clients.ses);
  const cache = new Map<string, { at: number; value: TenantStatus }>();
  return {
    async read(workspaceId) {
      const cached = cache.get(workspaceId);
      if (cached && now() - cached.at < TTL_MS) return cached.value;
      let value: TenantStatus;
      try {
        const view = await tenants.status(workspaceId);
        value = view ? { kind: "tenant", view } : { kind: "none" };
      } catch {
        value = { kind: "unavailable" };
      }
      // A workspace with no tenant yet gets one with its first send: asked again on the next view.
      if (value.kind === "none") return value;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(workspaceId, { at: now(), value });
      return value;
    },
    close: () => clients.close(),
  };
}
