import { databaseOptions, loadEnv } from "@svc/config";
import { addReceivingDomain, createDnsResolver, type ReceivingDomainView, verifyReceivingDomain } from "@svc/core";
import { createDb, type DbHandle } from "@svc/db";
import { createLogger } from "@svc/logger";
import { createProducerConnection } from "@svc/queues";
import { Shutdown } from "@svc/runtime";
import type { TestDnsServer } from "../../../test/support/dns-server.ts";
import { testEnv } from "../../../test/support/env.ts";
import { createInbound, inboundEnvSchema } from "../src/index.ts";

export interface TestInbound {
  db: DbHandle;
  /** The receiver's SMTP port. */
  port: number;
  close(): Promise<void>;
}

/** The inbound app as it runs, on free ports, resolving through the test's DNS server. */
export async function startTestInbound(dns: TestDnsServer, name: string): Promise<TestInbound> {
  const env = loadEnv(
    inboundEnvSchema,
    testEnv({
      INBOUND_PORT: "0",
      INBOUND_HEALTH_PORT: "0",
      DNS_SERVERS: dns.address,
      DNS_TIMEOUT_MS: "500",
      INBOUND_HOSTNAME: "mx.svc.test",
    }),
  );
  const log = createLogger(name, env.LOG_LEVEL);
  const db = createDb(databaseOptions(env));
  const redis = createProducerConnection(env.REDIS_URL, { disconnectTimeout: 100 });
  const app = createInbound(env, { db, redis, log });
  const port = (await app.start()).smtpPort as number;
  return {
    db,
    port,
    close: async () => {
      await new Shutdown(log, 10_000).addAll(app.shutdown).run();
      redis.disconnect();
      await db.close();
    },
  };
}

/** A receiving domain added and verified through its published TXT and MX (on the test's DNS server). */
export async function verifiedReceivingDomain(
  db: DbHandle,
  dns: TestDnsServer,
  workspaceId: string,
  name: string,
): Promise<ReceivingDomainView> {
  const added = await addReceivingDomain(db.prisma, { workspaceId, domain: name }, { mxHost: "mx.svc.test", region: "us-east-1" });
  const ownership = added.records.find((record) => record.purpose === "ownership")!;
  dns.setTxt(ownership.name, [ownership.value]);
  dns.setMx(name, [{ priority: 10, exchange: "mx.svc.test" }]);
  const resolver = createDnsResolver({ servers: [dns.address], timeoutMs: 500 });
  return verifyReceivingDomain(db.prisma, added.id, { resolver, workspaceId });
}
