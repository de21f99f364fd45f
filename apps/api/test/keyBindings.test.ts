import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { AppError, createApiKey, listAuditLog, sqlPool } from "@svc/core";
import request from "supertest";
import { CLI_TEST_TIMEOUT_MS, runCli, runCliJson } from "../../../packages/cli/test/runCli.ts";
import { addVerifiedDomain, createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, capturingLogger, sendBody, startApi } from "./harness.ts";

/**
 * Keys bound to sending domains and to source networks, over the real API: what a bound key may
 * do, what it is refused (and that a refusal changes nothing), how keys are made with bindings,
 * and that a key without bindings behaves as before.
 */
jest.setTimeout(CLI_TEST_TIMEOUT_MS);

const handle = openTestDb();
const db = handle.prisma;
let fx: WorkspaceFixture;
/** A second verified domain of the same workspace. */
let otherDomain: string;

const emailCount = () => db.email.count({ where: { organizationId: fx.workspaceId } });
const keyCount = () => db.apiKey.count({ where: { workspaceId: fx.workspaceId } });

async function boundKey(bindings: { domains?: string[]; cidrs?: string[] }): Promise<{ key: string; id: string }> {
  const created = await createApiKey(db, { workspaceId: fx.workspaceId, environment: "live", scope: "full-access", ...bindings });
  return { key: created.key, id: created.id };
}

beforeAll(async () => {
  fx = await createWorkspaceFixture(handle);
  otherDomain = `other-${fx.domain}`;
  await addVerifiedDomain(db, fx.workspaceId, otherDomain);
});
afterAll(() => handle.close());

describe("a key bound to sending domains", () => {
  let api: ApiInstance;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it("sends from its domain; a send from another verified domain answers 403 domain_not_allowed and stores nothing", async () => {
    const { key } = await boundKey({ domains: [fx.domain.toUpperCase()] });
    const allowed = await request(api.url).post("/emails").set(bearer(key)).send(sendBody(fx.domain));
    expect(allowed.status).toBe(202);
    expect((await db.email.findUniqueOrThrow({ where: { id: allowed.body.id } })).fromDomain).toBe(fx.domain);

    const before = await emailCount();
    const refused = await request(api.url)
      .post("/emails")
      .set(bearer(key))
      .set("Idempotency-Key", `bound-${Date.now()}`)
      .send(sendBody(otherDomain));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: "domain_not_allowed",
      error: `This API key may not send from ${otherDomain}: it is bound to other sending domains.`,
    });
    // A subdomain of the bound domain is another domain.
    const sub = await request(api.url)
      .post("/emails")
      .set(bearer(key))
      .send(sendBody(`mail.${fx.domain}`));
    expect(sub.status).toBe(403);
    expect(sub.body.code).toBe("domain_not_allowed");
    expect(await emailCount()).toBe(before);
    expect(await db.idempotencyKey.count({ where: { workspaceId: fx.workspaceId } })).toBe(0);
  });

  it("a batch: strict refuses the whole batch (403, each refused index listed); permissive creates the others", async () => {
    const { key } = await boundKey({ domains: [fx.domain] });
    const batch = [
      sendBody(fx.domain, { subject: "b0" }),
      sendBody(otherDomain, { subject: "b1" }),
      sendBody(fx.domain, { subject: "b2" }),
    ];
    const before = await emailCount();
    const strict = await request(api.url).post("/emails/batch").set(bearer(key)).send(batch);
    expect(strict.status).toBe(403);
    expect(strict.body.code).toBe("domain_not_allowed");
    expect(strict.body.errors).toEqual([
      {
        index: 1,
        code: "domain_not_allowed",
        error: `This API key may not send from ${otherDomain}: it is bound to other sending domains.`,
      },
    ]);
    expect(await emailCount()).toBe(before);

    const permissive = await request(api.url).post("/emails/batch?mode=permissive").set(bearer(key)).send(batch);
    expect(permissive.status).toBe(202);
    expect(permissive.body[1]).toEqual({
      code: "domain_not_allowed",
      error: `This API key may not send from ${otherDomain}: it is bound to other sending domains.`,
    });
    const ids = [permissive.body[0].id, permissive.body[2].id] as string[];
    const rows = await db.email.findMany({ where: { id: { in: ids } } });
    expect(rows.map((row) => row.subject).sort()).toEqual(["b0", "b2"]);
    expect(await emailCount()).toBe(before + 2);
  });

  it("a key without bindings sends from every verified domain of its workspace, as before", async () => {
    for (const domain of [fx.domain, otherDomain]) {
      const res = await request(api.url).post("/emails").set(bearer(fx.keys["send-only"])).send(sendBody(domain));
      expect(res.status).toBe(202);
    }
    const batch = await request(api.url)
      .post("/emails/batch")
      .set(bearer(fx.keys["send-only"]))
      .send([sendBody(fx.domain), sendBody(otherDomain)]);
    expect(batch.status).toBe(202);
    expect(batch.body.every((entry: { id?: string }) => entry.id?.startsWith("email_"))).toBe(true);
  });
});

describe("a key bound to source networks", () => {
  /** Trusts the loopback proxy (the test client): X-Forwarded-For names the client. */
  let proxied: ApiInstance;
  /** The default: the socket's own address, whatever X-Forwarded-For says. */
  let direct: ApiInstance;
  const logged = capturingLogger();
  beforeAll(async () => {
    // A burst of 5 a key: each test uses keys of its own, and the last one counts what is spent.
    proxied = await startApi(
      { API_TRUST_PROXY: "loopback", API_RATE_LIMIT_PER_SECOND: "1", API_RATE_LIMIT_BURST: "5" },
      { log: logged.log },
    );
    direct = await startApi();
  });
  afterAll(async () => {
    await proxied.close();
    await direct.close();
  });

  const from = (api: ApiInstance, key: string, address: string) =>
    request(api.url).get("/api-keys").set(bearer(key)).set("X-Forwarded-For", address);

  it("IPv4: allowed inside its CIDR; from elsewhere 403 source_not_allowed, logged with the key id and the address, never the key", async () => {
    const { key, id } = await boundKey({ cidrs: ["10.0.0.0/8", "192.0.2.7"] });
    expect((await from(proxied, key, "10.20.30.40")).status).toBe(200);
    expect((await from(proxied, key, "192.0.2.7")).status).toBe(200);

    logged.lines.length = 0;
    const refused = await from(proxied, key, "192.0.2.8");
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: "source_not_allowed",
      error: "This API key may not be used from 192.0.2.8: it is bound to other source networks.",
    });
    const refusals = logged.lines.filter((line) => line.fields.event === "api_key.source_refused");
    expect(refusals).toHaveLength(1);
    expect(refusals[0]!.level).toBe(40);
    expect(refusals[0]!.fields).toMatchObject({ keyId: id, workspaceId: fx.workspaceId, sourceAddress: "192.0.2.8", surface: "api" });
    expect(JSON.stringify(refusals[0])).not.toContain(key.slice(9));

    // A refused send stores nothing.
    const before = await emailCount();
    const send = await request(proxied.url)
      .post("/emails")
      .set(bearer(key))
      .set("X-Forwarded-For", "203.0.113.1")
      .send(sendBody(fx.domain));
    expect(send.status).toBe(403);
    expect(send.body.code).toBe("source_not_allowed");
    expect(await emailCount()).toBe(before);
  });

  it("a refusal is an audit entry (the key as actor, the address, the surface); 50 in a row from one key and address write one; accepted requests write none", async () => {
    const { key, id } = await boundKey({ cidrs: ["10.0.0.0/8"] });
    const entriesOfKey = async () =>
      (await listAuditLog(sqlPool(handle), { workspaceId: fx.workspaceId }, { actor: id, limit: 1000 })).data;
    for (let i = 0; i < 3; i++) expect((await from(proxied, key, "10.9.8.7")).status).toBe(200);
    expect(await entriesOfKey()).toEqual([]);

    for (let i = 0; i < 50; i++) expect((await from(proxied, key, "198.51.100.50")).status).toBe(403);
    const entries = await entriesOfKey();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      workspaceId: fx.workspaceId,
      action: "api_key.source_refused",
      actor: { type: "api_key", id },
      source: "198.51.100.50",
      target: { type: "api_key", id },
      changes: { surface: "api" },
    });
    expect(JSON.stringify(entries)).not.toContain(key.slice(9));
    // Another address is another pair: one more entry.
    expect((await from(proxied, key, "198.51.100.51")).status).toBe(403);
    expect((await entriesOfKey()).map((e) => e.source)).toEqual(["198.51.100.51", "198.51.100.50"]);
  });

  it("IPv6: allowed inside its CIDR, refused outside it", async () => {
    const { key } = await boundKey({ cidrs: ["2001:db8::/32"] });
    expect((await from(proxied, key, "2001:db8:1234::5")).status).toBe(200);
    const refused = await from(proxied, key, "2001:db9::1");
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("This API key may not be used from 2001:db9::1: it is bound to other source networks.");
    // An IPv4 client is in no IPv6 network.
    expect((await from(proxied, key, "10.0.0.1")).status).toBe(403);
  });

  it("without API_TRUST_PROXY a client cannot name its own address: the socket's counts", async () => {
    const elsewhere = await boundKey({ cidrs: ["10.0.0.0/8"] });
    const spoofed = await from(direct, elsewhere.key, "10.1.2.3");
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.error).toMatch(/may not be used from 127\.0\.0\.1:/);
    const loopback = await boundKey({ cidrs: ["127.0.0.0/8"] });
    expect((await from(direct, loopback.key, "10.1.2.3")).status).toBe(200);
  });

  it("a refusal for the source is answered before the key's rate is counted: no limit headers, no allowance spent", async () => {
    const { key } = await boundKey({ cidrs: ["10.0.0.0/8"] });
    const refused = await from(proxied, key, "198.51.100.1");
    expect(refused.status).toBe(403);
    expect(refused.headers["ratelimit-remaining"]).toBeUndefined();
    const allowed = await from(proxied, key, "10.0.0.1");
    expect(allowed.status).toBe(200);
    // A burst of 5: the refused request took none of it.
    expect(allowed.headers["ratelimit-limit"]).toBe("5");
    expect(allowed.headers["ratelimit-remaining"]).toBe("4");
  });
});

describe("making keys with bindings", () => {
  let api: ApiInstance;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it("refuses a domain the workspace does not have, or a malformed CIDR, with a 422 naming it, creating nothing", async () => {
    const before = await keyCount();
    const refusal = async (bindings: { domains?: string[]; cidrs?: string[] }) => {
      const error = await boundKey(bindings).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(422);
      return (error as AppError).message;
    };
    expect(await refusal({ domains: [fx.domain, "not-ours.example.net"] })).toBe(
      "domains: not-ours.example.net is not a domain of this workspace.",
    );
    expect(await refusal({ domains: ["https://example.com"] })).toMatch(/^domains: give the bare domain/);
    expect(await refusal({ cidrs: ["10.0.0.0/33"] })).toBe('cidrs: "10.0.0.0/33" has no prefix length from 0 to 32.');
    expect(await refusal({ cidrs: ["10.1.2.3/8"] })).toBe(
      'cidrs: "10.1.2.3/8" has bits set past its /8 prefix: the network is 10.0.0.0/8.',
    );
    expect(await refusal({ cidrs: ["2001:db8::/129"] })).toBe('cidrs: "2001:db8::/129" has no prefix length from 0 to 128.');
    expect(await refusal({ cidrs: ["banana"] })).toBe('cidrs: "banana" is not a CIDR (e.g. 10.0.0.0/8 or 2001:db8::/32).');
    // Another workspace's domain is not this workspace's.
    const other = await createWorkspaceFixture(handle);
    expect(await refusal({ domains: [other.domain] })).toBe(`domains: ${other.domain} is not a domain of this workspace.`);
    expect(await keyCount()).toBe(before);
  });

  it("the CLI: key create --domain --cidr binds the key, key list and GET /api-keys show the bindings and never a key", async () => {
    const created = await runCliJson<{ id: string; key: string; allowedDomains: string[]; allowedCidrs: string[] }>([
      "key",
      "create",
      "--workspace",
      fx.workspaceId,
      "--env",
      "live",
      "--scope",
      "full-access",
      "--domain",
      `${fx.domain},${otherDomain}`,
      "--cidr",
      "10.0.0.0/8, 2001:DB8:0::/32",
    ]);
    expect(created.allowedDomains).toEqual([fx.domain, otherDomain]);
    expect(created.allowedCidrs).toEqual(["10.0.0.0/8", "2001:db8::/32"]);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect({ domains: row.allowedDomains, cidrs: row.allowedCidrs }).toEqual({
      domains: [fx.domain, otherDomain],
      cidrs: ["10.0.0.0/8", "2001:db8::/32"],
    });

    const listed = await runCli(["key", "list", "--workspace", fx.workspaceId]);
    expect(listed.code).toBe(0);
    const listedKeys = JSON.parse(listed.stdout) as Array<{ id: string; allowedCidrs: string[] }>;
    expect(listedKeys.find((key) => key.id === created.id)?.allowedCidrs).toEqual(["10.0.0.0/8", "2001:db8::/32"]);
    expect(listed.stdout).not.toContain(created.key);
    expect(listed.stdout).not.toContain(row.keyHash);

    // The REST listing, by a key bound to the loopback (the test client's address).
    const lister = await boundKey({ cidrs: ["127.0.0.1", "::1"] });
    const rest = await request(api.url).get("/api-keys").set(bearer(lister.key));
    expect(rest.status).toBe(200);
    const restKey = (rest.body as Array<Record<string, unknown>>).find((key) => key.id === created.id);
    expect(restKey).toMatchObject({ allowedDomains: [fx.domain, otherDomain], allowedCidrs: ["10.0.0.0/8", "2001:db8::/32"] });
    expect(JSON.stringify(rest.body)).not.toContain(created.key);
    const unbound = (rest.body as Array<Record<string, unknown>>).find((key) => key.id === fx.keyIds["send-only"]);
    expect(unbound).toMatchObject({ allowedDomains: [], allowedCidrs: [] });
  });

  it("the CLI refuses an unknown domain or a malformed CIDR naming it (exit 1, nothing printed), creating nothing", async () => {
    const before = await keyCount();
    const base = ["key", "create", "--workspace", fx.workspaceId, "--env", "live", "--scope", "send-only"];
    const unknown = await runCli([...base, "--domain", "nope.example.org"]);
    expect({ code: unknown.code, stdout: unknown.stdout }).toEqual({ code: 1, stdout: "" });
    expect(unknown.stderr).toContain("domains: nope.example.org is not a domain of this workspace.");
    const malformed = await runCli([...base, "--cidr", "10.0.0.0/8,300.1.1.1/32"]);
    expect({ code: malformed.code, stdout: malformed.stdout }).toEqual({ code: 1, stdout: "" });
    expect(malformed.stderr).toContain('cidrs: "300.1.1.1/32" is not a CIDR');
    const twice = await runCli([...base, "--cidr", "10.0.0.0/8", "--cidr", "192.0.2.0/24"]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain("Option --cidr is given twice");
    expect(await keyCount()).toBe(before);
  });
});
