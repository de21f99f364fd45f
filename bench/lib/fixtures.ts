import {
  addDomain,
  addInboundRoute,
  addReceivingDomain,
  createApiKey,
  createWebhookSubscription,
  createWorkspace,
  type DomainContext,
  markDomainVerified,
  markReceivingDomainVerified,
  SecretBox,
} from "@svc/core";
import type { DbHandle, Plan } from "@svc/db";

/** Seals the bench domains' DKIM keys; they are never used to sign. */
const BENCH_SECRET_KEY = "62656e63682d6f6e6c792d6b65792d62656e63682d6f6e6c792d6b65792d2121";

export interface BenchWorkspace {
  workspaceId: string;
  domain: string;
  apiKey: string;
  apiKeyId: string;
}

/**
 * A workspace on the `unlimited` plan (or `plan`) with a full-access live key and a verified sending domain,
 * made with the same core functions the CLI calls (with `identities`, SES's: the domain's identity
 * is created there too). The domain is added for real (records, DKIM
 * key pair) and then marked verified by the operator's override: DNS verification is not what
 * is measured.
 */
export async function createBenchWorkspace(
  db: DbHandle,
  name = "Bench",
  identities: DomainContext["identities"] = null,
  plan: Plan = "unlimited",
): Promise<BenchWorkspace> {
  const prisma = db.prisma;
  const workspace = await createWorkspace(prisma, { name, plan });
  const domainName = `${workspace.id.slice(4, 14).toLowerCase()}.bench.example.com`;
  const domain = await addDomain(
    prisma,
    { workspaceId: workspace.id, domain: domainName },
    { secrets: new SecretBox(BENCH_SECRET_KEY), identities, region: "us-east-1" },
  );
  await markDomainVerified(prisma, domain.id);
  const key = await createApiKey(prisma, { workspaceId: workspace.id, environment: "live", scope: "full-access", name: "bench" });
  return { workspaceId: workspace.id, domain: domainName, apiKey: key.key, apiKeyId: key.id };
}

/**
 * A receiving domain `reply.<the workspace's domain>` with one route (`support`, and its +tags),
 * added as the CLI adds it and marked verified by the operator's override, as the sending domain is.
 * Returns the domain's name.
 */
export async function createBenchReceivingDomain(db: DbHandle, workspace: BenchWorkspace, mxHost: string): Promise<string> {
  const added = await addReceivingDomain(
    db.prisma,
    { workspaceId: workspace.workspaceId, domain: `reply.${workspace.domain}` },
    { mxHost, region: "us-east-1" },
  );
  await markReceivingDomainVerified(db.prisma, added.id);
  await addInboundRoute(db.prisma, { receivingDomainId: added.id, address: "support", workspaceId: workspace.workspaceId });
  return added.domain;
}

/** A webhook subscription (secret sealed with the run's key, as the dashboard would); returns its secret. */
export async function createSubscription(
  db: DbHandle,
  secretKey: string,
  input: { workspaceId: string; url: string; events: string[] },
): Promise<{ id: string; secret: string }> {
  const created = await createWebhookSubscription(db.prisma, new SecretBox(secretKey), input, { allowPrivate: true });
  return { id: created.id, secret: created.secret };
}

/** The request body of one benchmark email: small, realistic, one recipient. */
export function emailBody(domain: string, recipient = "someone@example.com", n = 0): string {
  return JSON.stringify({
    from: `Bench <bench@${domain}>`,
    to: [recipient],
    subject: `Your receipt #${n}`,
    html: `<p>Hello,</p><p>Thanks for your order #${n}. Your receipt is attached.</p>`,
    text: `Hello, thanks for your order #${n}. Your receipt is attached.`,
  });
}
