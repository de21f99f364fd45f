import { sesRegionsOf } from "@svc/config";
import { AppError, createDnsResolver, getSesSetup } from "@svc/core";
import { type CliContext, type Command, type Flags, listFlag, RawOutput } from "../command.ts";
import { dnsChecks } from "../doctor/dnsChecks.ts";
import { ingestCheck } from "../doctor/ingestCheck.ts";
import { type DoctorCheck, exitCodeOf, guarded, renderLines, warning } from "../doctor/report.ts";

/**
 * `svc doctor`: proves an install on the operator's account, read only. DNS of every sending
 * domain; with SES, the account (pause, sandbox, quota), the recorded topic, its subscription
 * (confirmed) and the ingester it points at (answering), each configuration set and its event
 * destination, and the workspaces' tenants. One line per check, or `--json`; exit 1 on a failure.
 */
async function doctor(flags: Flags, { db, config }: CliContext): Promise<RawOutput> {
  const json = flags.json;
  if (json !== undefined && json !== true) throw new AppError("bad_request", "Option --json takes no value.");
  // Only these sending domains (and their workspaces' tenants); every one by default.
  const domains = listFlag(flags, "domain").map((name) => name.toLowerCase());
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
  } else {
    // Loaded only here: the simulator's installs start without the AWS SDK.
    const { createSesApiClients, sesApiEnvOf } = await import("@svc/providers");
    const { sesChecks } = await import("../doctor/sesChecks.ts");
    const regions = sesRegionsOf(config);
    // Region by region; with one region the lines read as they always have.
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
  }
  const exitCode = exitCodeOf(checks);
  const text = json
    ? `${JSON.stringify(
        {
          ok: exitCode === 0,
          region: sesRegionsOf(config)
            .map((entry) => entry.region)
            .join(","),
          provider: config.EMAIL_PROVIDER,
          checks,
        },
        null,
        2,
      )}\n`
    : renderLines(checks);
  return new RawOutput(text, exitCode);
}

export const doctorCommands: Command[] = [{ path: ["doctor"], usage: "[--domain example.com,…] [--json]", run: doctor }];
