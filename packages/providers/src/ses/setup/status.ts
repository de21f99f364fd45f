import {
  type EventType,
  GetConfigurationSetCommand,
  GetConfigurationSetEventDestinationsCommand,
  NotFoundException,
} from "@aws-sdk/client-sesv2";
import { GetTopicAttributesCommand, NotFoundException as SnsNotFoundException } from "@aws-sdk/client-sns";
import { readSesAccount, type SesAccountView } from "./account.ts";
import { findSubscription, type SesSetupClients, type SubscriptionState } from "./reconcile.ts";

/**
 * What SES and SNS say about the account and the recorded setup, read-only, with a list of
 * problems in words: what `svc ses status` and the dashboard's SES section show.
 */

export interface RecordedSetupToCheck {
  topicArn: string;
  ingestUrl: string;
  eventDestinationName: string;
  configurationSets: Array<{ name: string; eventTypes: EventType[] }>;
}

export interface ConfigurationSetStatus {
  name: string;
  exists: boolean;
  reputationMetricsEnabled: boolean;
  suppressedReasons: string[];
  sendingEnabled: boolean;
  trackingDomain: string | null;
  eventDestination: { exists: boolean; enabled: boolean; eventTypes: string[]; topicArn: string | null };
}

export interface SesStatus {
  account: SesAccountView | null;
  topic: { arn: string; exists: boolean; signatureVersion: string | null } | null;
  subscription: SubscriptionState | null;
  configurationSets: ConfigurationSetStatus[];
  problems: string[];
}

export async function readSesStatus(clients: SesSetupClients, setup: RecordedSetupToCheck | null): Promise<SesStatus> {
  const problems: string[] = [];
  let account: SesAccountView | null = null;
  try {
    account = await readSesAccount(clients.ses);
    if (!account.productionAccess)
      problems.push(
        "The SES account is in the sandbox: it sends only to verified addresses. Request production access in the SES console.",
      );
    if (!account.sendingEnabled) problems.push("Sending is disabled for the SES account.");
    if (account.enforcementStatus && account.enforcementStatus !== "HEALTHY")
      problems.push(`SES enforcement status is ${account.enforcementStatus}.`);
  } catch (error) {
    problems.push(`GetAccount failed: ${describe(error)}`);
  }
  if (!setup) {
    problems.push("No SES setup is recorded: run svc ses setup --ingest-url https://<ingest host>/sns/ses.");
    return { account, topic: null, subscription: null, configurationSets: [], problems };
  }

  let topic: SesStatus["topic"] = { arn: setup.topicArn, exists: false, signatureVersion: null };
  try {
    const attributes = (await clients.sns.send(new GetTopicAttributesCommand({ TopicArn: setup.topicArn }))).Attributes ?? {};
    topic = { arn: setup.topicArn, exists: true, signatureVersion: attributes.SignatureVersion ?? "1" };
    if (topic.signatureVersion !== "2")
      problems.push(`The SNS topic signs with SignatureVersion ${topic.signatureVersion}, not 2: run svc ses setup.`);
  } catch (error) {
    if (!(error instanceof SnsNotFoundException)) throw error;
    problems.push(`The SNS topic ${setup.topicArn} no longer exists: run svc ses setup.`);
  }

  let subscription: SubscriptionState | null = null;
  if (topic.exists) {
    subscription = await findSubscription(clients.sns, setup.topicArn, setup.ingestUrl);
    if (!subscription) problems.push(`${setup.ingestUrl} is not subscribed to the topic: run svc ses setup.`);
    else if (!subscription.confirmed)
      problems.push(`The subscription of ${setup.ingestUrl} is not confirmed: make sure the ingester runs there, then run svc ses setup.`);
  }

  const configurationSets: ConfigurationSetStatus[] = [];
  for (const expected of setup.configurationSets) {
    const status = await configurationSetStatus(clients, expected.name, setup.eventDestinationName);
    configurationSets.push(status);
    if (!status.exists) {
      problems.push(`Configuration set ${expected.name} is missing: run svc ses setup.`);
      continue;
    }
    if (!status.sendingEnabled) problems.push(`Sending is paused on configuration set ${expected.name}.`);
    const destination = status.eventDestination;
    const complete = expected.eventTypes.every((type) => destination.eventTypes.includes(type));
    if (!destination.exists || !destination.enabled || !complete || destination.topicArn !== setup.topicArn) {
      problems.push(`The event destination of ${expected.name} does not publish every event type to the topic: run svc ses setup.`);
    }
  }
  return { account, topic, subscription, configurationSets, problems };
}

async function configurationSetStatus(clients: SesSetupClients, name: string, destinationName: string): Promise<ConfigurationSetStatus> {
  try {
    const set = await clients.ses.send(new GetConfigurationSetCommand({ ConfigurationSetName: name }));
    const { EventDestinations: destinations = [] } = await clients.ses.send(
      new GetConfigurationSetEventDestinationsCommand({ ConfigurationSetName: name }),
    );
    const destination = destinations.find((candidate) => candidate.Name === destinationName);
    return {
      name,
      exists: true,
      reputationMetricsEnabled: set.ReputationOptions?.ReputationMetricsEnabled ?? false,
      suppressedReasons: set.SuppressionOptions?.SuppressedReasons ?? [],
      sendingEnabled: set.SendingOptions?.SendingEnabled ?? true,
      trackingDomain: set.TrackingOptions?.CustomRedirectDomain ?? null,
      eventDestination: {
        exists: destination !== undefined,
        enabled: destination?.Enabled ?? false,
        eventTypes: destination?.MatchingEventTypes ?? [],
        topicArn: destination?.SnsDestination?.TopicArn ?? null,
      },
    };
  } catch (error) {
    if (!(error instanceof NotFoundException)) throw error;
    return {
      name,
      exists: false,
      reputationMetricsEnabled: false,
      suppressedReasons: [],
      sendingEnabled: false,
      trackingDomain: null,
      eventDestination: { exists: false, enabled: false, eventTypes: [], topicArn: null },
    };
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
