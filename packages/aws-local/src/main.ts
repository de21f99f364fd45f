/**
 * aws-local as a process of its own (`tsx packages/aws-local/src/main.ts`): SES v2, classic SES
 * receipt rules, SNS and S3 on one loopback port, state in memory, exactly as `startAwsLocal()`
 * serves them in tests; a client in another process plays what tests do to `state` through
 * `POST /_aws-local/…` (`src/control.ts`).
 *
 * Environment: AWS_LOCAL_PORT (4566 by default; 0 for a free one), AWS_REGION (us-east-1),
 * AWS_LOCAL_ACCOUNT_ID (123456789012). Once listening it prints one JSON line on stdout: `url`
 * (the SDK clients' endpoint), `signingCertUrl` and `signingCertUrlPattern` (an ingester's
 * SNS_CERT_URL_PATTERN that trusts this SNS). SIGTERM or SIGINT closes it. A notification its
 * subscriber fails is posted again as SNS's default HTTP(S) delivery policy does: 3 retries, 20 s
 * apart (a subscriber's 503 asks for that).
 */
import { startAwsLocal } from "./index.ts";

const SNS_DEFAULT_HTTP_RETRY = { retries: 3, delayMs: 20_000 };

function portFrom(value: string | undefined): number {
  const port = Number(value ?? 4566);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    process.stderr.write(`aws-local: AWS_LOCAL_PORT must be a port number, not ${JSON.stringify(value)}\n`);
    process.exit(2);
  }
  return port;
}

const aws = await startAwsLocal({
  port: portFrom(process.env.AWS_LOCAL_PORT),
  region: process.env.AWS_REGION || "us-east-1",
  snsRetry: SNS_DEFAULT_HTTP_RETRY,
  ...(process.env.AWS_LOCAL_ACCOUNT_ID ? { accountId: process.env.AWS_LOCAL_ACCOUNT_ID } : {}),
});
process.stdout.write(
  `${JSON.stringify({ url: aws.url, signingCertUrl: aws.signingCertUrl, signingCertUrlPattern: aws.signingCertUrlPattern })}\n`,
);

let closing = false;
const close = () => {
  if (closing) return;
  closing = true;
  aws.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once("SIGTERM", close);
process.once("SIGINT", close);
