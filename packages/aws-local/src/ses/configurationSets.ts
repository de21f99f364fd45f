import type {
  DeliveryOptions,
  EventDestination,
  EventDestinationDefinition,
  EventType,
  GetConfigurationSetResponse,
  SuppressionListReason,
  Tag,
  TrackingOptions,
} from "@aws-sdk/client-sesv2";
import { AwsError, type AwsLocalRoutes, type SesRequest } from "../server.ts";
import type { ConfigurationSetState } from "../state.ts";
import { notFound, optionalBoolean, optionalObject, optionalString, requireName, stringList } from "./validation.ts";

/**
 * SES v2 configuration sets and their event destinations: create, read, list, delete, the
 * per-set option PUTs, and event destination CRUD, answering with the SDK's shapes.
 */

const EVENT_TYPES: readonly EventType[] = [
  "SEND",
  "REJECT",
  "BOUNCE",
  "COMPLAINT",
  "DELIVERY",
  "OPEN",
  "CLICK",
  "RENDERING_FAILURE",
  "DELIVERY_DELAY",
  "SUBSCRIPTION",
];
const SUPPRESSION_REASONS: readonly SuppressionListReason[] = ["BOUNCE", "COMPLAINT"];
const HTTPS_POLICIES = ["REQUIRE", "REQUIRE_OPEN_ONLY", "OPTIONAL"] as const;
/** SES's documented quota of event destinations per configuration set. */
const MAX_EVENT_DESTINATIONS = 10;
const SNS_TOPIC_ARN = /^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/;

export function configurationSets(routes: AwsLocalRoutes): void {
  routes.ses("POST", "/v2/email/configuration-sets", ({ body, state }) => {
    state.calls.push("ses:CreateConfigurationSet");
    const name = requireName(body.ConfigurationSetName, "ConfigurationSetName");
    if (state.ses.configurationSets.has(name)) {
      throw new AwsError("AlreadyExistsException", `Configuration set <${name}> already exists.`);
    }
    const set: ConfigurationSetState = { name, tags: tagList(body.Tags), eventDestinations: new Map() };
    const tracking = optionalObject<TrackingOptions>(body.TrackingOptions, "TrackingOptions");
    if (tracking) set.trackingOptions = trackingOptions(tracking.CustomRedirectDomain, tracking.HttpsPolicy, true);
    const delivery = optionalObject<DeliveryOptions>(body.DeliveryOptions, "DeliveryOptions");
    if (delivery) set.deliveryOptions = delivery;
    const reputation = optionalObject<{ ReputationMetricsEnabled?: unknown }>(body.ReputationOptions, "ReputationOptions");
    if (reputation) {
      set.reputationOptions = {
        ReputationMetricsEnabled: optionalBoolean(reputation.ReputationMetricsEnabled, "ReputationMetricsEnabled") ?? false,
      };
    }
    const sending = optionalObject<{ SendingEnabled?: unknown }>(body.SendingOptions, "SendingOptions");
    if (sending) set.sendingOptions = { SendingEnabled: optionalBoolean(sending.SendingEnabled, "SendingEnabled") ?? true };
    const suppression = optionalObject<{ SuppressedReasons?: unknown }>(body.SuppressionOptions, "SuppressionOptions");
    if (suppression)
      set.suppressionOptions = {
        SuppressedReasons: stringList(suppression.SuppressedReasons ?? [], "SuppressedReasons", SUPPRESSION_REASONS),
      };
    state.ses.configurationSets.set(name, set);
    return {};
  });

  routes.ses("GET", "/v2/email/configuration-sets/{ConfigurationSetName}", (request) => {
    request.state.calls.push("ses:GetConfigurationSet");
    return describe(existingSet(request));
  });

  routes.ses("DELETE", "/v2/email/configuration-sets/{ConfigurationSetName}", (request) => {
    request.state.calls.push("ses:DeleteConfigurationSet");
    request.state.ses.configurationSets.delete(existingSet(request).name);
    return {};
  });

  const list = ({ state }: SesRequest) => {
    state.calls.push("ses:ListConfigurationSets");
    return { ConfigurationSets: [...state.ses.configurationSets.keys()].sort() };
  };
  // The SDK lists with a POST; older SDKs (and the API reference) with a GET.
  routes.ses("POST", "/v2/email/list-configuration-sets", list);
  routes.ses("GET", "/v2/email/configuration-sets", list);

  routes.ses("PUT", "/v2/email/configuration-sets/{ConfigurationSetName}/reputation-options", (request) => {
    request.state.calls.push("ses:PutConfigurationSetReputationOptions");
    const set = existingSet(request);
    set.reputationOptions = {
      ...set.reputationOptions,
      ReputationMetricsEnabled: optionalBoolean(request.body.ReputationMetricsEnabled, "ReputationMetricsEnabled") ?? false,
    };
    return {};
  });

  routes.ses("PUT", "/v2/email/configuration-sets/{ConfigurationSetName}/suppression-options", (request) => {
    request.state.calls.push("ses:PutConfigurationSetSuppressionOptions");
    const set = existingSet(request);
    set.suppressionOptions = {
      SuppressedReasons: stringList(request.body.SuppressedReasons ?? [], "SuppressedReasons", SUPPRESSION_REASONS),
    };
    return {};
  });

  routes.ses("PUT", "/v2/email/configuration-sets/{ConfigurationSetName}/tracking-options", (request) => {
    request.state.calls.push("ses:PutConfigurationSetTrackingOptions");
    const set = existingSet(request);
    const options = trackingOptions(request.body.CustomRedirectDomain, request.body.HttpsPolicy, false);
    if (options) set.trackingOptions = options;
    else delete set.trackingOptions;
    return {};
  });

  routes.ses("PUT", "/v2/email/configuration-sets/{ConfigurationSetName}/sending", (request) => {
    request.state.calls.push("ses:PutConfigurationSetSendingOptions");
    const set = existingSet(request);
    set.sendingOptions = { SendingEnabled: optionalBoolean(request.body.SendingEnabled, "SendingEnabled") ?? false };
    return {};
  });

  routes.ses("PUT", "/v2/email/configuration-sets/{ConfigurationSetName}/delivery-options", (request) => {
    request.state.calls.push("ses:PutConfigurationSetDeliveryOptions");
    const set = existingSet(request);
    const { ConfigurationSetName: _name, ...options } = request.body;
    set.deliveryOptions = options as DeliveryOptions;
    return {};
  });

  routes.ses("POST", "/v2/email/configuration-sets/{ConfigurationSetName}/event-destinations", (request) => {
    request.state.calls.push("ses:CreateConfigurationSetEventDestination");
    const set = existingSet(request);
    const name = requireName(request.body.EventDestinationName, "EventDestinationName");
    if (set.eventDestinations.has(name)) {
      throw new AwsError("AlreadyExistsException", `Event destination ${name} already exists in configuration set ${set.name}.`);
    }
    if (set.eventDestinations.size >= MAX_EVENT_DESTINATIONS) {
      throw new AwsError("LimitExceededException", `A configuration set can have at most ${MAX_EVENT_DESTINATIONS} event destinations.`);
    }
    set.eventDestinations.set(name, eventDestination(name, request.body.EventDestination));
    return {};
  });

  routes.ses("GET", "/v2/email/configuration-sets/{ConfigurationSetName}/event-destinations", (request) => {
    request.state.calls.push("ses:GetConfigurationSetEventDestinations");
    return { EventDestinations: [...existingSet(request).eventDestinations.values()] };
  });

  routes.ses("PUT", "/v2/email/configuration-sets/{ConfigurationSetName}/event-destinations/{EventDestinationName}", (request) => {
    request.state.calls.push("ses:UpdateConfigurationSetEventDestination");
    const set = existingSet(request);
    const name = request.params.EventDestinationName!;
    if (!set.eventDestinations.has(name)) throw notFound(`Event destination ${name}`);
    set.eventDestinations.set(name, eventDestination(name, request.body.EventDestination));
    return {};
  });

  routes.ses("DELETE", "/v2/email/configuration-sets/{ConfigurationSetName}/event-destinations/{EventDestinationName}", (request) => {
    request.state.calls.push("ses:DeleteConfigurationSetEventDestination");
    const set = existingSet(request);
    const name = request.params.EventDestinationName!;
    if (!set.eventDestinations.delete(name)) throw notFound(`Event destination ${name}`);
    return {};
  });
}

function existingSet({ params, state }: SesRequest): ConfigurationSetState {
  const name = params.ConfigurationSetName ?? "";
  const set = state.ses.configurationSets.get(name);
  if (!set) throw notFound(`Configuration set <${name}>`);
  return set;
}

function describe(set: ConfigurationSetState): GetConfigurationSetResponse {
  // SES reports the defaults of options never set: reputation metrics off, sending on.
  return {
    ConfigurationSetName: set.name,
    ...(set.trackingOptions ? { TrackingOptions: set.trackingOptions } : {}),
    ...(set.deliveryOptions ? { DeliveryOptions: set.deliveryOptions } : {}),
    ReputationOptions: set.reputationOptions ?? { ReputationMetricsEnabled: false },
    SendingOptions: set.sendingOptions ?? { SendingEnabled: true },
    ...(set.suppressionOptions ? { SuppressionOptions: set.suppressionOptions } : {}),
    Tags: set.tags,
  };
}

function trackingOptions(domain: unknown, policy: unknown, domainRequired: boolean): TrackingOptions | undefined {
  const customRedirectDomain = optionalString(domain, "CustomRedirectDomain");
  const httpsPolicy = optionalString(policy, "HttpsPolicy");
  if (httpsPolicy !== undefined && !(HTTPS_POLICIES as readonly string[]).includes(httpsPolicy)) {
    throw new AwsError("BadRequestException", `HttpsPolicy must be one of ${HTTPS_POLICIES.join(", ")}.`);
  }
  if (customRedirectDomain === undefined) {
    if (domainRequired) throw new AwsError("BadRequestException", "TrackingOptions.CustomRedirectDomain is required.");
    return undefined;
  }
  return {
    CustomRedirectDomain: customRedirectDomain,
    ...(httpsPolicy ? { HttpsPolicy: httpsPolicy as TrackingOptions["HttpsPolicy"] } : {}),
  };
}

function eventDestination(name: string, value: unknown): EventDestination {
  const definition = optionalObject<EventDestinationDefinition>(value, "EventDestination");
  if (!definition) throw new AwsError("BadRequestException", "EventDestination is required.");
  const types = stringList(definition.MatchingEventTypes, "MatchingEventTypes", EVENT_TYPES);
  if (types.length === 0) throw new AwsError("BadRequestException", "MatchingEventTypes must not be empty.");
  const targets = (
    ["KinesisFirehoseDestination", "CloudWatchDestination", "SnsDestination", "EventBridgeDestination", "PinpointDestination"] as const
  ).filter((field) => definition[field] !== undefined);
  if (targets.length !== 1) throw new AwsError("BadRequestException", "An event destination needs exactly one destination.");
  if (definition.SnsDestination && !SNS_TOPIC_ARN.test(String(definition.SnsDestination.TopicArn))) {
    throw new AwsError("BadRequestException", "SnsDestination.TopicArn is not an SNS topic ARN.");
  }
  return {
    Name: name,
    Enabled: optionalBoolean(definition.Enabled, "Enabled") ?? false,
    MatchingEventTypes: types,
    ...(definition.SnsDestination ? { SnsDestination: { TopicArn: definition.SnsDestination.TopicArn } } : {}),
    ...(definition.CloudWatchDestination ? { CloudWatchDestination: definition.CloudWatchDestination } : {}),
    ...(definition.KinesisFirehoseDestination ? { KinesisFirehoseDestination: definition.KinesisFirehoseDestination } : {}),
    ...(definition.EventBridgeDestination ? { EventBridgeDestination: definition.EventBridgeDestination } : {}),
    ...(definition.PinpointDestination ? { PinpointDestination: definition.PinpointDestination } : {}),
  };
}

function tagList(value: unknown): Tag[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((tag) => typeof tag?.Key !== "string" || typeof tag?.Value !== "string")) {
    throw new AwsError("BadRequestException", "Tags must be a list of {Key, Value}.");
  }
  return value as Tag[];
}
