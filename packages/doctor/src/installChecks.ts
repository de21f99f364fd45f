import { type SesRegionsEnv, sesRegionsOf } from "@svc/config";
import { createDnsResolver, getSesSetup } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { dnsChecks } from "./dnsChecks.ts";
import { ingestCheck } from "./ingestCheck.ts";
import { type DoctorCheck, guarded, warning } from "./report.ts";

/** The settings the install's checks read: the DNS servers, the provider, and SES's regions. */
export interface InstallChecksConfig extends SesRegionsEnv {
  DNS_SERVERS: string[];
  DNS_TIMEOUT_MS: number;
  EMAIL_PROVIDER: "simulator" | "ses";
}

/**
 * The install's read-only checks, as `svc doctor` and the operators' doctor page run them: DNS of
 * every sending domain (or of `domains`); with SES, region by region, the account, the recorded
 * setup (topic, subscription, configuration sets, event destinations), the tenants, and whether
 * the ingester answers. With one region the names carry no region prefix.
 */
export async function installChecks(db: DbHandle, config: InstallChecksConfig, domains: readonly string[] = []): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  const resolver = createDnsResolver({ servers: config.DNS_SERVERS, timeoutMs: config.DNS_TIMEOUT_MS });
  checks.push(...(await guarded("dns", "check DNS_SERVERS and the network", () => dnsChecks(db.prisma, resolver, domains))));
  if (config.EMAIL_PROVIDER !== "ses") {
    checks.push(
      warning(
        "provider",
        "EMAIL_PROVIDER is the simulator: the SES checks are skipped",
        "set EMAIL_PROVIDER=ses on an install that sends real mail",
      ),
    );
    return checks;
  }
  // Loaded only here: the simulator's installs start without the AWS SDK.
  const { createSesApiClients, sesApiEnvOf } = await import("@svc/providers/ses-api");
  const { sesChecks } = await import("./sesChecks.ts");
  const regions = sesRegionsOf(config);
  for (const entry of regions) {
    const recorded = await getSesSetup(db.prisma, entry.region);
    const clients = createSesApiClients(sesApiEnvOf(entry));
    const regionChecks: DoctorCheck[] = [];
    try {
      regionChecks.push(
        ...(await guarded("ses", "check the AWS credentials, AWS_REGION and SES_ENDPOINT / SNS_ENDPOINT", () =>
          sesChecks(db.prisma, clients, recorded, domains),
        )),
      );
    } finally {
      clients.close();
    }
    if (recorded) regionChecks.push(await ingestCheck(recorded.ingestUrl));
    checks.push(
      ...(regions.length > 1 ? regionChecks.map((check) => ({ ...check, name: `${entry.region} ${check.name}` })) : regionChecks),
    );
  }
  return checks;
}
