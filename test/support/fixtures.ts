import { createApiKey, createWorkspace, type ScopeName } from "@svc/core";
import { createDb, type DbHandle, type EmailStatus, newId, newTimeId } from "@svc/db";
import { TEST_DATABASE_URL } from "./env.ts";

/**
 * The tests' own handle on the database. It waits longer for a connection than the apps do, so a
 * load spike on a shared machine is not mistaken for a failure of the code under test (tests of
 * the timeouts make handles of their own).
 */
export function openTestDb(): DbHandle {
  return createDb({ url: TEST_DATABASE_URL, poolSize: 20, connectTimeoutMs: 30_000 });
}

export interface WorkspaceFixture {
  workspaceId: string;
  domain: string;
  keys: Record<ScopeName, string>;
  keyIds: Record<ScopeName, string>;
  testKey: string;
  testKeyId: string;
}

/**
 * A fresh workspace with a verified sending domain (inserted directly: the DNS check has its own
 * tests) and one live key per scope plus a full-access test key.
 */
/** A domain of the workspace, verified and proven (and so owned, as one verified through DNS is: the re-check asks no more of it). */
export async function addVerifiedDomain(db: DbHandle["prisma"], workspaceId: string, name: string): Promise<void> {
  await db.domain.create({
    data: {
      id: newId("domain"),
      workspaceId,
      name,
      status: "verified",
      verifiedAt: new Date(),
      provenAt: new Date(),
      records: [],
      verificationToken: "fixture",
      dkimSelector: "svc",
      dkimPublicKey: "fixture",
      dkimPrivateKey: "fixture",
    },
  });
}

export async function createWorkspaceFixture(
  handle: DbHandle,
  options: { plan?: string; domain?: string } = {},
): Promise<WorkspaceFixture> {
  const db = handle.prisma;
  const workspace = await createWorkspace(db, { name: "Test workspace", plan: options.plan ?? "unlimited" });
  const domain = options.domain ?? `${workspace.id.slice(4).toLowerCase()}.example.com`;
  await addVerifiedDomain(db, workspace.id, domain);
  const keys = {} as Record<ScopeName, string>;
  const keyIds = {} as Record<ScopeName, string>;
  for (const scope of ["send-only", "read-only", "full-access"] as const) {
    const created = await createApiKey(db, { workspaceId: workspace.id, environment: "live", scope });
    keys[scope] = created.key;
    keyIds[scope] = created.id;
  }
  const testKey = await createApiKey(db, { workspaceId: workspace.id, environment: "test", scope: "full-access" });
  return { workspaceId: workspace.id, domain, keys, keyIds, testKey: testKey.key, testKeyId: testKey.id };
}

/**
 * An email row of the fixture's workspace as if already handed to the provider (`sent` unless
 * given), for tests of what happens to it next: events, webhooks, retention.
 */
export async function insertEmail(
  handle: DbHandle,
  fx: Pick<WorkspaceFixture, "workspaceId" | "keyIds">,
  options: { id?: string; providerMessageId?: string | null; status?: EmailStatus; createdAt?: Date; lastActivityAt?: Date } = {},
): Promise<string> {
  // `id`: one of the caller's making (an id from before partitioning, for example).
  const id = options.id ?? newTimeId("email", options.createdAt);
  await handle.prisma.email.create({
    data: {
      id,
      organizationId: fx.workspaceId,
      apiKeyId: fx.keyIds["full-access"],
      environment: "live",
      from: "Sender <sender@example.com>",
      to: ["recipient@example.com"],
      subject: "Hello",
      text: "Hi",
      status: options.status ?? "sent",
      provider: "ses",
      providerMessageId: options.providerMessageId ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt, sentAt: options.createdAt } : {}),
      ...(options.lastActivityAt ? { lastActivityAt: options.lastActivityAt } : {}),
    },
  });
  return id;
}
