import { describe, expect, it } from "@jest/globals";
import { AppError, ATTACHMENT_LIMITS, parseInProcessSendInput, parseSendEmailInput } from "@svc/core";

const base = {
  from: "Acme <hello@acme.test>",
  to: "ann@example.com",
  subject: "Invoice",
  html: '<p>See <img src="cid:logo@acme"></p>',
  text: "See attached",
};

/** The 422's message for `body`; fails the test if the body is accepted or refused otherwise. */
function refusal(body: Record<string, unknown>): string {
  try {
    parseSendEmailInput({ ...base, ...body });
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
    expect((error as AppError).code).toBe("validation_failed");
    return (error as AppError).message;
  }
  throw new Error("expected a 422");
}

const b64 = (text: string) => Buffer.from(text).toString("base64");

describe("cc, bcc and replyTo", () => {
  it("take a single string or an array, trimmed; replyTo takes display names", () => {
    const input = parseSendEmailInput({
      ...base,
      cc: " bob@example.com ",
      bcc: ["c@example.com", "d@example.com"],
      replyTo: "Support <help@acme.test>",
    });
    expect(input.cc).toEqual(["bob@example.com"]);
    expect(input.bcc).toEqual(["c@example.com", "d@example.com"]);
    expect(input.replyTo).toEqual(["Support <help@acme.test>"]);
  });

  it("count to, cc and bcc together against 50, and still need one to", () => {
    const many = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}@example.com`);
    expect(parseSendEmailInput({ ...base, to: many(20, "t"), cc: many(20, "c"), bcc: many(10, "b") }).bcc).toHaveLength(10);
    expect(refusal({ to: many(20, "t"), cc: many(20, "c"), bcc: many(11, "b") })).toContain(
      "to, cc and bcc together must contain at most 50 addresses (51 given)",
    );
    expect(refusal({ to: [], cc: ["a@example.com"] })).toContain("to: must contain at least one address");
    expect(refusal({ cc: ["not-an-address"] })).toContain("cc[0]: must be a valid email address");
    expect(refusal({ bcc: 42 })).toContain("bcc: must be an address or an array of addresses");
  });

  it("replyTo: at most 10 mailboxes", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `r${i}@example.com`);
    expect(refusal({ replyTo: eleven })).toContain("replyTo: must contain at most 10 addresses");
    expect(refusal({ replyTo: ["ok@example.com", "Eve\r\n <e@x.com>"] })).toContain("replyTo[1]: must be an email address");
  });
});

describe("headers", () => {
  it("keeps the caller's names, values and order", () => {
    const input = parseSendEmailInput({
      ...base,
      headers: {
        "X-Entity-Ref-ID": "abc-123",
        "List-Unsubscribe": "<https://acme.test/u/1>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "In-Reply-To": "<m1@acme.test>",
        References: "<m0@acme.test> <m1@acme.test>",
      },
    });
    expect(input.headers.map((h) => h.name)).toEqual([
      "X-Entity-Ref-ID",
      "List-Unsubscribe",
      "List-Unsubscribe-Post",
      "In-Reply-To",
      "References",
    ]);
    expect(input.headers[0]).toEqual({ name: "X-Entity-Ref-ID", value: "abc-123" });
  });

  it("refuses every service-owned name, naming them, in any case", () => {
    const message = refusal({
      headers: {
        from: "x@y.z",
        "Content-Type": "text/plain",
        "DKIM-Signature": "v=1",
        "X-Ok": "fine",
        "reply-to": "a@b.c",
        "Message-ID": "<1@x>",
        "X-SES-CONFIGURATION-SET": "other",
      },
    });
    expect(message).toContain(
      "headers: from, Content-Type, DKIM-Signature, reply-to, Message-ID, X-SES-CONFIGURATION-SET are set by the service and cannot be given",
    );
    expect(refusal({ headers: { Bcc: "x@y.z" } })).toContain("headers: Bcc is set by the service");
  });

  it("refuses CR, LF and other control characters in names and values, bad names, duplicates and oversize", () => {
    expect(refusal({ headers: { "X-A": "one\r\nBcc: evil@x.com" } })).toContain(
      "headers: X-A: the value must be printable ASCII on one line",
    );
    expect(refusal({ headers: { "X-A": "tab\there" } })).toContain("X-A: the value must be printable ASCII");
    expect(refusal({ headers: { "X-A\r\nBcc": "v" } })).toContain('headers: "X-A\\r\\nBcc" is not a header name');
    expect(refusal({ headers: { "X A": "v" } })).toContain('"X A" is not a header name');
    expect(refusal({ headers: { "X-A:": "v" } })).toContain("is not a header name");
    expect(refusal({ headers: { "X-A": "é" } })).toContain("encode other characters per RFC 2047");
    expect(refusal({ headers: { "X-Dup": "1", "x-dup": "2" } })).toContain("x-dup is given more than once");
    expect(refusal({ headers: { "X-Long": "v".repeat(996) } })).toContain("X-Long: name and value together must be at most 996 characters");
    const sixteen = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`X-H${i}`, "v"]));
    expect(refusal({ headers: sixteen })).toContain("headers: at most 15 headers");
    const big = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`X-H${i}`, "v".repeat(900)]));
    expect(refusal({ headers: big })).toContain("names and values together must be at most 8192 characters");
    expect(refusal({ headers: { "X-A": 1 } })).toContain("headers.X-A: must be a string");
    expect(refusal({ headers: ["X-A", "v"] })).toContain("headers: must be an object");
  });
});

describe("tags", () => {
  it("are kept in order", () => {
    const tags = [
      { name: "category", value: "invoice" },
      { name: "tenant-id", value: "T_42" },
    ];
    expect(parseSendEmailInput({ ...base, tags }).tags).toEqual(tags);
  });

  it("refuses other characters, empty or long parts, duplicates, the service's prefix and more than 50", () => {
    expect(refusal({ tags: [{ name: "a b", value: "x" }] })).toContain("tags[0].name: may contain only ASCII letters, digits, _ and -");
    expect(refusal({ tags: [{ name: "a", value: "x:y" }] })).toContain("tags[0].value: may contain only ASCII letters");
    expect(refusal({ tags: [{ name: "a", value: "" }] })).toContain("tags[0].value: must not be empty");
    expect(refusal({ tags: [{ name: "a".repeat(257), value: "x" }] })).toContain("tags[0].name: must be at most 256 characters");
    expect(
      refusal({
        tags: [
          { name: "a", value: "1" },
          { name: "a", value: "2" },
        ],
      }),
    ).toContain("tags[1].name: a is given more than once");
    expect(refusal({ tags: [{ name: "svc_email_id", value: "x" }] })).toContain("tags[0].name: must not start with svc_");
    expect(refusal({ tags: [{ name: "a", value: "x", extra: 1 }] })).toContain("tags[0]: unknown field(s): extra");
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `t${i}`, value: "v" }));
    expect(refusal({ tags: many })).toContain("tags: must contain at most 50 tags");
    expect(parseSendEmailInput({ ...base, tags: many.slice(0, 50) }).tags).toHaveLength(50);
  });
});

describe("wrong shapes", () => {
  it("are 422s naming the field, never anything else", () => {
    expect(refusal({ attachments: "file.pdf" })).toContain("attachments: must be an array of attachments");
    expect(refusal({ attachments: [null, 3] })).toContain("attachments[0]: must be an object");
    expect(refusal({ tags: { name: "a" } })).toContain("tags: must be an array of {name, value}");
    expect(refusal({ headers: "X-A: 1" })).toContain("headers: must be an object of header names to string values");
    expect(refusal({ headers: { "X-A": null } })).toContain("headers.X-A: must be a string");
    expect(refusal({ cc: { a: 1 }, html: 5, to: 7 })).toContain("cc: must be an address or an array of addresses");
  });
});

describe("oversized lists", () => {
  it("are refused on their count before any item is validated, even with millions of items", () => {
    const million = new Array(1_000_000).fill({});
    expect(refusal({ attachments: million })).toBe("Invalid request: attachments: must contain at most 100 attachments (1000000 given).");
    expect(refusal({ bcc: new Array(1_000_000).fill(1) })).toContain("bcc: must contain at most 50 addresses");
    expect(refusal({ tags: new Array(51).fill(null) })).toContain("tags: must contain at most 50 tags");
    const headers = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`X-${i}`, 1]));
    expect(refusal({ headers })).toBe("Invalid request: headers: at most 15 headers.");
  });

  it("a header named __proto__ or constructor is just a header name", () => {
    const input = parseSendEmailInput({ ...base, headers: JSON.parse('{"__proto__": "a", "constructor": "b"}') });
    expect(input.headers).toEqual([
      { name: "__proto__", value: "a" },
      { name: "constructor", value: "b" },
    ]);
    expect(refusal({ headers: JSON.parse('{"__proto__": "a\\r\\nBcc: x@y.z"}') })).toContain(
      "__proto__: the value must be printable ASCII on one line",
    );
  });
});

describe("attachments", () => {
  it("decode to bytes; the content type comes from the file name when not given; contentId makes an inline part", () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255]);
    const input = parseSendEmailInput({
      ...base,
      attachments: [
        { filename: "invoice.pdf", content: bytes.toString("base64") },
        { filename: "logo.png", content: b64("png"), contentId: "logo@acme" },
        { filename: "data.bin.unknownext", content: b64("x"), contentType: "application/x-custom; charset=binary" },
      ],
    });
    expect(input.attachments).toEqual([
      { filename: "invoice.pdf", contentType: "application/pdf", contentId: null, content: bytes },
      { filename: "logo.png", contentType: "image/png", contentId: "logo@acme", content: Buffer.from("png") },
      { filename: "data.bin.unknownext", contentType: "application/x-custom; charset=binary", contentId: null, content: Buffer.from("x") },
    ]);
  });

  it("refuses executable types SES refuses, whatever the case, naming the attachment", () => {
    expect(
      refusal({
        attachments: [
          { filename: "ok.pdf", content: b64("x") },
          { filename: "setup.EXE", content: b64("MZ") },
        ],
      }),
    ).toContain("attachments[1].filename: .exe files are executable content the provider refuses to send");
    for (const name of ["run.bat", "x.js", "a.vbs", "b.ps1", "c.msi", "d.scr", "e.jar.cmd"]) {
      expect(refusal({ attachments: [{ filename: name, content: b64("x") }] })).toContain("executable content");
    }
  });

  it("refuses content that is not base64, names with path separators or control characters, bad types and ids", () => {
    expect(refusal({ attachments: [{ filename: "a.txt", content: "not base64!" }] })).toContain("attachments[0].content: must be base64");
    expect(refusal({ attachments: [{ filename: "a.txt", content: "YWJj\nZGVm" }] })).toContain("must be base64");
    expect(refusal({ attachments: [{ filename: "a.txt", content: "" }] })).toContain("attachments[0].content: must not be empty");
    expect(refusal({ attachments: [{ filename: "../etc/passwd", content: b64("x") }] })).toContain(
      "attachments[0].filename: must not contain control characters or path separators",
    );
    expect(refusal({ attachments: [{ filename: "a\r\n.txt", content: b64("x") }] })).toContain("path separators");
    expect(refusal({ attachments: [{ filename: "a.txt", content: b64("x"), contentType: "text" }] })).toContain(
      "attachments[0].contentType: must be a MIME type",
    );
    expect(refusal({ attachments: [{ filename: "a.png", content: b64("x"), contentId: "<logo>" }] })).toContain(
      "attachments[0].contentId: must be a content id",
    );
    expect(
      refusal({
        attachments: [
          { filename: "a.png", content: b64("x"), contentId: "x" },
          { filename: "b.png", content: b64("y"), contentId: "x" },
        ],
      }),
    ).toContain("attachments[1].contentId: x is given more than once");
    expect(refusal({ attachments: [{ filename: "a.txt" }] })).toContain("attachments[0].content: is required");
    expect(refusal({ attachments: [{ filename: "a.txt", content: b64("x"), size: 1 }] })).toContain(
      "attachments[0]: unknown field(s): size",
    );
  });

  it("refuses a message over 40 MB once encoded, before anything is stored", () => {
    // 30 MB of bytes is about 41 MB in base64 with line breaks.
    const content = Buffer.alloc(30 * 1024 * 1024, 7).toString("base64");
    expect(refusal({ attachments: [{ filename: "big.bin", content }] })).toMatch(
      /attachments: the message would be over 40 MB once encoded \(about \d+ MB\)/,
    );
    // 28 MB fits.
    const fits = Buffer.alloc(28 * 1024 * 1024, 7).toString("base64");
    expect(parseSendEmailInput({ ...base, attachments: [{ filename: "big.bin", content: fits }] }).attachments[0]!.content.length).toBe(
      28 * 1024 * 1024,
    );
    expect(ATTACHMENT_LIMITS.maxMessageBytes).toBe(40 * 1024 * 1024);
  });

  it("bounds html and text together at 1 MB: the email row carries them", () => {
    expect(refusal({ html: "x".repeat(600 * 1024), text: "y".repeat(500 * 1024) })).toContain(
      "html: html and text together must be at most 1 MB",
    );
  });
});

describe("parseInProcessSendInput (the SMTP relay's parsed messages)", () => {
  const inProcess = (body: Record<string, unknown>): string => {
    try {
      parseInProcessSendInput({ ...base, ...body });
    } catch (error) {
      expect((error as AppError).code).toBe("validation_failed");
      return (error as AppError).message;
    }
    throw new Error("expected a 422");
  };

  it("takes attachment bytes as Buffers, as they are", () => {
    const content = Buffer.from([0, 1, 2, 255]);
    const input = parseInProcessSendInput({ ...base, attachments: [{ filename: "a.bin", content }] });
    expect(input.attachments[0]).toEqual({ filename: "a.bin", contentType: "application/octet-stream", contentId: null, content });
    expect(input.attachments[0]!.content).toBe(content);
  });

  it("holds Buffers to the same rules and messages: empty, executable, over 40 MB once encoded; a base64 string is not a Buffer", () => {
    expect(inProcess({ attachments: [{ filename: "a.bin", content: Buffer.alloc(0) }] })).toBe(
      "Invalid request: attachments[0].content: must not be empty.",
    );
    expect(inProcess({ attachments: [{ filename: "setup.exe", content: Buffer.from("MZ") }] })).toContain(
      ".exe files are executable content",
    );
    expect(inProcess({ attachments: [{ filename: "big.bin", content: Buffer.alloc(30 * 1024 * 1024, 7) }] })).toMatch(
      /the message would be over 40 MB once encoded/,
    );
    expect(inProcess({ attachments: [{ filename: "a.txt", content: b64("x") }] })).toBe(
      "Invalid request: attachments[0].content: must be a Buffer.",
    );
  });

  it("takes an empty subject (a message without Subject), still refusing line breaks and overlong ones", () => {
    expect(parseInProcessSendInput({ ...base, subject: "" }).subject).toBe("");
    expect(inProcess({ subject: "a\r\nBcc: x@example.com" })).toContain("subject: must not contain line breaks");
    expect(inProcess({ subject: "x".repeat(999) })).toContain("subject: must be at most 998 characters");
    // The REST API still requires one.
    expect(refusal({ subject: "" })).toContain("subject: must not be empty");
  });
});
