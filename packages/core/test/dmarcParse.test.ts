import zlib from "node:zlib";
import { describe, expect, it } from "@jest/globals";
import { DMARC_LIMITS, DmarcRefused, readReport } from "@svc/core";
import { billionLaughs, googleXml, gzipBomb, microsoftXml, REPORT_BEGIN, zipBombs, zipFile } from "../../../test/support/dmarcReports.ts";

const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;

async function refusal(bytes: Buffer): Promise<DmarcRefused> {
  const error = await readReport(bytes).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DmarcRefused);
  return error as DmarcRefused;
}

/** RSS growth while `work` runs (sampled, so a peak that is given back still counts). */
async function rssGrowth(work: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage().rss) - before;
}

describe("DMARC aggregate reports: parsing", () => {
  it("reads Google's gzip report: metadata, policy and every record with its results", async () => {
    const xml = googleXml("example.com", "12345678901234567890", [
      { ip: "209.85.220.41", count: 12, dkim: "pass", spf: "pass", headerFrom: "example.com" },
      { ip: "203.0.113.9", count: 3, disposition: "quarantine", dkim: "fail", spf: "fail", headerFrom: "example.com" },
    ]);
    const report = await readReport(zlib.gzipSync(xml));
    expect(report).toMatchObject({
      orgName: "google.com",
      orgEmail: "noreply-dmarc-support@google.com",
      reportId: "12345678901234567890",
      domain: "example.com",
      policy: { p: "none", sp: "none", adkim: "r", aspf: "r", pct: 100 },
    });
    expect(report.beginAt.getTime()).toBe(REPORT_BEGIN * 1000);
    expect(report.records).toEqual([
      expect.objectContaining({
        sourceIp: "209.85.220.41",
        count: 12,
        disposition: "none",
        aligned: true,
        dkimDomain: "example.com",
        spfResult: "pass",
      }),
      expect.objectContaining({ sourceIp: "203.0.113.9", count: 3, disposition: "quarantine", aligned: false, dkimResult: "fail" }),
    ]);
  });

  it("reads Microsoft's zip report (xmlns attributes, envelope_to, SPF scope); one record is an object, not a list", async () => {
    const xml = microsoftXml("example.com", "c4e5f6a7b8d94e0f8a1b2c3d4e5f6a7b", [
      { ip: "40.107.22.58", count: 7, dkim: "fail", spf: "pass", headerFrom: "example.com" },
    ]);
    const report = await readReport(zipFile("enterprise.protection.outlook.com!example.com!1796083200!1796169600.xml", xml));
    expect(report.orgName).toBe("Enterprise Outlook");
    expect(report.records).toEqual([
      expect.objectContaining({
        sourceIp: "40.107.22.58",
        count: 7,
        aligned: true,
        envelopeFrom: "bounce.example.com",
        spfDomain: "bounce.example.com",
      }),
    ]);
  });

  it("refuses what is not a report, and a damaged archive", async () => {
    expect((await refusal(Buffer.from("<html><body>hi</body></html>"))).reason).toBe("not_a_report");
    expect((await refusal(Buffer.from("<feedback><report_metadata>"))).reason).toBe("not_a_report");
    expect((await refusal(Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from("garbage")]))).reason).toBe("invalid_archive");
    expect((await refusal(Buffer.from("PK\x03\x04 not really a zip", "latin1"))).reason).toBe("invalid_archive");
  });

  it("refuses an attachment over its compressed bound before reading it", async () => {
    expect((await refusal(Buffer.alloc(DMARC_LIMITS.maxAttachmentBytes + 1, 0x20))).reason).toBe("too_large");
  });

  it("refuses a small gzip that inflates past the ratio", async () => {
    const bomb = await gzipBomb(8 * MB); // about 8 KB: 1000 times
    expect((await refusal(bomb)).reason).toBe("expansion_ratio");
  });

  it("refuses XML nested past the depth bound and a report with more records than the bound (counted before parsing)", async () => {
    const deep = `<feedback>${"<x>".repeat(50)}${"</x>".repeat(50)}</feedback>`;
    expect((await refusal(Buffer.from(deep))).reason).toBe("xml_too_deep");
    const many = googleXml(
      "example.com",
      "1",
      Array.from({ length: 101 }, (_, i) => ({
        ip: `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
        count: i,
        dkim: "pass" as const,
        spf: "pass" as const,
        headerFrom: "example.com",
      })),
    );
    const error = await readReport(Buffer.from(many), { ...DMARC_LIMITS, maxRecords: 100 }).catch((caught: unknown) => caught);
    expect((error as DmarcRefused).reason).toBe("too_many_records");
    expect((await readReport(Buffer.from(many), { ...DMARC_LIMITS, maxRecords: 101 })).records).toHaveLength(101);
  });

  it("refuses a zip expanding to 1 GB (honest or lying headers) and a 1 GB gzip with bounded memory", async () => {
    const { honest, lying } = await zipBombs(GB, 4096);
    const gzip = await gzipBomb(GB);
    expect(honest.length).toBeLessThan(2 * MB);
    const growth = await rssGrowth(async () => {
      expect((await refusal(honest)).reason).toBe("expansion_bytes");
      // The headers claim 4 KB: the stream is cut when it passes what it declared.
      expect(["expansion_bytes", "invalid_archive"]).toContain((await refusal(lying)).reason);
      expect((await refusal(gzip)).reason).toBe("expansion_bytes");
    });
    expect(growth).toBeLessThan(150 * MB);
  });

  it("refuses the billion laughs without expanding an entity, with bounded memory", async () => {
    const xml = Buffer.from(billionLaughs("example.com"));
    const growth = await rssGrowth(async () => {
      expect((await refusal(xml)).reason).toBe("xml_entities");
      expect((await refusal(zlib.gzipSync(xml))).reason).toBe("xml_entities");
    });
    expect(growth).toBeLessThan(50 * MB);
  });
});
