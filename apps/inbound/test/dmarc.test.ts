import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createDnsResolver, DMARC_LIMITS, dmarcReportAddress, type ReceivingDomainView, SecretBox, verifyDomain } from "@svc/core";
import { type DbHandle, newId } from "@svc/db";
import { CLI_TEST_TIMEOUT_MS, runCli } from "../../../packages/cli/test/runCli.ts";
import {
  billionLaughs,
  type FixtureRecord,
  googleFileName,
  googleXml,
  microsoftFileName,
  microsoftXml,
  REPORT_BEGIN,
  reportEmail,
  zipFile,
} from "../../../test/support/dmarcReports.ts";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { createWorkspaceFixture, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { swaks } from "../../../test/support/swaks.ts";
import { type ApiInstance, bearer, startApi } from "../../api/test/harness.ts";
import { startTestInbound, verifiedReceivingDomain } from "./harness.ts";

let dns: TestDnsServer;
let db: DbHandle;
let shutdown: () => Promise<void>;
let port: number;
let dir: string;
let fx: WorkspaceFixture;
let other: WorkspaceFixture;
let _receiving: ReceivingDomainView;
let rua: string;
let api: ApiInstance;

beforeAll(async () => {
  dns = await startDnsServer();
  dir = await mkdtemp(path.join(os.tmpdir(), "svc-dmarc-"));
  const inbound = await startTestInbound(dns, "dmarc-test");
  ({ db, port } = inbound);
  api = await startApi();
  shutdown = inbound.close;
  fx = await createWorkspaceFixture(db);
  other = await createWorkspaceFixture(db);
  // A receiving domain with no routes at all: the reporting address needs none.
  _receiving = await verifiedReceivingDomain(db, dns, fx.workspaceId, `in.${fx.domain}`);
  rua = (await dmarcReportAddress(db.prisma, fx.workspaceId, fx.domain)).address;
});

afterAll(async () => {
  await api?.close();
  await shutdown?.();
  await dns?.close();
  await rm(dir, { recursive: true, force: true });
});

async function deliver(raw: string, to = rua) {
  const file = path.join(dir, `${newId("inbound")}.eml`);
  await writeFile(file, raw.replace(/\r\n$/, ""));
  return swaks([
    "--server",
    "127.0.0.1",
    "--port",
    String(port),
    "--helo",
    "reporter.test",
    "--from",
    "reports@reporter.test",
    "--to",
    to,
    "--data",
    `@${file}`,
    "--suppress-data",
  ]);
}

const google = (domain: string, reportId: string, records: FixtureRecord[]) =>
  reportEmail({
    from: "noreply-dmarc-support@google.com",
    to: rua,
    subject: `Report domain: ${domain} Submitter: google.com Report-ID: ${reportId}`,
    filename: googleFileName(domain),
    contentType: "application/gzip",
    content: zlib.gzipSync(googleXml(domain, reportId, records)),
  });

const microsoft = (domain: string, reportId: string, records: FixtureRecord[]) =>
  reportEmail({
    from: "DMARC Aggregate Report <dmarcreport@microsoft.com>",
    to: rua,
    subject: `Report Domain: ${domain} Submitter: enterprise.protection.outlook.com Report-ID: <${reportId}>`,
    filename: microsoftFileName(domain),
    contentType: "application/zip",
    content: zipFile(microsoftFileName(domain).replace(/\.zip$/, ".xml"), microsoftXml(domain, reportId, records)),
  });

const get = async (url: string, key: string) => {
  const response = await fetch(`${api.url}${url}`, { headers: bearer(key) });
  return { status: response.status, body: (await response.json()) as any };
};

const SUMMARY_RANGE = `from=${new Date((REPORT_BEGIN - 86_400) * 1000).toISOString()}&to=${new Date((REPORT_BEGIN + 3 * 86_400) * 1000).toISOString()}`;

describe("DMARC aggregate reports through the built-in MX", () => {
  it("offers dmarc-rua@ a verified receiving domain in the domain's tree (no authorization record needed)", async () => {
    expect(rua).toBe(`dmarc-rua@in.${fx.domain}`);
    const address = await dmarcReportAddress(db.prisma, fx.workspaceId, fx.domain);
    expect(address.rua).toBe(`rua=mailto:${rua}`);
    expect(address.authorization).toBeNull();
  });

  it("stores Google's gzip and Microsoft's zip reports delivered over SMTP, once each, summed by source", async () => {
    const g = await deliver(
      google(fx.domain, "17960832001234567890", [
        { ip: "209.85.220.41", count: 120, dkim: "pass", spf: "pass", headerFrom: fx.domain },
        { ip: "198.51.100.7", count: 5, disposition: "quarantine", dkim: "fail", spf: "fail", headerFrom: fx.domain },
      ]),
    );
    expect(g.code).toBe(0);
    expect(g.replies.at(-2) ?? g.replies.join("\n")).toBeDefined();
    expect(g.replies.join("\n")).toMatch(/reports stored 1, duplicate 0, refused 0/);
    const m = await deliver(
      microsoft(fx.domain, "c4e5f6a7b8d94e0f8a1b2c3d4e5f6a7b", [
        { ip: "40.107.22.58", count: 30, dkim: "pass", spf: "fail", headerFrom: fx.domain },
        { ip: "198.51.100.7", count: 2, disposition: "reject", dkim: "fail", spf: "fail", headerFrom: fx.domain },
      ]),
    );
    expect(m.replies.join("\n")).toMatch(/reports stored 1, duplicate 0, refused 0/);
    // Google sends the same report again: nothing changes.
    const again = await deliver(
      google(fx.domain, "17960832001234567890", [{ ip: "209.85.220.41", count: 120, dkim: "pass", spf: "pass", headerFrom: fx.domain }]),
    );
    expect(again.replies.join("\n")).toMatch(/reports stored 0, duplicate 1, refused 0/);

    const list = await get("/dmarc/reports", fx.keys["read-only"]);
    expect(list.status).toBe(200);
    expect(list.body.data.map((report: { orgName: string }) => report.orgName).sort()).toEqual(["Enterprise Outlook", "google.com"]);
    const googleReport = list.body.data.find((report: { orgName: string }) => report.orgName === "google.com");
    expect(googleReport).toMatchObject({
      domain: fx.domain,
      recordCount: 2,
      messageCount: 125,
      begin: new Date(REPORT_BEGIN * 1000).toISOString(),
    });

    const one = await get(`/dmarc/reports/${googleReport.id}`, fx.keys["read-only"]);
    expect(one.body.records).toEqual([
      expect.objectContaining({ sourceIp: "209.85.220.41", count: 120, aligned: true, disposition: "none" }),
      expect.objectContaining({ sourceIp: "198.51.100.7", count: 5, aligned: false, disposition: "quarantine" }),
    ]);

    const summary = await get(`/dmarc/summary?${SUMMARY_RANGE}&domain=${fx.domain.toUpperCase()}`, fx.keys["read-only"]);
    expect(summary.status).toBe(200);
    expect(summary.body.totals).toEqual({ messages: 157, aligned: 150, notAligned: 7 });
    expect(summary.body.sources.find((source: { sourceIp: string }) => source.sourceIp === "198.51.100.7")).toEqual({
      domain: fx.domain,
      sourceIp: "198.51.100.7",
      messages: 7,
      aligned: 0,
      notAligned: 7,
      disposition: { none: 0, quarantine: 5, reject: 2 },
    });
    const pages = await get("/dmarc/reports?limit=1", fx.keys["read-only"]);
    expect(pages.body.data).toHaveLength(1);
    const next = await get(`/dmarc/reports?limit=1&after=${pages.body.nextCursor}`, fx.keys["read-only"]);
    expect(next.body.data[0].id).not.toBe(pages.body.data[0].id);
  });

  it("refuses and counts a report for a domain the workspace does not own; the other workspace sees nothing", async () => {
    const sent = await deliver(
      google(other.domain, "999", [{ ip: "192.0.2.1", count: 1, dkim: "pass", spf: "pass", headerFrom: other.domain }]),
    );
    expect(sent.replies.join("\n")).toMatch(/reports stored 0, duplicate 0, refused 1/);
    const mine = await get(`/dmarc/summary?${SUMMARY_RANGE}`, fx.keys["read-only"]);
    // Refusals are counted by when they arrived (now: the default range, the last 30 days).
    expect((await get("/dmarc/summary", fx.keys["read-only"])).body.refused.unknown_domain).toBe(1);
    expect(mine.body.sources.some((source: { domain: string }) => source.domain === other.domain)).toBe(false);
    const theirs = await get("/dmarc/reports", other.keys["read-only"]);
    expect(theirs.body.data).toEqual([]);
    const theirSummary = await get(`/dmarc/summary?${SUMMARY_RANGE}`, other.keys["read-only"]);
    expect(theirSummary.body.totals.messages).toBe(0);
    // Nor can the other workspace read fx's reports by id.
    const fxReport = (await get("/dmarc/reports", fx.keys["read-only"])).body.data[0];
    expect((await get(`/dmarc/reports/${fxReport.id}`, other.keys["full-access"])).status).toBe(404);
  });

  it("refuses a report message over its bound at SMTP (552) and counts it; the billion laughs is refused unexpanded", async () => {
    const big = reportEmail({
      from: "noreply-dmarc-support@google.com",
      to: rua,
      subject: "Report",
      filename: googleFileName(fx.domain),
      contentType: "application/gzip",
      content: Buffer.alloc(DMARC_LIMITS.maxMessageBytes, 1),
    });
    const refused = await deliver(big);
    expect(refused.replies.join("\n")).toMatch(/^552 5\.3\.4/m);
    const laughs = await deliver(
      reportEmail({
        from: "x@reporter.test",
        to: rua,
        subject: "Report",
        filename: "r.xml",
        contentType: "text/xml",
        content: Buffer.from(billionLaughs(fx.domain)),
      }),
    );
    expect(laughs.replies.join("\n")).toMatch(/refused 1/);
    const summary = await get("/dmarc/summary", fx.keys["read-only"]);
    expect(summary.body.refused).toMatchObject({ too_large: 1, xml_entities: 1 });
  });

  it("answers bad queries with 422 (validation_failed) and a send-only key with 403", async () => {
    expect((await get("/dmarc/summary?from=2026-12-05T00:00:00Z&to=2026-12-01T00:00:00Z", fx.keys["read-only"])).status).toBe(422);
    expect((await get("/dmarc/summary?from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z", fx.keys["read-only"])).body.code).toBe(
      "validation_failed",
    );
    expect((await get("/dmarc/reports?limit=1000", fx.keys["read-only"])).status).toBe(422);
    expect((await get("/dmarc/reports?bogus=1", fx.keys["read-only"])).status).toBe(422);
    expect((await get("/dmarc/reports", fx.keys["send-only"])).status).toBe(403);
  });

  it(
    "svc domain dmarc prints the rua; svc domain dmarc-reports lists and sums the workspace's reports",
    async () => {
      const address = await runCli(["domain", "dmarc", "--workspace", fx.workspaceId, "--domain", fx.domain]);
      expect(address.code).toBe(0);
      expect(JSON.parse(address.stdout)).toMatchObject({ rua: `rua=mailto:${rua}`, authorization: null });
      const listed = await runCli(["domain", "dmarc-reports", "--workspace", fx.workspaceId, "--domain", fx.domain]);
      expect(JSON.parse(listed.stdout).data).toHaveLength(2);
      const summary = await runCli([
        "domain",
        "dmarc-reports",
        "--workspace",
        fx.workspaceId,
        "--summary",
        "--from",
        new Date((REPORT_BEGIN - 86_400) * 1000).toISOString(),
      ]);
      expect(JSON.parse(summary.stdout).totals.messages).toBe(157);
      const theirs = await runCli(["domain", "dmarc-reports", "--workspace", other.workspaceId]);
      expect(JSON.parse(theirs.stdout).data).toEqual([]);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it("outside the domain's tree, names the _report._dmarc record to publish (RFC 7489 7.1)", async () => {
    await verifiedReceivingDomain(db, dns, other.workspaceId, `reports-${Date.now()}.test`);
    const address = await dmarcReportAddress(db.prisma, other.workspaceId, other.domain);
    const receivingName = address.address.split("@")[1];
    expect(address.authorization).toEqual({ type: "TXT", name: `${other.domain}._report._dmarc.${receivingName}`, value: "v=DMARC1;" });
    expect((await errorOf(dmarcReportAddress(db.prisma, other.workspaceId, fx.domain))).code).toBe("not_found");
  });

  // Last: verification re-checks fx's domain against DNS that has only its DMARC record.
  it("domain verify's DMARC check suggests the rua until the record names it", async () => {
    const domainId = (await db.prisma.domain.findFirstOrThrow({ where: { workspaceId: fx.workspaceId, name: fx.domain } })).id;
    const resolver = createDnsResolver({ servers: [dns.address], timeoutMs: 500 });
    const context = { secrets: new SecretBox("11".repeat(32)), identities: null, region: "us-east-1" };
    const dmarcCheck = async () =>
      (await verifyDomain(db.prisma, domainId, { resolver }, context)).checks.find((check) => check.purpose === "dmarc")!;
    dns.setTxt(`_dmarc.${fx.domain}`, ["v=DMARC1; p=none;"]);
    const suggested = await dmarcCheck();
    expect(suggested).toMatchObject({ ok: true, expected: `v=DMARC1; p=none; rua=mailto:${rua};` });
    dns.setTxt(`_dmarc.${fx.domain}`, [`v=DMARC1; p=none; rua=mailto:${rua}`]);
    expect((await dmarcCheck()).expected).toBe("v=DMARC1; p=none;");
    dns.setTxt(`_dmarc.${fx.domain}`, []);
    expect((await dmarcCheck()).reason).toContain(`Add rua=mailto:${rua}`);
  });
});

async function errorOf(promise: Promise<unknown>): Promise<{ code: string }> {
  return promise.then(
    () => ({ code: "none" }),
    (error: { code: string }) => error,
  );
}
