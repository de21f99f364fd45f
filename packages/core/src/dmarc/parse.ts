/**
 * DMARC aggregate reports (RFC 7489 appendix C) from the bytes of one attachment: plain XML, gzip
 * (Google, Yahoo) or zip (Microsoft). Every step is bounded before it can cost memory: the
 * compressed bytes, the bytes inflated (counted as they come, never trusted from a header), the
 * ratio of the two, entity declarations (refused outright: a report never has a DOCTYPE), nesting
 * depth and the number of records.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";
import { XMLParser } from "fast-xml-parser";
import yauzl from "yauzl";
import { z } from "zod";

export const DMARC_LIMITS = {
  /** One attachment as sent (gzip, zip or XML). */
  maxAttachmentBytes: 10 * 1024 * 1024,
  /** A message holding only reports: the attachment base64-encoded plus headers. */
  maxMessageBytes: 15 * 1024 * 1024,
  /** XML after inflating. */
  maxXmlBytes: 16 * 1024 * 1024,
  /** XML bytes per compressed byte: real reports inflate 10-50 times, a bomb a thousand. */
  maxRatio: 200,
  maxRecords: 20_000,
  /** feedback/record/auth_results/dkim/domain is five deep. */
  maxDepth: 12,
  /** Zip entries looked at before giving up on finding the report. */
  maxZipEntries: 8,
  /** Report attachments read from one message. */
  maxAttachments: 4,
} as const;

export type DmarcLimits = { [K in keyof typeof DMARC_LIMITS]: number };

export type DmarcRefusalReason =
  | "too_large"
  | "expansion_bytes"
  | "expansion_ratio"
  | "xml_entities"
  | "xml_too_deep"
  | "too_many_records"
  | "invalid_archive"
  | "not_a_report"
  | "unknown_domain";

/** A report refused, with the reason counted and shown to the workspace. */
export class DmarcRefused extends Error {
  constructor(
    readonly reason: DmarcRefusalReason,
    detail: string,
  ) {
    super(detail);
  }
}

export interface DmarcRecordInput {
  sourceIp: string;
  count: number;
  disposition: string;
  dkim: string;
  spf: string;
  aligned: boolean;
  headerFrom: string;
  envelopeFrom: string | null;
  dkimDomain: string | null;
  dkimResult: string | null;
  spfDomain: string | null;
  spfResult: string | null;
}

export interface DmarcReportInput {
  orgName: string;
  orgEmail: string | null;
  reportId: string;
  beginAt: Date;
  endAt: Date;
  domain: string;
  policy: { p: string | null; sp: string | null; adkim: string | null; aspf: string | null; pct: number | null };
  records: DmarcRecordInput[];
}

const gunzip = promisify(zlib.gunzip);

/** Which bound an inflate past `limit` crossed. */
function expansionRefusal(compressed: number, limits: DmarcLimits): DmarcRefused {
  return limits.maxXmlBytes <= compressed * limits.maxRatio
    ? new DmarcRefused("expansion_bytes", `The report inflates past ${limits.maxXmlBytes} bytes.`)
    : new DmarcRefused("expansion_ratio", `The report inflates more than ${limits.maxRatio} times its ${compressed} compressed bytes.`);
}

const inflateLimit = (compressed: number, limits: DmarcLimits) => Math.min(limits.maxXmlBytes, compressed * limits.maxRatio);

async function fromGzip(bytes: Buffer, limits: DmarcLimits): Promise<Buffer> {
  try {
    // maxOutputLength stops zlib as soon as the output would pass it: nothing past the bound is held.
    return await gunzip(bytes, { maxOutputLength: inflateLimit(bytes.length, limits) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw expansionRefusal(bytes.length, limits);
    throw new DmarcRefused("invalid_archive", "The gzip data is damaged.");
  }
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) =>
      error || !zip ? reject(error) : resolve(zip),
    ),
  );
}

/** The first `.xml` entry of a zip, inflated as a stream and counted chunk by chunk. */
async function fromZip(bytes: Buffer, limits: DmarcLimits): Promise<Buffer> {
  const zip = await openZip(bytes).catch(() => {
    throw new DmarcRefused("invalid_archive", "The zip archive is damaged.");
  });
  const limit = inflateLimit(bytes.length, limits);
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      let seen = 0;
      zip.on("error", () => reject(new DmarcRefused("invalid_archive", "The zip archive is damaged.")));
      zip.on("end", () => reject(new DmarcRefused("not_a_report", "The zip archive holds no .xml file.")));
      zip.on("entry", (entry: yauzl.Entry) => {
        seen += 1;
        if (seen > limits.maxZipEntries) return reject(new DmarcRefused("invalid_archive", `More than ${limits.maxZipEntries} entries.`));
        if (!/\.xml$/i.test(entry.fileName)) return zip.readEntry();
        // The declared size is a first, cheap refusal; the stream below counts what really comes.
        if (entry.uncompressedSize > limit) return reject(expansionRefusal(bytes.length, limits));
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return reject(new DmarcRefused("invalid_archive", "The zip entry cannot be read."));
          const chunks: Buffer[] = [];
          let total = 0;
          stream.on("data", (chunk: Buffer) => {
            total += chunk.length;
            if (total > limit) {
              stream.destroy();
              return reject(expansionRefusal(bytes.length, limits));
            }
            chunks.push(chunk);
          });
          stream.on("error", () => reject(new DmarcRefused("invalid_archive", "The zip entry is damaged or not the size it declares.")));
          stream.on("end", () => resolve(Buffer.concat(chunks, total)));
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** The XML of an attachment, by its first bytes (names and types lie). */
export async function inflateReport(bytes: Buffer, limits: DmarcLimits = DMARC_LIMITS): Promise<Buffer> {
  if (bytes.length > limits.maxAttachmentBytes)
    throw new DmarcRefused("too_large", `The report is ${bytes.length} bytes; at most ${limits.maxAttachmentBytes} are taken.`);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return fromGzip(bytes, limits);
  if (bytes.subarray(0, 4).equals(Buffer.from("PK\x03\x04", "latin1"))) return fromZip(bytes, limits);
  if (bytes.length > limits.maxXmlBytes) throw new DmarcRefused("expansion_bytes", `The report is over ${limits.maxXmlBytes} bytes.`);
  return bytes;
}

const text = z.union([z.string(), z.number()]).transform((value) => String(value).trim());
const optionalText = text.optional().transform((value) => (value ? value : null));
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]), z.array(item));

const authResult = z.object({ domain: optionalText, result: optionalText });
const recordSchema = z.object({
  row: z.object({
    source_ip: text,
    count: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    policy_evaluated: z.object({ disposition: text, dkim: optionalText, spf: optionalText }),
  }),
  identifiers: z.object({ header_from: text, envelope_from: optionalText }),
  auth_results: z.object({ dkim: many(authResult), spf: many(authResult) }).optional(),
});

const feedbackSchema = z.object({
  report_metadata: z.object({
    org_name: text.pipe(z.string().min(1).max(255)),
    email: optionalText,
    report_id: text.pipe(z.string().min(1).max(255)),
    date_range: z.object({ begin: z.coerce.number().int().min(0), end: z.coerce.number().int().min(0) }),
  }),
  policy_published: z.object({
    domain: text.pipe(z.string().min(1).max(253)),
    adkim: optionalText,
    aspf: optionalText,
    p: optionalText,
    sp: optionalText,
    pct: z.coerce.number().int().optional(),
  }),
  record: many(recordSchema),
});

/** Counts `<record>` openings without parsing, so that a report with too many is refused before it becomes objects. */
function countRecords(xml: string, max: number): number {
  let count = 0;
  for (let at = xml.indexOf("<record"); at !== -1; at = xml.indexOf("<record", at + 7)) {
    const next = xml[at + 7];
    if (next === ">" || next === " " || next === "\t" || next === "\n" || next === "\r") count += 1;
    if (count > max) break;
  }
  return count;
}

const lower = (value: string | null) => (value ? value.toLowerCase() : null);

/** The report in an XML document, or DmarcRefused. */
export function parseReportXml(xmlBytes: Buffer, limits: DmarcLimits = DMARC_LIMITS): DmarcReportInput {
  const xml = xmlBytes.toString("utf8");
  // A DMARC report has no DOCTYPE; one with entity declarations is at best odd, at worst a bomb.
  if (/<!(DOCTYPE|ENTITY)/i.test(xml)) throw new DmarcRefused("xml_entities", "The report declares a DOCTYPE or entities; none are taken.");
  if (countRecords(xml, limits.maxRecords) > limits.maxRecords)
    throw new DmarcRefused("too_many_records", `The report has more than ${limits.maxRecords} records.`);
  let document: Record<string, unknown>;
  try {
    document = new XMLParser({
      ignoreAttributes: true,
      removeNSPrefix: true,
      processEntities: false,
      parseTagValue: false,
      maxNestedTags: limits.maxDepth,
    }).parse(xml) as Record<string, unknown>;
  } catch (error) {
    const message = (error as Error).message;
    if (/nest/i.test(message)) throw new DmarcRefused("xml_too_deep", `The report nests tags deeper than ${limits.maxDepth}.`);
    throw new DmarcRefused("not_a_report", "The report is not well-formed XML.");
  }
  const parsed = feedbackSchema.safeParse(document.feedback);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new DmarcRefused("not_a_report", `Not a DMARC aggregate report: feedback.${issue.path.join(".")}: ${issue.message}`);
  }
  const { report_metadata: meta, policy_published: policy, record } = parsed.data;
  return {
    orgName: meta.org_name,
    orgEmail: meta.email,
    reportId: meta.report_id,
    beginAt: new Date(meta.date_range.begin * 1000),
    endAt: new Date(meta.date_range.end * 1000),
    domain: policy.domain.toLowerCase(),
    policy: { p: policy.p, sp: policy.sp, adkim: policy.adkim, aspf: policy.aspf, pct: policy.pct ?? null },
    records: record.map(({ row, identifiers, auth_results: auth }) => {
      const dkim = row.policy_evaluated.dkim ?? "fail";
      const spf = row.policy_evaluated.spf ?? "fail";
      const firstDkim = auth?.dkim[0];
      const firstSpf = auth?.spf[0];
      return {
        sourceIp: row.source_ip,
        count: row.count,
        disposition: row.policy_evaluated.disposition.toLowerCase(),
        dkim,
        spf,
        aligned: dkim === "pass" || spf === "pass",
        headerFrom: identifiers.header_from.toLowerCase(),
        envelopeFrom: lower(identifiers.envelope_from),
        dkimDomain: lower(firstDkim?.domain ?? null),
        dkimResult: firstDkim?.result ?? null,
        spfDomain: lower(firstSpf?.domain ?? null),
        spfResult: firstSpf?.result ?? null,
      };
    }),
  };
}

/** One attachment's report: inflated within the bounds, then parsed within them. */
export async function readReport(bytes: Buffer, limits: DmarcLimits = DMARC_LIMITS): Promise<DmarcReportInput> {
  return parseReportXml(await inflateReport(bytes, limits), limits);
}
