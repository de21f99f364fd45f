import type { ReceiptRule } from "@aws-sdk/client-ses";
import type {
  BehaviorOnMxFailure,
  DeliveryOptions,
  DkimSigningAttributesOrigin,
  DkimStatus,
  EventDestination,
  GetAccountResponse,
  MailFromDomainStatus,
  ReputationOptions,
  ResourceType,
  SendingOptions,
  SendingStatus,
  StatusRecord,
  SuppressionOptions,
  Tag,
  TenantSuppressionAttributes,
  TrackingOptions,
  VerificationStatus,
} from "@aws-sdk/client-sesv2";
import type { SigningIdentity } from "@svc/sns";

/**
 * Everything the local AWS server knows, in memory and inspectable by tests. The SES parts are
 * kept in the SDK's own shapes, so a Get answers with exactly what a Create or Put stored.
 * A resource module that needs more state adds a field to its service's section here.
 */
export interface AwsLocalState {
  accountId: string;
  region: string;
  /** Every operation served, in order, e.g. `ses:CreateConfigurationSet`, `sns:Subscribe`, `s3:PutObject`. */
  calls: string[];
  ses: SesState;
  sns: SnsState;
  s3: S3State;
  /** The region made to fail from the control API (`/_aws-local/fault`); `none` normally. */
  fault: RegionFault;
}

/**
 * How the region fails, for every AWS API request (never the control API or the signing
 * certificate): `errors` answers each with a 503 at once and does nothing; `timeouts` does the
 * work (a send is taken and its events published) and holds the answer `delayMs`, as a region
 * whose answers are lost; `blackhole` reads the request and never answers, doing nothing.
 */
export interface RegionFault {
  mode: "none" | "errors" | "timeouts" | "blackhole";
  delayMs: number;
  /** With `timeouts`: SES's events of a send taken meanwhile are published this much later (a slow region's SNS). */
  eventDelayMs: number;
}

/** S3 buckets and their objects, in memory: `bytes` over all objects never passes `maxBytes`. */
export interface S3State {
  buckets: Map<string, S3BucketState>;
  maxBytes: number;
  bytes: number;
  /** While true every S3 request answers 503 ServiceUnavailable (a store that is down). */
  unavailable: boolean;
}

export interface S3BucketState {
  name: string;
  createdAt: Date;
  /** By key. */
  objects: Map<string, S3ObjectState>;
}

export interface S3ObjectState {
  key: string;
  body: Buffer;
  /** The quoted MD5 hex of the body, as S3 answers for a single-part upload. */
  etag: string;
  /** Base64 big-endian CRC32 of the body. */
  crc32: string;
  contentType: string;
  /** `x-amz-meta-*` headers, by name without the prefix. */
  metadata: Record<string, string>;
  lastModified: Date;
  /** How the body travelled: `aws-chunked` for the SDK's streamed uploads. */
  encoding: "aws-chunked" | "plain";
}

export interface SesState {
  /**
   * What GetAccount answers; tests change it to play a sandboxed or paused account
   * (`SendingEnabled: false`). Its `SendQuota.SentLast24Hours` is what was sent before: GetAccount
   * adds the recipients SendEmail took within the quota's window (`quota`).
   */
  account: GetAccountResponse;
  quota: SendQuotaState;
  configurationSets: Map<string, ConfigurationSetState>;
  /** Email identities (domains and addresses) by lower-cased name. */
  identities: Map<string, EmailIdentityState>;
  /** Addresses SES would have mailed a confirmation link to, in order. */
  confirmationsSent: string[];
  /** Tenants by name. */
  tenants: Map<string, TenantState>;
  /** Every message SendEmail accepted, in order. */
  sentEmails: SentEmailState[];
  /** Classic SES receipt rule sets by name, and the active one's name. */
  receiptRuleSets: Map<string, ReceiptRuleSetState>;
  activeReceiptRuleSet: string | null;
  /** Every message played as received (`AwsLocal.receiveEmail`), in order. */
  received: ReceivedEmailState[];
}

/**
 * The account's sending quota as SES counts it, in recipients: SendEmail refuses a message whose
 * recipients would pass Max24HourSend within the window (ThrottlingException "Daily message quota
 * exceeded"), and, when `enforceSendRate`, more than MaxSendRate recipients within a second
 * ("Maximum sending rate exceeded"). The window is SES's 24 hours unless a test makes it shorter,
 * so that a quota reached frees itself within the test.
 */
export interface SendQuotaState {
  windowMs: number;
  /** Recipients SendEmail took, by time (ms), oldest first; entries older than the window are dropped. */
  sends: Array<{ at: number; recipients: number }>;
  /** Off by default: senders in tests run unlimited (SES_MAX_SEND_RATE=0) against the default 14/s. */
  enforceSendRate: boolean;
}

/** A receipt rule set: its rules in the order SES evaluates them, in the SDK's shape. */
export interface ReceiptRuleSetState {
  name: string;
  createdAt: Date;
  rules: ReceiptRule[];
}

/** A message SES receiving took, and what each matching rule's actions did with it. */
export interface ReceivedEmailState {
  messageId: string;
  recipients: string[];
  actions: ReceivedActionState[];
}

export interface ReceivedActionState {
  ruleName: string;
  type: "S3" | "SNS" | "Stop" | "AddHeader";
  bucketName?: string;
  objectKey?: string;
  topicArn?: string;
  /** The SNS message id of the notification published for this action, if one was. */
  snsMessageId?: string;
}

/**
 * One SES tenant and its reputation entity. Whether it may send is the aggregate of two
 * statuses: the one its owner sets (UpdateReputationEntityCustomerManagedStatus) and the one SES
 * sets on its own findings, which no API changes: tests play SES with `setTenantSesStatus`.
 */
export interface TenantState {
  name: string;
  id: string;
  arn: string;
  createdAt: Date;
  tags: Tag[];
  suppressionAttributes: TenantSuppressionAttributes;
  /** Associated resources (identities, configuration sets, templates) by ARN. */
  resources: Map<string, { type: ResourceType; associatedAt: Date }>;
  customerManagedStatus: StatusRecord & { Status: SendingStatus };
  awsSesManagedStatus: StatusRecord & { Status: SendingStatus };
}

/** A message SendEmail accepted, as the request named it. */
export interface SentEmailState {
  messageId: string;
  tenantName: string | null;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string | null;
  configurationSetName: string | null;
  tags: Array<{ Name: string; Value: string }>;
  /** Simple content's attachments, bytes decoded. */
  attachments: SentAttachmentState[];
}

export interface SentAttachmentState {
  fileName: string | null;
  contentType: string | null;
  content: Buffer;
}

/**
 * One email identity. Tests play SES's own verification by setting `verifiedForSending`,
 * `verificationStatus`, `dkim.status` and `mailFrom.status`.
 */
export interface EmailIdentityState {
  identity: string;
  type: "DOMAIN" | "EMAIL_ADDRESS";
  verifiedForSending: boolean;
  verificationStatus: VerificationStatus;
  dkim?: {
    origin: DkimSigningAttributesOrigin;
    /** Bring-your-own-DKIM: the selector and base64 DER private key given. */
    selector?: string;
    privateKey?: string;
    status: DkimStatus;
    signingEnabled: boolean;
  };
  mailFrom?: { domain: string; behaviorOnMxFailure: BehaviorOnMxFailure; status: MailFromDomainStatus };
  tags: Tag[];
}

export interface ConfigurationSetState {
  name: string;
  trackingOptions?: TrackingOptions;
  deliveryOptions?: DeliveryOptions;
  reputationOptions?: ReputationOptions;
  sendingOptions?: SendingOptions;
  suppressionOptions?: SuppressionOptions;
  tags: Tag[];
  /** By event destination name. */
  eventDestinations: Map<string, EventDestination>;
}

export interface SnsState {
  /** Signs every message this SNS posts; its certificate is served at `certificatePath`. */
  signing: SigningIdentity;
  certificatePath: string;
  /**
   * Where SubscribeURL and UnsubscribeURL point: SNS's own regional host by default, so that a
   * subscriber that only visits SNS hosts accepts them (`AwsLocal.visit` serves such a URL here).
   */
  publicUrl: string;
  topics: Map<string, TopicState>;
  subscriptions: Map<string, SubscriptionState>;
  /** Every HTTP(S) message posted to a subscriber, with the subscriber's answer. */
  deliveries: SnsDelivery[];
  /** Posts still on their way. */
  pending: Set<Promise<void>>;
  /**
   * How a notification a subscriber failed (no answer, 5xx, 408, 429) is posted again: SNS's
   * HTTP(S) delivery policy. None by default, so a test sees the one answer and replays it itself.
   */
  retry: SnsRetryPolicy;
  /**
   * `post`: Subscribe posts an HTTP(S) endpoint its SubscriptionConfirmation, as SNS does.
   * `withhold`: it posts none, so the subscription stays pending, as when SNS cannot reach the
   * endpoint or the subscriber never confirms.
   */
  confirmations: "post" | "withhold";
}

export interface SnsRetryPolicy {
  retries: number;
  delayMs: number;
}

export interface TopicState {
  arn: string;
  name: string;
  /** Attributes set by CreateTopic and SetTopicAttributes (SignatureVersion, DisplayName, …). */
  attributes: Record<string, string>;
}

export interface SubscriptionState {
  arn: string;
  topicArn: string;
  protocol: string;
  endpoint: string;
  /** Shown to the subscriber in the SubscriptionConfirmation; confirming requires it. */
  token: string;
  pendingConfirmation: boolean;
}

export interface SnsDelivery {
  type: "SubscriptionConfirmation" | "Notification";
  topicArn: string;
  endpoint: string;
  messageId: string;
  /** The subscriber's HTTP status, or the reason no answer came (the last attempt's). */
  status: number | string;
  attempts: number;
  /** The JSON posted, signed (a test replays it to play SNS delivering it again). */
  body: string;
}

export function initialAccount(): GetAccountResponse {
  // A new account outside the sandbox with SES's documented default production quota.
  return {
    DedicatedIpAutoWarmupEnabled: false,
    EnforcementStatus: "HEALTHY",
    ProductionAccessEnabled: true,
    SendingEnabled: true,
    SendQuota: { Max24HourSend: 50_000, MaxSendRate: 14, SentLast24Hours: 0 },
    SuppressionAttributes: { SuppressedReasons: [] },
  };
}
