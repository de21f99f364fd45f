import { type SesRegionEndpoint, sesRegionsOf } from "@svc/config";
import {
  ConfigurationSetChooser,
  type EmailProvider,
  RegionalProvider,
  RegionCircuit,
  RegionQuotas,
  sqlPool,
  workspaceRegionsLookup,
} from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { recordCircuitOpened, watchRegionCircuits } from "@svc/metrics/sender";
import { createSesApiClients, createSesProvider, readSesAccount, type SesApiClients, SesTenants, sesApiEnvOf } from "@svc/providers";
import { withConfigurationSets } from "./configurationSets.ts";
import type { SenderEnv } from "./env.ts";
import { RegionAccounts } from "./regionAccounts.ts";
import { RegionProbes } from "./regionProbes.ts";
import { withTenants } from "./tenants.ts";

/** A probe gives a region this long to answer: a region that does not is down. */
const PROBE_TIMEOUT_MS = 3_000;

export interface RegionalSending {
  provider: EmailProvider;
  circuits: ReadonlyMap<string, RegionCircuit>;
  quotas: RegionQuotas;
  /** The first region's account (its MaxSendRate sets the shared send rate). */
  readFirstAccount(): ReturnType<typeof readSesAccount>;
  start(): void;
  stop(): Promise<void>;
}

/** Several SES_REGIONS with EMAIL_PROVIDER=ses: the regional path; one region keeps the handoff as it was. */
export function usesRegions(env: SenderEnv): boolean {
  return env.EMAIL_PROVIDER === "ses" && sesRegionsOf(env).length > 1;
}

/**
 * Wires SES in several regions: per region its sending client, configuration sets and tenants
 * (each region has its own), a circuit, a probe client and its 24-hour quota (read every
 * SES_ACCOUNT_REFRESH_MS, counted in memory between reads); and the RegionalProvider over them,
 * with the workspaces' primary and failover regions read through a short cache.
 */
export function createRegionalSending(env: SenderEnv, db: DbHandle, log: Logger): RegionalSending {
  const regions = sesRegionsOf(env);
  const names = regions.map((entry) => entry.region);
  const circuits = new Map(
    names.map((region) => [
      region,
      new RegionCircuit(region, { failureThreshold: env.SES_REGION_FAILURE_THRESHOLD, probeSuccesses: env.SES_REGION_PROBE_SUCCESSES }),
    ]),
  );
  const quotas = new RegionQuotas(names, { windowMs: env.SES_QUOTA_WINDOW_MS, refreshMs: env.SES_ACCOUNT_REFRESH_MS });
  const apiClients = new Map<string, SesApiClients>();
  const probeClients = new Map<string, SesApiClients>();
  const providers = new Map<string, EmailProvider>();
  for (const entry of regions) {
    const regionLog = log.child({ region: entry.region });
    apiClients.set(entry.region, createSesApiClients(sesApiEnvOf(entry)));
    probeClients.set(entry.region, createSesApiClients(sesApiEnvOf(entry), { maxAttempts: 1, timeoutMs: PROBE_TIMEOUT_MS }));
    providers.set(entry.region, regionProvider(env, db, entry, apiClients.get(entry.region)!, regionLog));
  }
  const provider = new RegionalProvider({
    providers,
    circuits,
    quotas,
    regionsOf: workspaceRegionsLookup(sqlPool(db), names, env.SES_REGION_SETTINGS_CACHE_MS),
    unknownOutcomeWaitMs: env.SES_UNKNOWN_OUTCOME_WAIT_MS,
    probeIntervalMs: env.SES_REGION_PROBE_MS,
    onOpen: recordCircuitOpened,
    log,
  });
  const readAccount = (region: string) => readSesAccount(probeClients.get(region)!.ses);
  const accounts = new RegionAccounts(
    circuits,
    quotas,
    readAccount,
    env.SES_ACCOUNT_REFRESH_MS,
    log.child({ component: "region accounts" }),
  );
  const probes = new RegionProbes(
    circuits,
    async (region) => {
      const account = await readAccount(region);
      accounts.record(region, account);
      return account;
    },
    env.SES_REGION_PROBE_MS,
    log.child({ component: "region probes" }),
  );
  let unwatch: (() => void) | null = null;
  return {
    provider: {
      name: provider.name,
      send: (email) => provider.send(email),
      close: async () => {
        await provider.close();
        for (const clients of [...apiClients.values(), ...probeClients.values()]) clients.close();
      },
    },
    circuits,
    quotas,
    readFirstAccount: () => readSesAccount(apiClients.get(names[0]!)!.ses),
    start() {
      unwatch = watchRegionCircuits({ circuits: () => circuits.values() });
      probes.start();
      accounts.start();
    },
    async stop() {
      unwatch?.();
      await Promise.all([probes.stop(), accounts.stop()]);
    },
  };
}

/** One region's provider: its SES client, then its tenants and configuration sets, as with one region. */
function regionProvider(env: SenderEnv, db: DbHandle, entry: SesRegionEndpoint, clients: SesApiClients, log: Logger): EmailProvider {
  const ses = createSesProvider(env, log.child({ provider: "ses" }), {
    region: entry.region,
    endpoint: entry.sesEndpoint,
    requestTimeoutMs: env.SES_REQUEST_TIMEOUT_MS,
  });
  const withTenant = env.SES_TENANTS === "on" ? withTenants(ses, new SesTenants(clients.ses), log.child({ component: "tenants" })) : ses;
  const chooser = new ConfigurationSetChooser(db, { region: entry.region, override: env.SES_CONFIGURATION_SET });
  return withConfigurationSets(withTenant, chooser);
}
