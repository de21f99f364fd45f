import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createLogger } from "@svc/logger";
import { createProvider, createSesProvider, EMAIL_ID_TAG, type OutboundEmail, ProviderError, toSesAddress } from "@svc/providers";
import {
  FAKE_AWS_CREDENTIALS,
  type ScriptedAnswer,
  type SesLocal,
  sesAccept,
  sesError,
  startScriptedSes,
  startSesLocal,
} from "../../../test/support/ses.ts";

// The SDK's default credential chain reads these; the local peers accept any signature.
Object.assign(process.env, FAKE_AWS_CREDENTIALS);

const log = createLogger("ses-test", "silent");

function outbound(overrides: Partial<OutboundEmail> = {}): OutboundEmail {
  return {
    emailId: "email_TestTestTestTestTestTest",
    workspaceId: "org_test",
    from: "Acme <hello@acme.example>",
    fromDomain: "acme.example",
    to: ["first@example.com", "Second Person <second@example.com>"],
    cc: [],
    bcc: [],
    replyTo: [],
    subject: "Your receipt, Zoë",
    html: "<p>Thanks for your order ✓</p>",
    text: "Thanks for your order ✓",
    headers: [],
    tags: [],
    attachments: [],
    ...overrides,
  };
}

describe("SES provider against aws-ses-v2-local", () => {
  let emulator: SesLocal;
  beforeAll(async () => {
    emulator = await startSesLocal();
  });
  afterAll(() => emulator.stop());

  it("hands the mail off and the emulator's store holds our subject, bodies and recipients", async () => {
    const provider = createSesProvider({ AWS_REGION: "eu-west-1", SES_ENDPOINT: emulator.url }, log);
    const email = outbound();
    const result = await provider.send(email);
    await provider.close();

    expect(result.providerMessageId).toMatch(/^ses-\d+$/);
    const stored = (await emulator.emails()).find((e) => e.messageId === result.providerMessageId);
    expect(stored).toBeDefined();
    expect(stored!.from).toBe("Acme <hello@acme.example>");
    expect(stored!.destination.to).toEqual(["first@example.com", "Second Person <second@example.com>"]);
    expect(stored!.subject).toBe("Your receipt, Zoë");
    expect(stored!.body.html).toBe("<p>Thanks for your order ✓</p>");
    expect(stored!.body.text).toBe("Thanks for your order ✓");
  });

  it("hands off cc, bcc, reply-to, custom headers and files (one inline), and the store holds each exactly", async () => {
    const provider = createSesProvider({ AWS_REGION: "eu-west-1", SES_ENDPOINT: emulator.url }, log);
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x80, 0x0d, 0x0a]);
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const result = await provider.send(
      outbound({
        cc: ["Carol <carol@example.com>"],
        bcc: ["dave@example.com"],
        replyTo: ["Support <support@acme.example>", "help@acme.example"],
        html: '<p>Invoice <img src="cid:logo@acme"></p>',
        headers: [
          { name: "List-Unsubscribe", value: "<https://acme.example/u/1>" },
          { name: "In-Reply-To", value: "<thread-1@acme.example>" },
          { name: "X-Entity-Ref-ID", value: "42" },
        ],
        tags: [{ name: "category", value: "invoice" }],
        attachments: [
          { filename: "invoice.pdf", contentType: "application/pdf", contentId: null, content: pdf },
          { filename: "logo.png", contentType: "image/png", contentId: "logo@acme", content: png },
        ],
      }),
    );
    await provider.close();
    const stored = (await emulator.emails()).find((e) => e.messageId === result.providerMessageId)!;
    expect(stored.destination).toEqual({
      to: ["first@example.com", "Second Person <second@example.com>"],
      cc: ["Carol <carol@example.com>"],
      bcc: ["dave@example.com"],
    });
    expect(stored.replyTo).toEqual(["Support <support@acme.example>", "help@acme.example"]);
    expect(stored.headers).toEqual([
      { name: "List-Unsubscribe", value: "<https://acme.example/u/1>" },
      { name: "In-Reply-To", value: "<thread-1@acme.example>" },
      { name: "X-Entity-Ref-ID", value: "42" },
    ]);
    expect(stored.attachments).toHaveLength(2);
    expect(Buffer.from(stored.attachments![0]!.content, "base64").equals(pdf)).toBe(true);
    expect(stored.attachments![0]).toMatchObject({
      filename: "invoice.pdf",
      contentType: "application/pdf",
      contentDisposition: "ATTACHMENT",
      size: pdf.length,
    });
    expect(Buffer.from(stored.attachments![1]!.content, "base64").equals(png)).toBe(true);
    expect(stored.attachments![1]).toMatchObject({
      filename: "logo.png",
      contentType: "image/png",
      contentDisposition: "INLINE",
      contentId: "logo@acme",
    });
  });

  it("quotes a display name that is not a phrase of atoms, so SES sees one mailbox with that name", async () => {
    const provider = createSesProvider({ AWS_REGION: "eu-west-1", SES_ENDPOINT: emulator.url }, log);
    const result = await provider.send(outbound({ from: "billing@bank.com, <hello@acme.example>", to: ['"Q \\"R\\" S" <q@example.com>'] }));
    await provider.close();
    const stored = (await emulator.emails()).find((e) => e.messageId === result.providerMessageId);
    expect(stored!.from).toBe('"billing@bank.com," <hello@acme.example>');
    expect(stored!.destination.to).toEqual(['"Q \\"R\\" S" <q@example.com>']);
  });

  it("sends a text-only email without an HTML part", async () => {
    const provider = createSesProvider({ AWS_REGION: "us-east-1", SES_ENDPOINT: emulator.url }, log);
    const result = await provider.send(outbound({ html: null, text: "plain only" }));
    await provider.close();
    const stored = (await emulator.emails()).find((e) => e.messageId === result.providerMessageId);
    expect(stored!.body.text).toBe("plain only");
    expect(stored!.body.html).toBeUndefined();
  });

  it("is what createProvider builds for EMAIL_PROVIDER=ses", async () => {
    const provider = await createProvider(
      {
        EMAIL_PROVIDER: "ses",
        AWS_REGION: "us-east-1",
        SES_ENDPOINT: emulator.url,
        SIMULATOR_SNS_URL: "http://127.0.0.1:9/sns/ses",
        SIMULATOR_KEY_DIR: "unused",
        SIMULATOR_CERT_PORT: 0,
        SIMULATOR_CERT_URL: "http://127.0.0.1:0/unused.pem",
        SIMULATOR_TOPIC_ARN: "arn:aws:sns:us-east-1:000000000000:unused",
        SIMULATOR_RECOVERY_GRACE_MS: 30_000,
        SIMULATOR_RECOVERY_INTERVAL_MS: 30_000,
      },
      log,
    );
    expect(provider.name).toBe("ses");
    const result = await provider.send(outbound({ subject: "via the factory" }));
    await provider.close();
    expect((await emulator.emails()).some((e) => e.messageId === result.providerMessageId && e.subject === "via the factory")).toBe(true);
  });
});

describe("createProvider", () => {
  it("builds the simulator, loaded on demand, for EMAIL_PROVIDER=simulator", async () => {
    const keyDir = await mkdtemp(path.join(os.tmpdir(), "svc-simulator-"));
    try {
      const provider = await createProvider(
        {
          EMAIL_PROVIDER: "simulator",
          AWS_REGION: "us-east-1",
          SIMULATOR_SNS_URL: "http://127.0.0.1:9/sns/ses",
          SIMULATOR_KEY_DIR: keyDir,
          SIMULATOR_CERT_PORT: 0,
          SIMULATOR_CERT_URL: "http://127.0.0.1:0/simulator/SimpleNotificationService-simulator.pem",
          SIMULATOR_TOPIC_ARN: "arn:aws:sns:us-east-1:000000000000:svc-simulator",
          SIMULATOR_RECOVERY_GRACE_MS: 30_000,
          SIMULATOR_RECOVERY_INTERVAL_MS: 30_000,
        },
        log,
      );
      expect(provider.name).toBe("simulator");
      await provider.close();
    } finally {
      await rm(keyDir, { recursive: true, force: true });
    }
  });
});

describe("the request on the wire", () => {
  it("carries the configuration set, our email-id tag and UTF-8 charsets", async () => {
    const peer = await startScriptedSes(() => sesAccept("msg-wire-1"));
    try {
      const provider = createSesProvider({ AWS_REGION: "us-east-1", SES_ENDPOINT: peer.url, SES_CONFIGURATION_SET: "svc-events" }, log);
      const result = await provider.send(outbound({ emailId: "email_WireWireWireWireWireWire" }));
      await provider.close();

      expect(result.providerMessageId).toBe("msg-wire-1");
      expect(peer.requests).toHaveLength(1);
      const request = peer.requests[0]!;
      expect(request.path).toBe("/v2/email/outbound-emails");
      expect(request.body).toEqual({
        FromEmailAddress: "Acme <hello@acme.example>",
        Destination: { ToAddresses: ["first@example.com", "Second Person <second@example.com>"] },
        Content: {
          Simple: {
            Subject: { Data: "Your receipt, Zoë", Charset: "UTF-8" },
            Body: {
              Html: { Data: "<p>Thanks for your order ✓</p>", Charset: "UTF-8" },
              Text: { Data: "Thanks for your order ✓", Charset: "UTF-8" },
            },
          },
        },
        ConfigurationSetName: "svc-events",
        EmailTags: [{ Name: EMAIL_ID_TAG, Value: "email_WireWireWireWireWireWire" }],
      });
    } finally {
      await peer.stop();
    }
  });

  it("passes the caller's tags after our email-id tag, and cc, bcc, reply-to, headers and files as Simple content", async () => {
    const peer = await startScriptedSes(() => sesAccept("msg-wire-tags"));
    try {
      const provider = createSesProvider({ AWS_REGION: "us-east-1", SES_ENDPOINT: peer.url }, log);
      await provider.send(
        outbound({
          emailId: "email_TagsTagsTagsTagsTagsTags",
          cc: ["c@example.com"],
          bcc: ["b@example.com"],
          replyTo: ["r@example.com"],
          headers: [{ name: "X-A", value: "1" }],
          tags: [
            { name: "category", value: "invoice" },
            { name: "tenant", value: "t-42" },
          ],
          attachments: [{ filename: "a.txt", contentType: "text/plain", contentId: null, content: Buffer.from("hello") }],
        }),
      );
      await provider.close();
      const body = peer.requests[0]!.body as Record<string, any>;
      expect(body.EmailTags).toEqual([
        { Name: EMAIL_ID_TAG, Value: "email_TagsTagsTagsTagsTagsTags" },
        { Name: "category", Value: "invoice" },
        { Name: "tenant", Value: "t-42" },
      ]);
      expect(body.Destination).toEqual({
        ToAddresses: ["first@example.com", "Second Person <second@example.com>"],
        CcAddresses: ["c@example.com"],
        BccAddresses: ["b@example.com"],
      });
      expect(body.ReplyToAddresses).toEqual(["r@example.com"]);
      expect(body.Content.Simple.Headers).toEqual([{ Name: "X-A", Value: "1" }]);
      expect(body.Content.Simple.Attachments).toEqual([
        {
          FileName: "a.txt",
          RawContent: Buffer.from("hello").toString("base64"),
          ContentType: "text/plain",
          ContentTransferEncoding: "BASE64",
          ContentDisposition: "ATTACHMENT",
        },
      ]);
    } finally {
      await peer.stop();
    }
  });

  it("leaves ConfigurationSetName out when none is configured", async () => {
    const peer = await startScriptedSes(() => sesAccept("msg-wire-2"));
    try {
      const provider = createSesProvider({ AWS_REGION: "us-east-1", SES_ENDPOINT: peer.url }, log);
      await provider.send(outbound());
      await provider.close();
      expect(peer.requests[0]!.body).not.toHaveProperty("ConfigurationSetName");
    } finally {
      await peer.stop();
    }
  });
});

describe("error mapping with the real SDK", () => {
  const cases: Array<[string, ScriptedAnswer, "transient" | "permanent" | "account_paused" | "quota", string]> = [
    ["throttled (429)", sesError(429, "TooManyRequestsException"), "transient", "TooManyRequestsException"],
    ["daily quota (400 LimitExceeded)", sesError(400, "LimitExceededException"), "transient", "LimitExceededException"],
    ["generic throttling", sesError(400, "Throttling", "Rate exceeded", "body"), "transient", "Throttling"],
    ["SES internal error (500)", sesError(500, "InternalServiceErrorException"), "transient", "InternalServiceErrorException"],
    ["unmodelled 503", { status: 503, body: { message: "Service Unavailable" } }, "transient", "HTTP503"],
    ["message rejected", sesError(400, "MessageRejected", "Email address is not verified."), "permanent", "MessageRejected"],
    ["MAIL FROM not verified", sesError(400, "MailFromDomainNotVerifiedException"), "permanent", "MailFromDomainNotVerifiedException"],
    [
      "the account's sending paused (v2)",
      sesError(400, "SendingPausedException", "paused", "body"),
      "account_paused",
      "SendingPausedException",
    ],
    [
      "the account's sending paused (v1 name)",
      sesError(400, "AccountSendingPausedException", "Account sending paused"),
      "account_paused",
      "AccountSendingPausedException",
    ],
    [
      "the daily quota spent",
      sesError(400, "ThrottlingException", "Daily message quota exceeded.", "body"),
      "quota",
      "ThrottlingException",
    ],
    ["account suspended", sesError(400, "AccountSuspendedException"), "permanent", "AccountSuspendedException"],
    ["bad request", sesError(400, "BadRequestException", "Missing final '@domain'"), "permanent", "BadRequestException"],
    ["configuration set missing (404)", sesError(404, "NotFoundException"), "permanent", "NotFoundException"],
    ["unmodelled 403", sesError(403, "AccessDeniedException"), "permanent", "AccessDeniedException"],
  ];

  for (const [label, answer, kind, code] of cases) {
    it(`${label} → ${kind} ${code}`, async () => {
      const peer = await startScriptedSes(() => answer);
      try {
        const provider = createSesProvider({ AWS_REGION: "us-east-1", SES_ENDPOINT: peer.url }, log);
        const error = await provider.send(outbound()).then(
          () => null,
          (e: unknown) => e,
        );
        await provider.close();
        expect(error).toBeInstanceOf(ProviderError);
        const providerError = error as ProviderError;
        expect(providerError.kind).toBe(kind);
        expect(providerError.code).toBe(code);
        expect(providerError.details).toMatchObject({ provider: "ses", code, httpStatusCode: answer.status });
        // JSON-safe: it becomes the rejected event's payloadJson.
        expect(JSON.parse(JSON.stringify(providerError.details))).toEqual(providerError.details);
        // One request per send: BullMQ, not the SDK, does the retrying.
        expect(peer.requests).toHaveLength(1);
      } finally {
        await peer.stop();
      }
    });
  }

  it("keeps SES's message in the error", async () => {
    const peer = await startScriptedSes(() => sesError(400, "MessageRejected", "Email address is not verified."));
    try {
      const provider = createSesProvider({ AWS_REGION: "us-east-1", SES_ENDPOINT: peer.url }, log);
      const error = (await provider.send(outbound()).catch((e: unknown) => e)) as ProviderError;
      await provider.close();
      expect(error.message).toContain("Email address is not verified.");
      expect(error.details.message).toBe("Email address is not verified.");
    } finally {
      await peer.stop();
    }
  });

  it("a refused connection is transient", async () => {
    const port = await closedPort();
    const provider = createSesProvider({ AWS_REGION: "us-east-1", SES_ENDPOINT: `http://127.0.0.1:${port}` }, log);
    const error = (await provider.send(outbound()).catch((e: unknown) => e)) as ProviderError;
    await provider.close();
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.kind).toBe("transient");
    expect(error.code).toBe("ECONNREFUSED");
  });

  it("an answer that never comes times out as transient", async () => {
    const peer = await startScriptedSes(() => ({ status: 200, hang: true }));
    try {
      const provider = createSesProvider({ AWS_REGION: "us-east-1", SES_ENDPOINT: peer.url }, log, {
        requestTimeoutMs: 300,
      });
      const error = (await provider.send(outbound()).catch((e: unknown) => e)) as ProviderError;
      await provider.close();
      expect(error).toBeInstanceOf(ProviderError);
      expect(error.kind).toBe("transient");
      expect(error.code).toBe("TimeoutError");
    } finally {
      await peer.stop();
    }
  });
});

describe("toSesAddress", () => {
  it("leaves ASCII addresses alone", () => {
    expect(toSesAddress("a@example.com")).toBe("a@example.com");
    expect(toSesAddress("Acme Inc <hello@acme.example>")).toBe("Acme Inc <hello@acme.example>");
    expect(toSesAddress('"Acme, Inc" <hello@acme.example>')).toBe('"Acme, Inc" <hello@acme.example>');
  });

  it("quotes an ASCII display name that is not a phrase of atoms, escaping quotes and backslashes", () => {
    expect(toSesAddress("billing@bank.com, <hello@acme.example>")).toBe('"billing@bank.com," <hello@acme.example>');
    expect(toSesAddress("A (B) <a@acme.example>")).toBe('"A (B)" <a@acme.example>');
    expect(toSesAddress('"Say \\"hi\\"" <a@acme.example>')).toBe('"Say \\"hi\\"" <a@acme.example>');
    expect(toSesAddress('"Back\\\\slash" <a@acme.example>')).toBe('"Back\\\\slash" <a@acme.example>');
  });

  it("encodes non-ASCII display names as RFC 2047 words and domains as punycode", () => {
    expect(toSesAddress("Zoë <zoe@example.com>")).toBe(`=?UTF-8?B?${Buffer.from("Zoë").toString("base64")}?= <zoe@example.com>`);
    expect(toSesAddress("zoe@exämple.com")).toBe("zoe@xn--exmple-cua.com");
  });
});

/** A port nothing listens on: bind one, note it, close it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
