import type { Server } from "node:http";
import type { GetAccountResponse, SendingStatus } from "@aws-sdk/client-sesv2";
import { createSigningIdentity } from "@svc/sns";
import { control } from "./control.ts";
import { putObject } from "./s3/objects.ts";
import { s3 } from "./s3/operations.ts";
import { type AwsLocalModule, AwsLocalRouter, listenLoopback } from "./server.ts";
import { account } from "./ses/account.ts";
import { configurationSets } from "./ses/configurationSets.ts";
import { identities } from "./ses/identities.ts";
import { receiptRules } from "./ses/receiptRules.ts";
import { type ReceiveEmailInput, receiveEmail } from "./ses/receiving.ts";
import { sending } from "./ses/sending.ts";
import { tags } from "./ses/tags.ts";
import { setTenantSesStatus, tenants } from "./ses/tenants.ts";
import { signingCertificate } from "./sns/certificate.ts";
import { subscriptions } from "./sns/subscriptions.ts";
import { topics } from "./sns/topics.ts";
import { type AwsLocalState, initialAccount, type ReceivedEmailState, type SnsRetryPolicy } from "./state.ts";

export {
  AwsError,
  type AwsLocalModule,
  type AwsLocalRoutes,
  type ControlHandler,
  type S3Handler,
  type SesHandler,
  type SesRequest,
  type SnsHandler,
  type SnsRequest,
} from "./server.ts";
export type { ReceiveEmailInput, VerdictStatus } from "./ses/receiving.ts";
export { aggregateStatus, setTenantSesStatus } from "./ses/tenants.ts";
export type * from "./state.ts";
export { XmlMap, type XmlValue } from "./xml.ts";

/**
 * A local stand-in for the SES v2, SNS and S3 APIs (dev and tests only): the real AWS SDK clients
 * talk to it over HTTP with `endpoint: awsLocal.url`. Each resource group is a module; a new
 * group (email identities, …) is one more entry here.
 */
export const DEFAULT_MODULES: readonly AwsLocalModule[] = [
  configurationSets,
  account,
  identities,
  tags,
  tenants,
  sending,
  receiptRules,
  topics,
  subscriptions,
  s3,
  control,
];

export interface AwsLocalOptions {
  accountId?: string;
  region?: string;
  /** GetAccount's answer, merged over a healthy production account. */
  account?: Partial<GetAccountResponse>;
  /** Resource modules served; DEFAULT_MODULES unless given. */
  modules?: readonly AwsLocalModule[];
  /** The most object bytes S3 holds in memory over all buckets (256 MiB by default). */
  s3MaxBytes?: number;
  /** S3 buckets that exist from the start (as an operator creates the service's bucket). */
  s3Buckets?: readonly string[];
  /** Fixed port; a free one by default. */
  port?: number;
  /** How SNS posts again a notification its subscriber failed; not at all by default. */
  snsRetry?: SnsRetryPolicy;
  /** SES's quota window: 24 hours by default; a test makes it short to see a reached quota free itself. */
  quotaWindowMs?: number;
  /** Refuse sends past MaxSendRate recipients a second, as SES does (off by default: see SendQuotaState). */
  enforceSendRate?: boolean;
}

export interface AwsLocal {
  /** `http://127.0.0.1:<port>`: the `endpoint` for SESv2Client, SNSClient and S3Client (`forcePathStyle: true`). */
  url: string;
  state: AwsLocalState;
  /** The SigningCertURL of every message posted, and an SNS_CERT_URL_PATTERN matching it. */
  signingCertUrl: string;
  signingCertUrlPattern: string;
  /**
   * Visits a SubscribeURL or UnsubscribeURL this SNS sent: they name SNS's public host (as real
   * ones do), and this requests the same path and query here instead.
   */
  visit(snsUrl: string): Promise<Response>;
  /**
   * Plays SES disabling a tenant on its reputation findings (DISABLED), or lifting that (ENABLED):
   * SES's own status of a tenant, which no API sets.
   */
  setTenantSesStatus(tenantName: string, status: SendingStatus, cause?: string): void;
  /**
   * Plays SES receiving a message for `recipients` through the active receipt rule set (S3
   * actions store it in aws-local's S3 and notify their topic). Wait for `settled()` to know the
   * notifications were answered.
   */
  receiveEmail(input: ReceiveEmailInput): ReceivedEmailState;
  /** Resolves once every post to a subscriber has been answered (or failed). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const CERTIFICATE_PATH = "/SimpleNotificationService-awslocal.pem";

export async function startAwsLocal(options: AwsLocalOptions = {}): Promise<AwsLocal> {
  const region = options.region ?? "us-east-1";
  const state: AwsLocalState = {
    accountId: options.accountId ?? "123456789012",
    region,
    calls: [],
    ses: {
      account: { ...initialAccount(), ...options.account },
      quota: { windowMs: options.quotaWindowMs ?? 86_400_000, sends: [], enforceSendRate: options.enforceSendRate ?? false },
      configurationSets: new Map(),
      identities: new Map(),
      confirmationsSent: [],
      tenants: new Map(),
      sentEmails: [],
      receiptRuleSets: new Map(),
      activeReceiptRuleSet: null,
      received: [],
    },
    sns: {
      signing: createSigningIdentity({ commonName: `sns.${region}.amazonaws.com` }),
      certificatePath: CERTIFICATE_PATH,
      publicUrl: `https://sns.${region}.amazonaws.com`,
      topics: new Map(),
      subscriptions: new Map(),
      deliveries: [],
      pending: new Set(),
      retry: options.snsRetry ?? { retries: 0, delayMs: 0 },
      confirmations: "post",
    },
    s3: { buckets: new Map(), maxBytes: options.s3MaxBytes ?? 256 * 1024 * 1024, bytes: 0, unavailable: false },
    fault: { mode: "none", delayMs: 0, eventDelayMs: 0 },
  };
  for (const name of options.s3Buckets ?? []) state.s3.buckets.set(name, { name, createdAt: new Date(), objects: new Map() });
  const router = new AwsLocalRouter();
  signingCertificate(router, CERTIFICATE_PATH);
  for (const register of options.modules ?? DEFAULT_MODULES) register(router);
  const { server, url } = await listenLoopback(router, state, options.port);

  return {
    url,
    state,
    signingCertUrl: `${url}${CERTIFICATE_PATH}`,
    signingCertUrlPattern: `${url.replace(/\./g, "\\.")}/SimpleNotificationService-[A-Za-z0-9]+\\.pem`,
    visit: (snsUrl) => {
      const parsed = new URL(snsUrl);
      return fetch(`${url}${parsed.pathname}${parsed.search}`, { signal: AbortSignal.timeout(10_000) });
    },
    setTenantSesStatus: (tenantName, status, cause) => setTenantSesStatus(state, tenantName, status, cause),
    receiveEmail: (input) =>
      receiveEmail(
        state,
        url,
        (bucket, key, body) =>
          putObject(state.s3, bucket, key, body, { contentType: "application/octet-stream", encoding: "plain", metadata: {} }),
        input,
      ),
    settled: async () => {
      while (state.sns.pending.size > 0) await Promise.allSettled([...state.sns.pending]);
    },
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
