import {
  CreateConfigurationSetCommand,
  CreateConfigurationSetEventDestinationCommand,
  DeleteConfigurationSetCommand,
  type EventDestination,
  type EventDestinationDefinition,
  type EventType,
  GetConfigurationSetCommand,
  type GetConfigurationSetCommandOutput,
  GetConfigurationSetEventDestinationsCommand,
  NotFoundException,
  PutConfigurationSetReputationOptionsCommand,
  PutConfigurationSetSuppressionOptionsCommand,
  PutConfigurationSetTrackingOptionsCommand,
  type SESv2Client,
  UpdateConfigurationSetEventDestinationCommand,
} from "@aws-sdk/client-sesv2";
import {
  CreateTopicCommand,
  GetSubscriptionAttributesCommand,
  GetTopicAttributesCommand,
  ListSubscriptionsByTopicCommand,
  SetTopicAttributesCommand,
  type SNSClient,
  NotFoundException as SnsNotFoundException,
  SubscribeCommand,
  type Subscription,
} from "@aws-sdk/client-sns";

/**
 * Brings an AWS account to the SES setup the service needs, idempotently: each resource is read
 * first and only created or corrected when it is missing or differs, so a second run makes no
 * change and a run after a partial failure (or a hand edit in the console) repairs what is off.
 *
 * - one SNS topic, SignatureVersion 2 (SHA256 signatures, which the ingester verifies);
 * - configuration sets with reputation metrics on and SES-side suppression of bounces and
 *   complaints, each with one SNS event destination publishing its event types;
 * - an HTTP(S) subscription of the ingest URL, which SNS confirms by posting a signed
 *   SubscriptionConfirmation to the ingester, which visits its SubscribeURL.
 */

export interface DesiredConfigurationSet {
  name: string;
  eventTypes: EventType[];
  /** SES's CustomRedirectDomain for tracked links and the open pixel; null: SES's own. */
  trackingDomain: string | null;
}

export interface DesiredSesSetup {
  topicName: string;
  /** The ingester's public `…/sns/ses` URL; its scheme is the subscription's protocol. */
  ingestUrl: string;
  eventDestinationName: string;
  configurationSets: DesiredConfigurationSet[];
  /** The topic recorded by an earlier run: read rather than created when it still exists. */
  knownTopicArn: string | null;
  /** How long to wait for the ingester to confirm a new or pending subscription. */
  confirmationWaitMs: number;
}

export interface SubscriptionState {
  arn: string | null;
  protocol: string;
  endpoint: string;
  confirmed: boolean;
}

export interface AppliedSesSetup {
  accountId: string;
  topicArn: string;
  subscription: SubscriptionState;
  /** What this run changed, in words; empty when everything was already right. */
  changes: string[];
}

export interface SesSetupClients {
  ses: SESv2Client;
  sns: SNSClient;
}

const SUPPRESSED_REASONS = ["BOUNCE", "COMPLAINT"] as const;
const CONFIRMATION_POLL_MS = 250;

/**
 * `beforeSubscribe` runs once the topic, sets and destinations are right and before the
 * subscription is asked for: the caller records the topic there, so that a running ingester
 * already accepts the SubscriptionConfirmation SNS is about to post.
 */
export async function applySesSetup(
  clients: SesSetupClients,
  desired: DesiredSesSetup,
  beforeSubscribe: (ready: { accountId: string; topicArn: string; subscriptionArn: string | null }) => Promise<void>,
): Promise<AppliedSesSetup> {
  const changes: string[] = [];
  const topicArn = await ensureTopic(clients.sns, desired, changes);
  const accountId = accountOf(topicArn);
  for (const set of desired.configurationSets) {
    await ensureConfigurationSet(clients.ses, set, changes);
    await ensureEventDestination(clients.ses, set, desired.eventDestinationName, topicArn, changes);
  }
  const existing = await findSubscription(clients.sns, topicArn, desired.ingestUrl);
  await beforeSubscribe({ accountId, topicArn, subscriptionArn: existing?.confirmed ? existing.arn : null });
  const subscription = existing?.confirmed ? existing : await subscribe(clients.sns, topicArn, desired, existing !== null, changes);
  return { accountId, topicArn, subscription, changes };
}

async function ensureTopic(sns: SNSClient, desired: DesiredSesSetup, changes: string[]): Promise<string> {
  let topicArn = desired.knownTopicArn;
  let attributes: Record<string, string> | undefined;
  if (topicArn) {
    try {
      attributes = (await sns.send(new GetTopicAttributesCommand({ TopicArn: topicArn }))).Attributes ?? {};
    } catch (error) {
      if (!(error instanceof SnsNotFoundException)) throw error;
    }
  }
  if (!attributes) {
    // CreateTopic returns the existing topic of that name when there is one.
    topicArn = (await sns.send(new CreateTopicCommand({ Name: desired.topicName }))).TopicArn!;
    attributes = (await sns.send(new GetTopicAttributesCommand({ TopicArn: topicArn }))).Attributes ?? {};
    if (topicArn !== desired.knownTopicArn) changes.push(`SNS topic ${topicArn} created or adopted`);
  }
  if (attributes.SignatureVersion !== "2") {
    await sns.send(new SetTopicAttributesCommand({ TopicArn: topicArn!, AttributeName: "SignatureVersion", AttributeValue: "2" }));
    changes.push(`SNS topic ${topicArn}: SignatureVersion set to 2`);
  }
  return topicArn!;
}

async function ensureConfigurationSet(ses: SESv2Client, set: DesiredConfigurationSet, changes: string[]): Promise<void> {
  let current: GetConfigurationSetCommandOutput;
  try {
    current = await ses.send(new GetConfigurationSetCommand({ ConfigurationSetName: set.name }));
  } catch (error) {
    if (!(error instanceof NotFoundException)) throw error;
    await ses.send(
      new CreateConfigurationSetCommand({
        ConfigurationSetName: set.name,
        ReputationOptions: { ReputationMetricsEnabled: true },
        SendingOptions: { SendingEnabled: true },
        SuppressionOptions: { SuppressedReasons: [...SUPPRESSED_REASONS] },
        ...(set.trackingDomain ? { TrackingOptions: { CustomRedirectDomain: set.trackingDomain } } : {}),
        Tags: [{ Key: "managed-by", Value: "svc" }],
      }),
    );
    changes.push(`configuration set ${set.name} created`);
    return;
  }
  if (current.ReputationOptions?.ReputationMetricsEnabled !== true) {
    await ses.send(new PutConfigurationSetReputationOptionsCommand({ ConfigurationSetName: set.name, ReputationMetricsEnabled: true }));
    changes.push(`configuration set ${set.name}: reputation metrics turned on`);
  }
  if (!sameMembers(current.SuppressionOptions?.SuppressedReasons ?? [], SUPPRESSED_REASONS)) {
    await ses.send(
      new PutConfigurationSetSuppressionOptionsCommand({ ConfigurationSetName: set.name, SuppressedReasons: [...SUPPRESSED_REASONS] }),
    );
    changes.push(`configuration set ${set.name}: SES suppression of bounces and complaints turned on`);
  }
  const currentDomain = current.TrackingOptions?.CustomRedirectDomain ?? null;
  if (currentDomain !== set.trackingDomain) {
    await ses.send(
      new PutConfigurationSetTrackingOptionsCommand({
        ConfigurationSetName: set.name,
        ...(set.trackingDomain ? { CustomRedirectDomain: set.trackingDomain } : {}),
      }),
    );
    changes.push(
      `configuration set ${set.name}: tracking domain ${set.trackingDomain ? `set to ${set.trackingDomain}` : "reset to SES's own"}`,
    );
  }
}

async function ensureEventDestination(
  ses: SESv2Client,
  set: DesiredConfigurationSet,
  name: string,
  topicArn: string,
  changes: string[],
): Promise<void> {
  const { EventDestinations: destinations = [] } = await ses.send(
    new GetConfigurationSetEventDestinationsCommand({ ConfigurationSetName: set.name }),
  );
  const definition: EventDestinationDefinition = {
    Enabled: true,
    MatchingEventTypes: set.eventTypes,
    SnsDestination: { TopicArn: topicArn },
  };
  const current = destinations.find((destination) => destination.Name === name);
  if (!current) {
    await ses.send(
      new CreateConfigurationSetEventDestinationCommand({
        ConfigurationSetName: set.name,
        EventDestinationName: name,
        EventDestination: definition,
      }),
    );
    changes.push(`configuration set ${set.name}: event destination ${name} created (${set.eventTypes.length} event types to SNS)`);
  } else if (!destinationMatches(current, set.eventTypes, topicArn)) {
    await ses.send(
      new UpdateConfigurationSetEventDestinationCommand({
        ConfigurationSetName: set.name,
        EventDestinationName: name,
        EventDestination: definition,
      }),
    );
    changes.push(`configuration set ${set.name}: event destination ${name} corrected`);
  }
}

function destinationMatches(destination: EventDestination, eventTypes: readonly EventType[], topicArn: string): boolean {
  return (
    destination.Enabled === true &&
    sameMembers(destination.MatchingEventTypes ?? [], eventTypes) &&
    destination.SnsDestination?.TopicArn === topicArn &&
    !destination.CloudWatchDestination &&
    !destination.KinesisFirehoseDestination &&
    !destination.EventBridgeDestination &&
    !destination.PinpointDestination
  );
}

/** Deletes configuration sets nothing uses any more (one already gone is fine). */
export async function deleteConfigurationSets(ses: SESv2Client, names: readonly string[], changes: string[]): Promise<void> {
  for (const name of names) {
    try {
      await ses.send(new DeleteConfigurationSetCommand({ ConfigurationSetName: name }));
      changes.push(`configuration set ${name} deleted (no longer used)`);
    } catch (error) {
      if (!(error instanceof NotFoundException)) throw error;
    }
  }
}

/** The subscription of `endpoint` to the topic, confirmed or pending, or null. */
export async function findSubscription(sns: SNSClient, topicArn: string, endpoint: string): Promise<SubscriptionState | null> {
  const protocol = protocolOf(endpoint);
  let nextToken: string | undefined;
  do {
    const page = await sns.send(
      new ListSubscriptionsByTopicCommand({ TopicArn: topicArn, ...(nextToken ? { NextToken: nextToken } : {}) }),
    );
    const found = (page.Subscriptions ?? []).find(
      (subscription: Subscription) => subscription.Protocol === protocol && subscription.Endpoint === endpoint,
    );
    if (found) {
      const confirmed = isSubscriptionArn(found.SubscriptionArn);
      return { arn: confirmed ? found.SubscriptionArn! : null, protocol, endpoint, confirmed };
    }
    nextToken = page.NextToken;
  } while (nextToken);
  return null;
}

/** Subscribes (again, for a pending one: SNS then posts the confirmation again) and waits a while for the ingester to confirm. */
async function subscribe(
  sns: SNSClient,
  topicArn: string,
  desired: DesiredSesSetup,
  wasPending: boolean,
  changes: string[],
): Promise<SubscriptionState> {
  const protocol = protocolOf(desired.ingestUrl);
  const { SubscriptionArn: arn } = await sns.send(
    new SubscribeCommand({ TopicArn: topicArn, Protocol: protocol, Endpoint: desired.ingestUrl, ReturnSubscriptionArn: true }),
  );
  changes.push(
    wasPending
      ? `SNS asked to post the subscription confirmation to ${desired.ingestUrl} again`
      : `${protocol} subscription of ${desired.ingestUrl} to the topic created`,
  );
  const confirmed = isSubscriptionArn(arn) && (await waitForConfirmation(sns, arn!, desired.confirmationWaitMs));
  return { arn: isSubscriptionArn(arn) ? arn! : null, protocol, endpoint: desired.ingestUrl, confirmed };
}

async function waitForConfirmation(sns: SNSClient, subscriptionArn: string, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { Attributes: attributes = {} } = await sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn: subscriptionArn }));
    if (attributes.PendingConfirmation === "false") return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, CONFIRMATION_POLL_MS));
  }
}

/** SNS lists a pending subscription as "PendingConfirmation" (and answers "pending confirmation"). */
function isSubscriptionArn(value: string | undefined): boolean {
  return typeof value === "string" && value.startsWith("arn:");
}

export function protocolOf(url: string): "http" | "https" {
  return new URL(url).protocol === "http:" ? "http" : "https";
}

/** arn:aws:sns:<region>:<account>:<name> */
export function accountOf(topicArn: string): string {
  return topicArn.split(":")[4] ?? "";
}

function sameMembers(actual: readonly string[], expected: readonly string[]): boolean {
  const a = new Set(actual);
  return a.size === new Set(expected).size && expected.every((item) => a.has(item));
}
