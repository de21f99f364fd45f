import { type SesRegionEndpoint, sesRegionsOf } from "@svc/config";
import {
  AppError,
  configurationSetName,
  domainIdentityStatuses,
  eventTypesFor,
  getSesSetup,
  installationId,
  putVerifiedDomainIdentities,
  RETIRED_SET_GRACE_MS,
  type RecordedConfigurationSet,
  recordSesSetup,
  retireConfigurationSets,
  SecretBox,
  type SesSetupInput,
  sesExpectationOf,
  sharedConfigurationSetNames,
  trackingCombinationsInUse,
  verifiedReceivingDomainNames,
  workspacesWithDomains,
} from "@svc/core";
import {
  type AppliedSesInbound,
  applySesInbound,
  applySesSetup,
  createSesApiClients,
  createSesInboundClients,
  type DesiredConfigurationSet,
  deleteConfigurationSets,
  readSesAccount,
  readSesStatus,
  type SesAccountView,
  type SesApiClients,
  SesTenants,
  sesApiEnvOf,
} from "@svc/providers";
import { type CliContext, type Command, type Flags, optionalFlag, requireFlag } from "../command.ts";
import { withDomainContext } from "../identities.ts";

/** `svc ses setup` and `svc ses status`: the account side of production on Amazon SES. */

const PREFIX = /^[A-Za-z0-9_-]{1,40}$/;
const DEFAULT_PREFIX = "svc";
const MAX_WAIT_SECONDS = 300;

function parseIngestUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError("bad_request", "--ingest-url must be the ingester's public URL, e.g. https://ingest.example.com/sns/ses.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new AppError("bad_request", "--ingest-url must be an https:// URL.");
  if (url.username || url.password || url.hash)
    throw new AppError("bad_request", "--ingest-url must not contain credentials or a fragment.");
  return url;
}

function parsePrefix(flags: Flags): string {
  const prefix = optionalFlag(flags, "prefix") ?? DEFAULT_PREFIX;
  if (!PREFIX.test(prefix)) throw new AppError("bad_request", "--prefix: 1-40 letters, digits, underscores or hyphens.");
  return prefix;
}

/** A flag that takes no value: `--inbound`. */
function switchFlag(flags: Flags, name: string): boolean {
  const value = flags[name];
  if (value !== undefined && value !== true) throw new AppError("bad_request", `Option --${name} takes no value.`);
  return value === true;
}

function parseWaitSeconds(flags: Flags): number {
  const raw = optionalFlag(flags, "wait-seconds") ?? "20";
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_WAIT_SECONDS)
    throw new AppError("bad_request", `--wait-seconds: a whole number from 0 to ${MAX_WAIT_SECONDS}.`);
  return seconds;
}

/**
 * Reconciles every region the install sends from (SES_REGIONS, or AWS_REGION alone): each gets
 * its topic subscribed to the ingester, its configuration sets with their event destinations and
 * its tenants; with several regions, also every verified domain's identity with the domain's own
 * DKIM key and MAIL FROM. Receiving (`--inbound`) stays in AWS_REGION.
 */
async function setup(flags: Flags, context: CliContext) {
  const regions = sesRegionsOf(context.config);
  if (regions.length === 1) return setupRegion(flags, context, regions[0]!, { identities: false });
  const results = [];
  for (const entry of regions) results.push(await setupRegion(flags, context, entry, { identities: true }));
  return {
    regions: results,
    region: results.map((result) => result.region).join(","),
    accountId: results[0]!.accountId,
    topicArn: results.map((result) => result.topicArn).join(","),
    changed: results.some((result) => result.changed),
  };
}

async function setupRegion(flags: Flags, { db, config }: CliContext, entry: SesRegionEndpoint, options: { identities: boolean }) {
  const ingestUrl = parseIngestUrl(requireFlag(flags, "ingest-url")).href;
  const prefix = parsePrefix(flags);
  // Receiving is set up in AWS_REGION alone: SES receives in few regions, and the MX names one.
  const inbound = switchFlag(flags, "inbound") && entry.region === config.AWS_REGION;
  const createBucket = switchFlag(flags, "create-bucket");
  const replaceActiveRuleSet = switchFlag(flags, "replace-active-rule-set");
  if (!inbound && (createBucket || replaceActiveRuleSet))
    throw new AppError("bad_request", "--create-bucket and --replace-active-rule-set go with --inbound.");
  if (inbound && !config.SES_INBOUND_BUCKET)
    throw new AppError(
      "bad_request",
      "--inbound needs SES_INBOUND_BUCKET: the S3 bucket SES stores received mail in (and the ingester reads).",
    );
  const region = entry.region;
  const combinations = await trackingCombinationsInUse(db.prisma);
  const sets = combinations.map((combination) => ({ combination, name: configurationSetName(prefix, combination) }));
  const desiredSets: DesiredConfigurationSet[] = sets.map(({ combination, name }) => ({
    name,
    eventTypes: eventTypesFor(combination),
    trackingDomain: combination.trackingDomain,
  }));
  // Two tracking combinations under one name would share one CustomRedirectDomain: refused.
  const shared = sharedConfigurationSetNames(desiredSets);
  if (shared.length > 0)
    throw new AppError(
      "conflict",
      `Two tracking configurations would share the configuration set name(s) ${shared.join(", ")}; nothing was changed.`,
    );
  const recordedSets: RecordedConfigurationSet[] = sets.map(({ combination, name }) => ({ name, ...combination }));
  const eventDestination = `${prefix}-sns`;
  const recorded = await getSesSetup(db.prisma, region);
  // Sets of earlier runs that nothing chooses any more (a name scheme changed, a tracking domain
  // dropped): recorded as retired, deleted by a run once no sender can still choose them.
  const retired = retireConfigurationSets(
    recorded,
    recordedSets.map((set) => set.name),
    new Date(),
  );

  const clients = createSesApiClients(sesApiEnvOf(entry));
  try {
    const identities = options.identities ? await setUpIdentities(config, db.prisma, entry) : null;
    // Retired by an earlier run at least the grace period ago: no sender chooses them any more,
    // and their emails' late events have had their time.
    // Deleted before the record forgets them, so that a failure here is retried by the next run.
    const deleted: string[] = [];
    await deleteConfigurationSets(clients.ses, retired.remove, deleted);
    const record = async (fields: { accountId: string; topicArn: string; subscriptionArn: string | null }) => {
      const next: SesSetupInput = {
        region,
        ingestUrl,
        configurationSets: recordedSets,
        retiredConfigurationSets: retired.keep,
        eventDestination,
        ...fields,
      };
      if (!recorded || !sameRecord(recorded, next)) await recordSesSetup(db.prisma, next);
    };
    const applied = await applySesSetup(
      clients,
      {
        topicName: `${prefix}-ses-events`,
        ingestUrl,
        eventDestinationName: eventDestination,
        configurationSets: desiredSets,
        knownTopicArn: recorded?.topicArn ?? null,
        confirmationWaitMs: parseWaitSeconds(flags) * 1000,
      },
      record,
    );
    // The subscription's ARN, once SNS gives one, is recorded too.
    if (applied.subscription.confirmed)
      await record({ accountId: applied.accountId, topicArn: applied.topicArn, subscriptionArn: applied.subscription.arn });
    const tenants = await setUpTenants(clients.ses, db.prisma, [
      ...recordedSets.map((set) => set.name),
      ...(config.SES_CONFIGURATION_SET ? [config.SES_CONFIGURATION_SET] : []),
    ]);
    const account = await readSesAccount(clients.ses).catch(() => null);
    const receiving = inbound
      ? await setUpReceiving(config, db.prisma, { prefix, topicArn: applied.topicArn, createBucket, replaceActiveRuleSet })
      : null;
    const changes = [
      ...deleted,
      ...applied.changes,
      ...tenants.changes,
      ...(receiving?.changes ?? []),
      ...(identities && identities.put > 0 ? [`identities of ${identities.put} verified domain(s) put in ${region}`] : []),
    ];
    return {
      region,
      accountId: applied.accountId,
      topicArn: applied.topicArn,
      subscription: applied.subscription,
      eventDestination,
      configurationSets: desiredSets.map((set, n) => ({
        ...set,
        openTracking: recordedSets[n]!.openTracking,
        clickTracking: recordedSets[n]!.clickTracking,
      })),
      tenants: { workspaces: tenants.workspaces, missingIdentities: tenants.missing },
      ...(identities ? { identities } : {}),
      ...(receiving
        ? {
            inbound: {
              bucket: config.SES_INBOUND_BUCKET!,
              objectKeyPrefix: config.SES_INBOUND_PREFIX,
              ruleSet: receiving.ruleSetName,
              active: receiving.active,
              rules: receiving.rules,
            },
          }
        : {}),
      changed: changes.length > 0,
      changes,
      toDo: [
        ...toDo({
          ingestUrl,
          region,
          subscriptionConfirmed: applied.subscription.confirmed,
          account,
          trackingDomains: recordedSets,
          overrideSet: config.SES_CONFIGURATION_SET,
        }),
        ...(retired.keep.length > 0
          ? [
              `Configuration set(s) ${retired.keep.map((set) => set.name).join(", ")} are no longer used; they are kept for the late events of the emails sent through them, and a run of svc ses setup after ${laterOf(retired.keep)} deletes them.`,
            ]
          : []),
        ...tenants.toDo,
        ...(identities && identities.failed.length > 0
          ? [
              `${identities.failed.length} verified domain(s) could not be put in ${region} (${identities.failed
                .slice(0, 5)
                .map((entry) => `${entry.domain}: ${entry.reason}`)
                .join("; ")}): fix the cause and run svc ses setup again.`,
            ]
          : []),
        ...(identities && identities.notOurs.length > 0
          ? [
              `${identities.notOurs.length} domain(s) have an identity in ${region} the install did not create (${identities.notOurs.slice(0, 10).join(", ")}): adopt them there (svc ses adopt) or remove them, then run svc ses setup again.`,
            ]
          : []),
        ...(receiving ? receivingToDo(receiving, config) : []),
      ],
    };
  } finally {
    clients.close();
  }
}

/** Every verified domain as an identity of the region, with its own DKIM key and MAIL FROM. */
async function setUpIdentities(config: CliContext["config"], prisma: CliContext["db"]["prisma"], entry: SesRegionEndpoint) {
  const { createSendingIdentities } = await import("@svc/providers");
  const identities = createSendingIdentities({ EMAIL_PROVIDER: "ses", AWS_REGION: entry.region, SES_ENDPOINT: entry.sesEndpoint }, () =>
    installationId(prisma),
  )!;
  try {
    return await putVerifiedDomainIdentities(prisma, identities, new SecretBox(config.WEBHOOK_SECRET_KEY));
  } finally {
    identities.close();
  }
}

/**
 * Every workspace with domains becomes an SES tenant (its own reputation and pauses), with its
 * domains' identities and the configuration sets associated: how an install moves to tenants.
 * The sender makes the tenant of a workspace seen later itself. A failure here (an IAM policy
 * without the tenant actions) does not undo the rest of the setup: it is said in toDo.
 */
async function setUpTenants(ses: SesApiClients["ses"], prisma: CliContext["db"]["prisma"], configurationSets: string[]) {
  try {
    const result = await new SesTenants(ses).reconcile(workspacesWithDomains(prisma), configurationSets);
    const toDo =
      result.missing.length === 0
        ? []
        : [
            `${result.missing.length} domain(s) have no SES identity, so their workspace's tenant is not associated with them (${result.missing.slice(0, 10).join(", ")}${result.missing.length > 10 ? ", …" : ""}): add them again with EMAIL_PROVIDER=ses, then run svc ses setup again.`,
          ];
    return { workspaces: result.tenants, changes: result.changes, missing: result.missing, toDo };
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return {
      workspaces: 0,
      changes: [],
      missing: [],
      toDo: [
        `SES tenants could not be set up (${reason}). Until they are, workspaces send as the account, sharing its reputation: allow the ses:*Tenant* and ses:*ReputationEntit* actions and run svc ses setup again.`,
      ],
    };
  }
}

/**
 * SES receiving: a receipt rule per verified receiving domain storing into SES_INBOUND_BUCKET and
 * notifying the same topic as the sending events, so the ingester's one subscription takes both.
 */
async function setUpReceiving(
  config: CliContext["config"],
  prisma: CliContext["db"]["prisma"],
  options: { prefix: string; topicArn: string; createBucket: boolean; replaceActiveRuleSet: boolean },
): Promise<AppliedSesInbound> {
  const clients = createSesInboundClients(config);
  try {
    return await applySesInbound(clients, {
      ruleSetName: `${options.prefix}-inbound`,
      rulePrefix: options.prefix,
      bucket: config.SES_INBOUND_BUCKET!,
      objectKeyPrefix: config.SES_INBOUND_PREFIX,
      createBucket: options.createBucket,
      region: config.AWS_REGION,
      topicArn: options.topicArn,
      domains: await verifiedReceivingDomainNames(prisma),
      replaceActiveRuleSet: options.replaceActiveRuleSet,
    });
  } finally {
    clients.close();
  }
}

function receivingToDo(receiving: AppliedSesInbound, config: CliContext["config"]): string[] {
  const steps: string[] = [];
  if (receiving.otherActiveRuleSet)
    steps.push(
      `The receipt rule set ${receiving.otherActiveRuleSet} is active, and an account has one active set: move its rules into ${receiving.ruleSetName}, or run again with --replace-active-rule-set to activate ${receiving.ruleSetName} in its place.`,
    );
  if (receiving.rules.length === 0)
    steps.push("No receiving domain is verified yet: add one (svc inbound add-domain), verify it, then run svc ses setup --inbound again.");
  steps.push(
    `SES must be allowed to write to s3://${config.SES_INBOUND_BUCKET}/${config.SES_INBOUND_PREFIX}: a bucket policy granting ses.amazonaws.com s3:PutObject (condition aws:SourceAccount), and the ingester s3:GetObject; set SES_INBOUND_BUCKET on the ingester too.`,
  );
  return steps;
}

function sameRecord(recorded: SesSetupInput, next: SesSetupInput): boolean {
  return (
    recorded.accountId === next.accountId &&
    recorded.topicArn === next.topicArn &&
    recorded.ingestUrl === next.ingestUrl &&
    recorded.eventDestination === next.eventDestination &&
    // A confirmed subscription recorded earlier stays recorded while this run has only seen it.
    (next.subscriptionArn === null ? true : recorded.subscriptionArn === next.subscriptionArn) &&
    JSON.stringify(recorded.configurationSets) === JSON.stringify(next.configurationSets) &&
    JSON.stringify(recorded.retiredConfigurationSets ?? []) === JSON.stringify(next.retiredConfigurationSets ?? [])
  );
}

/** When the last of these retired sets may be deleted. */
function laterOf(sets: readonly { retiredAt: string }[]): string {
  const latest = Math.max(...sets.map((set) => Date.parse(set.retiredAt)));
  return new Date(latest + RETIRED_SET_GRACE_MS).toISOString();
}

/** What the operator still has to do by hand, in the order to do it. */
function toDo(state: {
  ingestUrl: string;
  region: string;
  subscriptionConfirmed: boolean;
  account: SesAccountView | null;
  trackingDomains: RecordedConfigurationSet[];
  overrideSet: string | undefined;
}): string[] {
  const steps: string[] = [];
  if (state.ingestUrl.startsWith("http:"))
    steps.push("Use an https:// ingest URL in production: over http SNS notifications travel in clear text.");
  if (!state.subscriptionConfirmed) {
    steps.push(
      `The subscription of ${state.ingestUrl} is not confirmed yet. Start the ingester with EMAIL_PROVIDER=ses so that it answers at that URL (it accepts the recorded topic), then run svc ses setup again: SNS posts the confirmation again and the ingester confirms it.`,
    );
  }
  if (state.account && !state.account.productionAccess) {
    steps.push(
      "The SES account is in the sandbox: it sends only to verified addresses, at most 200 a day. Request production access in the SES console.",
    );
  }
  if (!state.account) steps.push("GetAccount failed: check the AWS credentials and region, then run svc ses status.");
  for (const domain of new Set(
    state.trackingDomains.map((set) => set.trackingDomain).filter((domain): domain is string => domain !== null),
  )) {
    steps.push(
      `Publish a CNAME record ${domain} -> r.${state.region}.awstrack.me so that tracked links and the open pixel on ${domain} work.`,
    );
  }
  if (state.overrideSet)
    steps.push(
      `SES_CONFIGURATION_SET=${state.overrideSet} is set: every email goes through that set instead of these, and per-domain tracking does not apply. Unset it to use them.`,
    );
  return steps;
}

async function status(_flags: Flags, { db, config }: CliContext) {
  const region = config.AWS_REGION;
  const recorded = await getSesSetup(db.prisma, region);
  const clients = createSesApiClients(config);
  try {
    const report = await readSesStatus(clients, sesExpectationOf(recorded));
    return {
      region,
      recorded: recorded && {
        accountId: recorded.accountId,
        topicArn: recorded.topicArn,
        ingestUrl: recorded.ingestUrl,
        updatedAt: recorded.updatedAt.toISOString(),
      },
      ...report,
      lastNotificationAt: recorded?.lastNotificationAt?.toISOString() ?? null,
      configurationSetOverride: config.SES_CONFIGURATION_SET ?? null,
      // Per domain: our status and SES's identity states now (verified for sending, DKIM, MAIL FROM).
      ...(await withDomainContext({ config, db }, (context) =>
        context.identities ? domainIdentityStatuses(db.prisma, context.identities) : Promise.resolve({ domains: [], truncated: false }),
      )),
    };
  } finally {
    clients.close();
  }
}

/**
 * `svc ses adopt`: the operator's explicit consent to hand an identity the install did not create
 * (a domain verified by hand, one added before EMAIL_PROVIDER=ses) to the install: it is tagged as
 * ours, so that the workspace whose DNS proves the name re-keys it, and removing it deletes it.
 */
async function adopt(flags: Flags, { db, config }: CliContext) {
  const identity = requireFlag(flags, "identity").trim().toLowerCase();
  if (config.EMAIL_PROVIDER !== "ses")
    throw new AppError("bad_request", "svc ses adopt needs EMAIL_PROVIDER=ses: the simulator has no identities.");
  const recorded = await getSesSetup(db.prisma, config.AWS_REGION);
  if (!recorded)
    throw new AppError(
      "conflict",
      `No SES setup is recorded for ${config.AWS_REGION}: run svc ses setup first (it records the account the identity belongs to).`,
    );
  const { createSendingIdentities } = await import("@svc/providers");
  const identities = createSendingIdentities(config, () => installationId(db.prisma))!;
  try {
    const outcome = await identities.adopt(identity, recorded.accountId);
    if (outcome === "absent") throw new AppError("not_found", `SES has no identity ${identity} in ${config.AWS_REGION}.`);
    return { identity, region: config.AWS_REGION, outcome };
  } finally {
    identities.close();
  }
}

export const sesCommands: Command[] = [
  {
    path: ["ses", "setup"],
    usage: "--ingest-url https://HOST/sns/ses [--prefix svc] [--wait-seconds 20] [--inbound [--create-bucket] [--replace-active-rule-set]]",
    run: setup,
  },
  { path: ["ses", "status"], usage: "", run: status },
  { path: ["ses", "adopt"], usage: "--identity DOMAIN_OR_ADDRESS", run: adopt },
];
