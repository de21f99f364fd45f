import { type DomainDnsReport, domainDnsReports, type RecordCheck, type TxtResolver } from "@svc/core";
import type { Db } from "@svc/db";
import { type DoctorCheck, failed, ok, warning } from "./report.ts";

/** What each record is for, in the words of the line. */
const PURPOSE: Record<string, string> = {
  ownership: "ownership",
  dkim: "DKIM",
  mail_from_mx: "MAIL FROM MX",
  mail_from_spf: "SPF (MAIL FROM)",
  dmarc: "DMARC",
  inbound_mx: "inbound MX",
};

/**
 * DNS of every sending domain, record by record, through the domain verification's own checks:
 * a required record missing fails (SES will not sign or will refuse the domain), advice (MAIL
 * FROM, DMARC) warns; each says what to publish.
 */
export async function dnsChecks(db: Db, resolver: TxtResolver, names: readonly string[] = []): Promise<DoctorCheck[]> {
  const { reports, truncated } = await domainDnsReports(db, resolver, { names });
  if (reports.length === 0)
    return [
      names.length > 0
        ? failed(
            "dns",
            `no sending domain named ${names.join(", ")} is added (pending or verified)`,
            "check the names, or add them: svc domain add",
          )
        : warning("dns", "no sending domain is added", "add one: svc domain add --workspace org_… --domain example.com"),
    ];
  const checks = reports.flatMap(domainChecks);
  if (truncated)
    checks.push(warning("dns", `only the first ${reports.length} domains were checked`, "check the rest with svc domain verify"));
  return checks;
}

function domainChecks(report: DomainDnsReport): DoctorCheck[] {
  return report.checks.map((check) => recordCheck(report.name, check));
}

function recordCheck(domain: string, check: RecordCheck): DoctorCheck {
  const name = `dns ${domain} ${PURPOSE[check.purpose ?? ""] ?? check.type}`;
  if (check.ok) return ok(name, `${check.type} ${check.name} is published`);
  const fix = `publish ${check.type} ${check.name} "${check.expected}"`;
  const detail = `${check.type} ${check.name}: ${check.reason ?? "not as expected"}${check.found.length > 0 ? ` (found ${check.found.length} other value(s))` : ""}`;
  return check.required === false ? warning(name, detail, fix) : failed(name, detail, fix);
}
