/**
 * DMARC aggregate reports shaped as the big reporters send them (Google: one `.xml.gz`
 * attachment; Microsoft: `enterprise.protection.outlook.com!….zip`), a minimal zip writer for
 * them, and the hostile ones (zip and gzip bombs, billion laughs) built in memory by the test.
 */
import { PassThrough } from "node:stream";
import zlib from "node:zlib";

export interface FixtureRecord {
  ip: string;
  count: number;
  disposition?: string;
  dkim: "pass" | "fail";
  spf: "pass" | "fail";
  headerFrom: string;
}

const DAY = 86_400;
export const REPORT_BEGIN = 1_796_083_200; // 2026-12-01T00:00:00Z

function recordXml(record: FixtureRecord, microsoft: boolean): string {
  return `  <record>
    <row>
      <source_ip>${record.ip}</source_ip>
      <count>${record.count}</count>
      <policy_evaluated>
        <disposition>${record.disposition ?? "none"}</disposition>
        <dkim>${record.dkim}</dkim>
        <spf>${record.spf}</spf>
      </policy_evaluated>
    </row>
    <identifiers>
${microsoft ? `      <envelope_to>contoso.com</envelope_to>\n      <envelope_from>bounce.${record.headerFrom}</envelope_from>\n` : ""}      <header_from>${record.headerFrom}</header_from>
    </identifiers>
    <auth_results>
      <dkim>
        <domain>${record.headerFrom}</domain>
        <selector>svc1</selector>
        <result>${record.dkim}</result>
      </dkim>
      <spf>
        <domain>bounce.${record.headerFrom}</domain>
${microsoft ? "        <scope>mfrom</scope>\n" : ""}        <result>${record.spf}</result>
      </spf>
    </auth_results>
  </record>`;
}

/** Google's report XML (report ids are long decimal numbers). */
export function googleXml(domain: string, reportId: string, records: FixtureRecord[], begin = REPORT_BEGIN): string {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<feedback>
  <report_metadata>
    <org_name>google.com</org_name>
    <email>noreply-dmarc-support@google.com</email>
    <extra_contact_info>https://support.google.com/a/answer/2466580</extra_contact_info>
    <report_id>${reportId}</report_id>
    <date_range>
      <begin>${begin}</begin>
      <end>${begin + DAY - 1}</end>
    </date_range>
  </report_metadata>
  <policy_published>
    <domain>${domain}</domain>
    <adkim>r</adkim>
    <aspf>r</aspf>
    <p>none</p>
    <sp>none</sp>
    <pct>100</pct>
    <np>none</np>
  </policy_published>
${records.map((record) => recordXml(record, false)).join("\n")}
</feedback>
`;
}

/** Microsoft's report XML (xmlns attributes, a version, envelope_to, SPF scope). */
export function microsoftXml(domain: string, reportId: string, records: FixtureRecord[], begin = REPORT_BEGIN): string {
  return `<?xml version="1.0"?>
<feedback xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <version>1.0</version>
  <report_metadata>
    <org_name>Enterprise Outlook</org_name>
    <email>dmarcreport@microsoft.com</email>
    <report_id>${reportId}</report_id>
    <date_range>
      <begin>${begin}</begin>
      <end>${begin + DAY}</end>
    </date_range>
  </report_metadata>
  <policy_published>
    <domain>${domain}</domain>
    <adkim>r</adkim>
    <aspf>r</aspf>
    <p>none</p>
    <sp>none</sp>
    <pct>100</pct>
    <fo>0</fo>
  </policy_published>
${records.map((record) => recordXml(record, true)).join("\n")}
</feedback>
`;
}

export const googleFileName = (domain: string, begin = REPORT_BEGIN) => `google.com!${domain}!${begin}!${begin + DAY - 1}.xml.gz`;
export const microsoftFileName = (domain: string, begin = REPORT_BEGIN) =>
  `enterprise.protection.outlook.com!${domain}!${begin}!${begin + DAY}.zip`;

interface ZipEntry {
  name: string;
  deflated: Buffer;
  crc: number;
  size: number;
}

/** A zip of deflated entries (what Microsoft's reports are); `declaredSize` lets a test lie in the headers. */
export function zipOf(entries: ZipEntry[], declaredSize?: number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const size = declaredSize ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export function zipFile(name: string, content: string | Buffer): Buffer {
  const bytes = Buffer.from(content);
  return zipOf([{ name, deflated: zlib.deflateRawSync(bytes), crc: zlib.crc32(bytes), size: bytes.length }]);
}

/** `bytes` zero bytes deflated a megabyte at a time: the whole is never in memory. */
async function deflatedZeros(bytes: number, raw: boolean): Promise<{ deflated: Buffer; crc: number }> {
  const chunk = Buffer.alloc(1024 * 1024);
  const stream = raw ? zlib.createDeflateRaw({ level: 9 }) : zlib.createGzip({ level: 9 });
  const out: Buffer[] = [];
  const sink = new PassThrough();
  stream.pipe(sink);
  sink.on("data", (piece: Buffer) => out.push(piece));
  let crc = 0;
  for (let written = 0; written < bytes; written += chunk.length) {
    const piece = chunk.subarray(0, Math.min(chunk.length, bytes - written));
    crc = zlib.crc32(piece, crc);
    if (!stream.write(piece)) await new Promise((resolve) => stream.once("drain", resolve));
  }
  await new Promise<void>((resolve) => {
    sink.on("end", resolve);
    stream.end();
  });
  return { deflated: Buffer.concat(out), crc };
}

/** Zips whose one `.xml` entry inflates to `bytes` (1 GB in the tests): one with honest headers, one claiming `declaredSize`. */
export async function zipBombs(bytes: number, declaredSize: number): Promise<{ honest: Buffer; lying: Buffer }> {
  const { deflated, crc } = await deflatedZeros(bytes, true);
  const entry = { name: "report.xml", deflated, crc, size: bytes };
  return { honest: zipOf([entry]), lying: zipOf([entry], declaredSize) };
}

export async function gzipBomb(bytes: number): Promise<Buffer> {
  return (await deflatedZeros(bytes, false)).deflated;
}

/** The billion laughs: ten nested entity levels, each ten times the last (a few GB expanded). */
export function billionLaughs(domain: string): string {
  const levels = ['<!ENTITY lol "lol">'];
  for (let level = 1; level <= 9; level++) levels.push(`<!ENTITY lol${level} "${`&lol${level === 1 ? "" : level - 1};`.repeat(10)}">`);
  return `<?xml version="1.0"?>\n<!DOCTYPE feedback [\n${levels.join("\n")}\n]>\n<feedback><report_metadata><org_name>&lol9;</org_name></report_metadata><policy_published><domain>${domain}</domain></policy_published></feedback>`;
}

/** A report email: one attachment, base64, as the reporters send it. */
export function reportEmail(options: {
  from: string;
  to: string;
  subject: string;
  filename: string;
  contentType: string;
  content: Buffer;
}): string {
  const boundary = `----=_Part_${Date.now()}`;
  const body = options.content.toString("base64").replace(/.{76}/g, "$&\r\n");
  return [
    `From: ${options.from}`,
    `To: ${options.to}`,
    `Subject: ${options.subject}`,
    `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@reports.test>`,
    "Date: Tue, 01 Dec 2026 12:00:00 +0000",
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "This is an aggregate report.",
    `--${boundary}`,
    `Content-Type: ${options.contentType}; name="${options.filename}"`,
    `Content-Disposition: attachment; filename="${options.filename}"`,
    "Content-Transfer-Encoding: base64",
    "",
    body,
    `--${boundary}--`,
    "",
  ].join("\r\n");
}
