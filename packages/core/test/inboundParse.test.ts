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
