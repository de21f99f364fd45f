import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "@jest/globals";
import { parseInbound } from "../src/inbound/parse.ts";

const crlf = (lines: string[]) => Buffer.from(lines.join("\r\n"));

const HEAD = ["From: Customer <c@sender.test>", "To: support@reply.test", "Subject: Files", "MIME-Version: 1.0"];

function multipart(attachment: string[], options: { close?: boolean } = {}): Buffer {
  return crlf([
    ...HEAD,
    'Content-Type: multipart/mixed; boundary="b1"',
    "",
    "--b1",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Hello.",
    "--b1",
    "Content-Type: application/octet-stream",
    'Content-Disposition: attachment; filename="a.bin"',
    "Content-Transfer-Encoding: base64",
    "",
    ...attachment,
    ...(options.close === false ? [""] : ["--b1--", ""]),
  ]);
}

describe("parseInbound on malformed MIME", () => {
  it("parses a well-formed multipart with a base64 attachment, parseError null", async () => {
    const parsed = await parseInbound(multipart([Buffer.from("binary bytes").toString("base64")]));
    expect(parsed.parseError).toBeNull();
    expect(parsed.text).toBe("Hello.");
    expect(parsed.files.map((file) => file.toString())).toEqual(["binary bytes"]);
  });

  it("sets parseError for a multipart whose closing delimiter never comes, with no attachment made up", async () => {
    const parsed = await parseInbound(multipart([Buffer.from("binary bytes").toString("base64")], { close: false }));
    expect(parsed.parseError).toMatch(/"b1" is never closed/);
    expect(parsed.attachments).toEqual([]);
  });

  it("sets parseError for a line in the header block that is no header field", async () => {
    const parsed = await parseInbound(
      crlf([...HEAD.slice(0, 2), "this line is no header", "Subject: x", "Content-Type: text/plain", "", "body", ""]),
    );
    expect(parsed.parseError).toMatch(/Line 3 is in a header block but is no header field/);
    expect(parsed.text).toBeNull();
  });

  it("sets parseError for a base64 part that is not base64", async () => {
    const parsed = await parseInbound(multipart(["SGVsbG8gd29ybGQ=", "this is *not* base64 at all!", "QUJD"]));
    expect(parsed.parseError).toMatch(/Line \d+ of a base64 part is not base64/);
    expect(parsed.files).toEqual([]);
  });
});

/** This process's peak resident set since the last reset, in bytes. */
const peakRss = () => Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1]) * 1024;
const currentRss = () => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1]) * 1024;

describe("parseInbound on an HTML-only message", () => {
  const html = (bytes: number) => {
    const line = `<p>${"word ".repeat(30)}</p><div><b>bold</b></div>\r\n`;
    return crlf([...HEAD, "Content-Type: text/html; charset=utf-8", "", line.repeat(Math.ceil(bytes / line.length))]);
  };

  it("makes the text of a short one from its HTML", async () => {
    const parsed = await parseInbound(html(10_000));
    expect(parsed.html).toContain("<b>bold</b>");
    expect(parsed.text).toContain("word word");
  });

  it("keeps a long one's HTML without converting it, within a few times its size", async () => {
    const raw = html(6 * 1024 * 1024);
    writeFileSync("/proc/self/clear_refs", "5");
    const before = currentRss();
    const parsed = await parseInbound(raw);
    const growth = peakRss() - before;
    // Converted, its document tree alone would take about twenty times the HTML.
    expect(growth).toBeLessThan(8 * raw.length);
    expect(parsed.parseError).toBeNull();
    expect(parsed.html?.length).toBeGreaterThan(6_000_000);
    expect(parsed.text ?? "").toBe("");
  });
});
