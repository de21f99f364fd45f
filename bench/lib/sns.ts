import { createPrivateKey, type KeyObject, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { EMAIL_ID_TAG } from "@svc/providers";
import { createSigningIdentity, type SigningIdentity, signSnsMessage } from "@svc/sns";

export const BENCH_TOPIC_ARN = "arn:aws:sns:us-east-1:000000000000:svc-bench";

/** A signing identity of the bench's own, with its certificate served over HTTP as SNS serves its own. */
export interface CertificateHost {
  identity: SigningIdentity;
  privateKey: KeyObject;
  certUrl: string;
  close(): Promise<void>;
}

export async function serveSigningCertificate(): Promise<CertificateHost> {
  const identity = createSigningIdentity({ commonName: "sns.bench.local" });
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/x-pem-file" }).end(identity.certificatePem);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    identity,
    privateKey: createPrivateKey(identity.privateKeyPem),
    certUrl: `http://127.0.0.1:${port}/bench/SimpleNotificationService-bench.pem`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SES Delivery event for one of our emails, as SES publishes it, in a signed SNS Notification (v2). */
export function signedDeliveryNotification(
  host: CertificateHost,
  email: { emailId: string; providerMessageId: string; recipient: string },
): string {
  const now = new Date();
  const sesEvent = {
    eventType: "Delivery",
    mail: {
      timestamp: new Date(now.getTime() - 1000).toISOString(),
      source: "bench@bench.example.com",
      sendingAccountId: "000000000000",
      messageId: email.providerMessageId,
      destination: [email.recipient],
      headersTruncated: false,
      tags: { [EMAIL_ID_TAG]: [email.emailId], "ses:configuration-set": ["svc-bench"] },
      commonHeaders: { from: ["bench@bench.example.com"], to: [email.recipient], messageId: email.providerMessageId, subject: "Bench" },
    },
    delivery: {
      timestamp: now.toISOString(),
      processingTimeMillis: 1000,
      recipients: [email.recipient],
      smtpResponse: "250 2.6.0 Message received",
      reportingMTA: "a8-70.smtp-out.amazonses.com",
    },
  };
  const message = signSnsMessage(
    {
      Type: "Notification" as const,
      MessageId: randomUUID(),
      TopicArn: BENCH_TOPIC_ARN,
      Message: JSON.stringify(sesEvent),
      Timestamp: now.toISOString(),
      SigningCertURL: host.certUrl,
      UnsubscribeURL: "https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe",
    },
    host.privateKey,
    "2",
  );
  return JSON.stringify(message);
}
