import { type SesSetupRecord, sesExpectationOf, workspacesWithDomains } from "@svc/core";
import type { Db } from "@svc/db";
import { readSesStatus, type SesApiClients, type SesStatus, SesTenants } from "@svc/providers";
import { type DoctorCheck, failed, ok, warning } from "./report.ts";

const SETUP_FIX = "run svc ses setup --ingest-url https://<ingest host>/sns/ses";

/**
 * The account, the recorded setup (topic, subscription, configuration sets and their event
 * destinations) and the workspaces' tenants, as SES and SNS report them now.
 */
export async function sesChecks(
  db: Db,
  clients: SesApiClients,
  recorded: SesSetupRecord | null,
  domains: readonly string[] = [],
): Promise<DoctorCheck[]> {
  const status = await readSesStatus(clients, sesExpectationOf(recorded));
  const checks = [...accountChecks(status)];
  if (!recorded) {
    checks.push(failed("ses setup", "no SES setup is recorded for this region", SETUP_FIX));
    return checks;
  }
  checks.push(...topicChecks(status, recorded));
  checks.push(...configurationSetChecks(status));
  checks.push(...(await tenantChecks(db, clients, recorded, domains)));
  return checks;
}

function accountChecks({ account }: SesStatus): DoctorCheck[] {
  if (!account) return [failed("ses account", "GetAccount failed", "check the AWS credentials, region and SES_ENDPOINT")];
  const checks: DoctorCheck[] = [];
  checks.push(
    account.sendingEnabled
      ? ok("ses account sending", "enabled")
      : failed(
          "ses account sending",
          "SES has paused sending for the account: every email waits (account_paused)",
          "read SES's reason in the console (Reputation metrics, enforcement), fix the cause and ask AWS to resume sending",
        ),
  );
  checks.push(
    account.productionAccess
      ? ok("ses account production access", "out of the sandbox")
      : warning(
          "ses account production access",
          "the account is in the sandbox: it sends only to verified addresses",
          "request production access in the SES console",
        ),
  );
  if (account.enforcementStatus && account.enforcementStatus !== "HEALTHY")
    checks.push(
      warning(
        "ses account enforcement",
        `status ${account.enforcementStatus}`,
        "read the SES console's reputation page and act on its findings",
      ),
    );
  checks.push(quotaCheck(account.max24HourSend, account.sentLast24Hours, account.maxSendRate));
  return checks;
}

function quotaCheck(max: number | null, sent: number | null, rate: number | null): DoctorCheck {
  const name = "ses account quota";
  if (max === null || max < 0) return ok(name, `unlimited 24-hour quota, ${rate ?? "?"} a second`);
  const used = sent ?? 0;
  const detail = `${used} of ${max} sent in the last 24 hours, ${rate ?? "?"} a second`;
  const fix = "request a higher sending quota in the SES console (Service quotas)";
  if (used >= max) return failed(name, `${detail}: the quota is reached, emails wait (account_quota)`, fix);
  if (used >= 0.8 * max) return warning(name, `${detail}: over 80 % used`, fix);
  return ok(name, detail);
}

function topicChecks(status: SesStatus, recorded: SesSetupRecord): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
  if (!status.topic?.exists) {
    checks.push(failed("sns topic", `${recorded.topicArn} does not exist`, SETUP_FIX));
    return checks;
  }
  checks.push(
    status.topic.signatureVersion === "2"
      ? ok("sns topic", `${recorded.topicArn} signs with SignatureVersion 2`)
      : warning("sns topic", `signs with SignatureVersion ${status.topic.signatureVersion}`, SETUP_FIX),
  );
  const subscription = status.subscription;
  if (!subscription) checks.push(failed("sns subscription", `${recorded.ingestUrl} is not subscribed to the topic`, SETUP_FIX));
  else if (!subscription.confirmed)
    checks.push(
      failed(
        "sns subscription",
        `the subscription of ${recorded.ingestUrl} is not confirmed (SNS sends it nothing)`,
        "make sure the ingester runs at that URL with EMAIL_PROVIDER=ses and SNS can reach it, then run svc ses setup again (SNS posts the confirmation again and the ingester confirms it)",
      ),
    );
  else checks.push(ok("sns subscription", `${recorded.ingestUrl} is confirmed`));
  return checks;
}

function configurationSetChecks(status: SesStatus): DoctorCheck[] {
  return status.configurationSets.flatMap((set): DoctorCheck[] => {
    const name = `configuration set ${set.name}`;
    if (!set.exists) return [failed(name, "does not exist", SETUP_FIX)];
    const checks: DoctorCheck[] = [];
    if (!set.sendingEnabled) checks.push(failed(name, "sending is paused on it", "enable its sending (SES console) or run svc ses setup"));
    const destination = set.eventDestination;
    if (!destination.exists)
      checks.push(failed(`${name} event destination`, "has no event destination: SES reports none of its events", SETUP_FIX));
    else if (!destination.enabled) checks.push(failed(`${name} event destination`, "its event destination is disabled", SETUP_FIX));
    else if (destination.topicArn !== status.topic?.arn)
      checks.push(
        failed(`${name} event destination`, `publishes to ${destination.topicArn ?? "no topic"}, not the recorded topic`, SETUP_FIX),
      );
    else checks.push(ok(`${name} event destination`, `publishes ${destination.eventTypes.length} event types to the topic`));
    return checks;
  });
}

/** The workspaces with domains, or only those owning one of `domains`. */
async function* workspacesOf(db: Db, domains: readonly string[]): AsyncGenerator<{ workspaceId: string; names: string[] }> {
  for await (const workspace of workspacesWithDomains(db)) {
    if (domains.length === 0 || workspace.names.some((name) => domains.includes(name))) yield workspace;
  }
}

async function tenantChecks(db: Db, clients: SesApiClients, recorded: SesSetupRecord, domains: readonly string[]): Promise<DoctorCheck[]> {
  let audited: Awaited<ReturnType<SesTenants["audit"]>>;
  try {
    audited = await new SesTenants(clients.ses).audit(
      workspacesOf(db, domains),
      recorded.configurationSets.map((set) => set.name),
    );
  } catch (error) {
    return [
      warning(
        "ses tenants",
        `could not read the tenants (${error instanceof Error ? error.message : String(error)})`,
        "allow the ses:*Tenant* and ses:*ReputationEntit* actions, then run svc ses setup",
      ),
    ];
  }
  return audited.map((tenant): DoctorCheck => {
    const name = `ses tenant ${tenant.tenant}`;
    if (!tenant.exists)
      return warning(
        name,
        `workspace ${tenant.workspaceId} has no tenant yet (the sender makes it at its first send)`,
        "run svc ses setup",
      );
    if (tenant.sendingStatus === "DISABLED")
      return failed(
        name,
        "SES disabled the tenant: its workspace's emails wait (tenant_paused)",
        "read SES's reason on the workspace's overview and act on it",
      );
    if (tenant.unassociated.length > 0)
      return warning(
        name,
        `not associated with ${tenant.unassociated.join(", ")}`,
        "run svc ses setup (a domain without an SES identity must be added again)",
      );
    return ok(name, `sending ${tenant.sendingStatus ?? "ENABLED"}, associated with its domains and configuration sets`);
  });
}
