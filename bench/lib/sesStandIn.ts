import path from "node:path";
import { installationId } from "@svc/core";
import { createSendingIdentities, type SesIdentities } from "@svc/providers";
import type { BenchEnvironment } from "./environment.ts";
import { REPO_ROOT } from "./paths.ts";
import { freePort, type Process, runScript, spawnScript } from "./processes.ts";

/**
 * SES for the production-shaped pipeline: `packages/aws-local` as a process of its own on
 * loopback, which the sender's AWS SDK calls over HTTP (SigV4-signed, as against SES) and which
 * publishes SES's event notifications, signed as SNS signs them, to the ingester's subscription.
 * Its CPU is SES's and SNS's work, not ours: the pipeline row reports it on its own line.
 */
export interface SesStandIn {
  proc: Process;
  /** The endpoint of SES, SNS (and S3) for the SDK clients. */
  url: string;
  /**
   * Settings every app gets to talk to it as to SES, and for the ingester to trust its SNS. The
   * (made-up) credentials are in this process's environment, which every app inherits, and not
   * here: settings are written to the result.
   */
  settings: Record<string, string>;
  /** A sending identity client on it, as the CLI and API create identities with EMAIL_PROVIDER=ses. */
  identities(env: BenchEnvironment): SesIdentities;
  /** Plays SES finding the domain's DNS records: the identity becomes verified there. */
  verifyIdentity(domain: string): Promise<void>;
  /** Plays the subscriber visiting its SubscribeURL (which names SNS's public host, out of reach here). */
  confirmSubscription(endpoint: string): Promise<void>;
}

/** aws-local takes any credentials; the SDK's default chain needs some to sign with. */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: "AKIDBENCHLOCAL", AWS_SECRET_ACCESS_KEY: "bench-local-secret" };

/** With several regions, one stand-in per region, each its own process (`label` tells their CPU apart). */
export async function startSesStandIn(region = "us-east-1", label = "aws-local"): Promise<SesStandIn> {
  // The SDK's default chain reads them here (the identities client) and in every process started after.
  Object.assign(process.env, CREDENTIALS);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = await spawnScript({
    label,
    script: path.join(REPO_ROOT, "packages/aws-local/src/main.ts"),
    env: { AWS_LOCAL_PORT: String(port), AWS_REGION: region },
    healthUrl: `${url}/SimpleNotificationService-awslocal.pem`,
  });
  // Its one JSON line (the SDK may warn on stderr before it).
  const line = proc
    .output()
    .split("\n")
    .find((text) => text.startsWith("{"));
  if (!line) throw new Error(`aws-local did not say where it listens: ${proc.output()}`);
  const started = JSON.parse(line) as { url: string; signingCertUrlPattern: string };
  const control = async (operation: string, body: Record<string, unknown>) => {
    const response = await fetch(`${url}/_aws-local/${operation}`, { method: "POST", body: JSON.stringify(body) });
    const answer = await response.text();
    if (!response.ok) throw new Error(`aws-local ${operation}: HTTP ${response.status} ${answer}`);
    return JSON.parse(answer) as Record<string, unknown>;
  };
  return {
    proc,
    url: started.url,
    settings: {
      EMAIL_PROVIDER: "ses",
      AWS_REGION: region,
      SES_ENDPOINT: started.url,
      SNS_ENDPOINT: started.url,
      SNS_CERT_URL_PATTERN: started.signingCertUrlPattern,
    },
    identities: (env) =>
      createSendingIdentities({ EMAIL_PROVIDER: "ses", AWS_REGION: region, SES_ENDPOINT: started.url }, () =>
        installationId(env.db.prisma),
      )!,
    async verifyIdentity(domain) {
      await control("verify-identity", { identity: domain });
    },
    async confirmSubscription(endpoint) {
      const { confirmed } = (await control("confirm-subscriptions", { endpoint })) as { confirmed: string[] };
      if (confirmed.length === 0) throw new Error(`aws-local had no pending subscription of ${endpoint} to confirm`);
    },
  };
}

/**
 * `svc ses setup` as an operator runs it, against the stand-in: the topic, the configuration sets
 * of the tracking combinations in use, their SNS event destinations, the workspaces' tenants, and
 * the subscription of `ingestUrl` (left pending: the caller confirms it). Returns its JSON answer.
 */
export async function runSesSetup(appEnv: Record<string, string>, ingestUrl: string): Promise<Record<string, unknown>> {
  const { code, out, err } = await runScript(
    "svc-ses-setup",
    path.join(REPO_ROOT, "packages/cli/src/main.ts"),
    { ...appEnv, LOG_LEVEL: "warn" },
    ["ses", "setup", "--ingest-url", ingestUrl, "--wait-seconds", "0"],
  );
  if (code !== 0) throw new Error(`svc ses setup exited with ${code}: ${err}${out.slice(-2000)}`);
  return JSON.parse(out) as Record<string, unknown>;
}
