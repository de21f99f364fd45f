import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "@jest/globals";
import { loadEnv } from "@svc/config";
import { createDb, type DbHandle } from "@svc/db";
import { createLogger } from "@svc/logger";
import { EMAIL_ID_TAG } from "@svc/providers";
import { createProducerConnection, Producer } from "@svc/queues";
import { closeServer, Shutdown } from "@svc/runtime";
import { createSigningIdentity, type SignatureVersion, type SigningIdentity, signSnsMessage } from "@svc/sns";
import { testEnv } from "../../../test/support/env.ts";
import { createWorkspaceFixture, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { createIngest, ingestEnvSchema } from "../src/index.ts";

/** Shared with the other packages' tests. */
export { insertEmail } from "../../../test/support/fixtures.ts";

/**
 * Test kit for the ingester: a real HTTP server holding certificates (standing in for SNS's
 * certificate host), real RSA signing identities, and an ingest app on port 0 wired to the test
 * database and Redis.
 */

export const TOPIC_ARN = "arn:aws:sns:us-east-1:123456789012:ses-events";

export class CertificateHost {
  readonly hits = new Map<string, number>();
  private readonly certificates = new Map<string, string>();
  private server: Server | null = null;
  base = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const path = req.url ?? "/";
      this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
      const pem = this.certificates.get(path);
      if (pem) res.end(pem);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Serves `identity`'s certificate at `path` and returns its URL. */
  serve(path: string, identity: SigningIdentity): string {
    this.certificates.set(path, identity.certificatePem);
    return `${this.base}${path}`;
  }

  hitsFor(url: string): number {
    return this.hits.get(new URL(url).pathname) ?? 0;
  }

  /** A SNS_CERT_URL_PATTERN that accepts SNS-style certificate paths on this host only. */
  get pattern(): string {
    return `${this.base.replace(/\./g, "\\.")}/SimpleNotificationService-[A-Za-z0-9]+\\.pem`;
  }

  async stop(): Promise<void> {
    if (this.server) await closeServer(this.server);
  }
}

export interface IngestUnderTest {
  url: string;
  handle: DbHandle;
  deliveries: Producer<"webhookDelivery">;
  confirmed: string[];
  /** Every log call (captured instead of printed): `[fields, message]` with pino's numeric level. */
  logs: Array<{ level: number; fields: Record<string, unknown>; msg: string }>;
  post(body: unknown, contentType?: string): Promise<{ status: number; json: any }>;
  close(): Promise<void>;
}

/** An ingest app on port 0 with its own queue prefix; `env` overrides the test defaults. */
export async function startIngest(env: Record<string, string>): Promise<IngestUnderTest> {
  const parsed = loadEnv(ingestEnvSchema, testEnv({ INGEST_PORT: "0", ...env }));
  const handle = createDb({ url: parsed.DATABASE_URL, poolSize: 10 });
  const redis = createProducerConnection(parsed.REDIS_URL);
  const deliveries = new Producer("webhookDelivery", redis, parsed.QUEUE_PREFIX);
  const confirmed: string[] = [];
  const logs: IngestUnderTest["logs"] = [];
  // A real pino logger whose hook records each call and writes nothing.
  const log = createLogger("ingest-test", "debug", {
    hooks: {
      logMethod(args, _method, level) {
        const [first, second] = args as unknown[];
        const fields = typeof first === "object" && first !== null ? (first as Record<string, unknown>) : {};
        const msg = typeof first === "string" ? first : typeof second === "string" ? second : "";
        logs.push({ level, fields, msg });
      },
    },
  });
  const ingest = createIngest(parsed, {
    db: handle,
    redis,
    log,
    confirmSubscription: async (url) => {
      confirmed.push(url);
    },
  });
  let port: number;
  try {
    ({ port } = await ingest.start());
  } catch (error) {
    // A refused start must not leave connections that keep Jest from exiting.
    await new Shutdown(log).addAll(ingest.shutdown).run();
    await deliveries.close();
    redis.disconnect();
    await handle.close();
    throw error;
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    handle,
    deliveries,
    confirmed,
    logs,
    async post(body, contentType = "text/plain; charset=UTF-8") {
      const response = await fetch(`${url}/sns/ses`, {
        method: "POST",
        headers: { "content-type": contentType },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : null };
    },
    async close() {
      await new Shutdown(log).addAll(ingest.shutdown).run();
      await deliveries.close();
      await redis.quit();
      await handle.close();
    },
  };
}

export function newIdentity(): SigningIdentity {
  return createSigningIdentity({ commonName: "sns.test.local" });
}

/** A signed SNS Notification carrying `message` (an object is JSON-stringified, as SNS does). */
export function signedNotification(
  identity: SigningIdentity,
  certUrl: string,
  message: unknown,
  options: { version?: SignatureVersion; messageId?: string; topicArn?: string; subject?: string } = {},
) {
  return signSnsMessage(
    {
      Type: "Notification" as const,
      MessageId: options.messageId ?? randomUUID(),
      TopicArn: options.topicArn ?? TOPIC_ARN,
      ...(options.subject ? { Subject: options.subject } : {}),
      Message: typeof message === "string" ? message : JSON.stringify(message),
      Timestamp: new Date().toISOString(),
      SigningCertURL: certUrl,
      UnsubscribeURL: "https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=x",
    },
    identity.privateKeyPem,
    options.version ?? "2",
  );
}

export function signedConfirmation(
  identity: SigningIdentity,
  certUrl: string,
  type: "SubscriptionConfirmation" | "UnsubscribeConfirmation",
  subscribeUrl: string,
) {
  return signSnsMessage(
    {
      Type: type,
      MessageId: randomUUID(),
      TopicArn: TOPIC_ARN,
      Token: "2336412f37fb687f5d51e6e2425c464de257ef",
      Message: `You have chosen to subscribe to the topic ${TOPIC_ARN}.`,
      SubscribeURL: subscribeUrl,
      Timestamp: new Date().toISOString(),
      SigningCertURL: certUrl,
    },
    identity.privateKeyPem,
    "1",
  );
}

/**
 * SES event JSON in the shapes of AWS's "Contents of event data that Amazon SES publishes to
 * Amazon SNS", reduced to what matters here.
 */
export function sesEvent(
  eventType: string,
  mail: { messageId: string; emailId?: string | null; to?: string[]; timestamp?: string },
  detail: Record<string, unknown> = {},
): Record<string, unknown> {
  const to = mail.to ?? ["recipient@example.com"];
  const tags: Record<string, string[]> = { "ses:configuration-set": ["svc"], "ses:from-domain": ["example.com"] };
  if (mail.emailId) tags[EMAIL_ID_TAG] = [mail.emailId];
  const base = {
    eventType,
    mail: {
      timestamp: mail.timestamp ?? "2026-11-22T10:00:00.000Z",
      source: "Sender <sender@example.com>",
      sendingAccountId: "123456789012",
      messageId: mail.messageId,
      destination: to,
      headersTruncated: false,
      commonHeaders: { from: ["Sender <sender@example.com>"], to, messageId: mail.messageId, subject: "Hello" },
      tags,
    },
  };
  const objectName: Record<string, string> = {
    Send: "send",
    Delivery: "delivery",
    Open: "open",
    Click: "click",
    Bounce: "bounce",
    Complaint: "complaint",
    Reject: "reject",
    "Rendering Failure": "failure",
    DeliveryDelay: "deliveryDelay",
  };
  const name = objectName[eventType];
  return name ? { ...base, [name]: detail } : base;
}

export function newMessageId(): string {
  return `0100019${Date.now().toString(16)}-${randomUUID()}-000000`;
}

/** What a test file of signed notifications works with; filled in before its tests run. */
export interface NotificationTestbed {
  /** The URL the ingester fetches the signing certificate from. */
  certUrl: string;
  ingest: IngestUnderTest;
  fx: WorkspaceFixture;
  db: DbHandle["prisma"];
}

/**
 * For the whole test file: a certificate host serving `identity`'s certificate at `certPath`, an
 * ingester that trusts it, and a workspace. Started before the file's tests, stopped after them.
 */
export function notificationTestbed(certPath: string, identity: SigningIdentity): NotificationTestbed {
  const certs = new CertificateHost();
  const testbed = {} as NotificationTestbed;
  beforeAll(async () => {
    await certs.start();
    testbed.certUrl = certs.serve(certPath, identity);
    testbed.ingest = await startIngest({ SNS_CERT_URL_PATTERN: certs.pattern });
    testbed.db = testbed.ingest.handle.prisma;
    testbed.fx = await createWorkspaceFixture(testbed.ingest.handle);
  });
  afterAll(async () => {
    await testbed.ingest?.close();
    await certs.stop();
  });
  return testbed;
}
