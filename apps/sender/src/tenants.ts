import type { Logger } from "@svc/logger";
import { type EmailProvider, ProviderError, type SesTenants } from "@svc/providers";

/** After a failure to make a workspace's tenant, its emails go without one for this long before trying again. */
const RETRY_ENSURE_AFTER_MS = 5 * 60_000;
/** Bounded memory: the cache is dropped whole past this many entries and refills as sends come. */
const MAX_ENTRIES = 10_000;

/**
 * The SES provider, with each email sent as its workspace's SES tenant (`TenantName`).
 *
 * The tenant, and its association with the from-domain's identity and the configuration set,
 * are made sure of once per process for each combination (`svc ses setup` does it for every
 * workspace ahead of time; this covers workspaces and domains added since): no AWS call but the
 * send itself on the way of an email already seen. When that fails (an account or IAM policy
 * without tenants) the workspace's emails go without a tenant, as before tenants, and it is
 * tried again after a while. A tenant SES no longer knows is made again on the next send.
 */
export function withTenants(
  provider: EmailProvider,
  tenants: Pick<SesTenants, "ensure">,
  log: Logger,
  now: () => number = Date.now,
): EmailProvider {
  const ensured = new Map<string, Promise<string>>();
  const failedUntil = new Map<string, number>();

  const tenantFor = async (workspaceId: string, identity: string, configurationSet: string | undefined): Promise<string | undefined> => {
    if ((failedUntil.get(workspaceId) ?? 0) > now()) return undefined;
    const key = `${workspaceId}\n${identity}\n${configurationSet ?? ""}`;
    let pending = ensured.get(key);
    if (!pending) {
      if (ensured.size >= MAX_ENTRIES) ensured.clear();
      pending = tenants
        .ensure(workspaceId, { identities: [identity], configurationSets: configurationSet ? [configurationSet] : [] })
        .then((ensured) => ensured.tenant);
      ensured.set(key, pending);
    }
    try {
      return await pending;
    } catch (error) {
      ensured.delete(key);
      if (failedUntil.size >= MAX_ENTRIES) failedUntil.clear();
      failedUntil.set(workspaceId, now() + RETRY_ENSURE_AFTER_MS);
      log.warn({ err: error, workspaceId }, "could not make the workspace's SES tenant; its emails go without one for now");
      return undefined;
    }
  };

  const forget = (workspaceId: string) => {
    for (const key of ensured.keys()) if (key.startsWith(`${workspaceId}\n`)) ensured.delete(key);
  };

  return {
    name: provider.name,
    async send(email) {
      const tenant = await tenantFor(email.workspaceId, email.fromDomain, email.configurationSet);
      try {
        return await provider.send(tenant ? { ...email, tenant } : email);
      } catch (error) {
        if (tenant && error instanceof ProviderError && error.code === "NotFoundException") forget(email.workspaceId);
        throw error;
      }
    },
    close: () => provider.close(),
  };
}
