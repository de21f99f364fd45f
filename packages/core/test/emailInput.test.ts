import { describe, expect, it } from "@jest/globals";
import { AppError, parseMailbox, parseSendEmailInput } from "@svc/core";

describe("parseMailbox", () => {
  it("reads bare addresses and display names, quoted or not, lower-casing only the domain", () => {
    expect(parseMailbox("Hello@Acme.COM")).toEqual({ name: null, address: "Hello@Acme.COM", domain: "acme.com" });
    expect(parseMailbox("Acme <hi@acme.com>")).toEqual({ name: "Acme", address: "hi@acme.com", domain: "acme.com" });
    expect(parseMailbox('"Acme, Inc." <hi@mail.acme.com>')).toEqual({
      name: "Acme, Inc.",
      address: "hi@mail.acme.com",
      domain: "mail.acme.com",
    });
    expect(parseMailbox("  <hi@acme.com>  ")).toEqual({ name: null, address: "hi@acme.com", domain: "acme.com" });
  });

  it("reads a repeated value once and shares the frozen result, past its bound of remembered values too", () => {
    const first = parseMailbox("Acme <hi@acme.com>");
    expect(parseMailbox("Acme <hi@acme.com>")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    for (let i = 0; i < 1_500; i++) expect(parseMailbox(`n${i}@acme.com`)?.address).toBe(`n${i}@acme.com`);
    expect(parseMailbox("Acme <hi@acme.com>")).toEqual({ name: "Acme", address: "hi@acme.com", domain: "acme.com" });
    expect(parseMailbox("Acme <hi@acme.com")).toBeNull();
    expect(parseMailbox("Acme <hi@acme.com")).toBeNull();
  });

  it("refuses what is not one mailbox or could inject a header", () => {
    for (const bad of [
      "",
      "acme",
      "Acme <>",
      "Acme <hi@acme.com",
      "a@b.com, c@d.com",
      "A <b> <c@d.com>",
      "Eve\r\nBcc: x@y.com <e@acme.com>",
      "Eve\t<e@acme.com>",
      `A <${"x".repeat(250)}@acme.com>`,
    ]) {
      expect(parseMailbox(bad)).toBeNull();
    }
  });
});

describe("parseSendEmailInput", () => {
  it("normalises to a list of trimmed recipients and null for absent or empty bodies", () => {
    expect(parseSendEmailInput({ from: " a@b.com ", to: " c@d.com ", subject: "S", text: "t", html: "" })).toEqual({
      from: "a@b.com",
      fromDomain: "b.com",
      to: ["c@d.com"],
      cc: [],
      bcc: [],
      replyTo: [],
      subject: "S",
      html: null,
      text: "t",
      headers: [],
      tags: [],
      attachments: [],
      scheduledAt: null,
      template: null,
      unsubscribeTopic: null,
    });
  });

  it("reads unsubscribe's topic, and refuses it with several recipients, a bad topic or a caller's List-Unsubscribe", () => {
    const base = { from: "a@b.com", to: "c@d.com", subject: "S", text: "t" };
    expect(parseSendEmailInput({ ...base, unsubscribe: { topic: "news.weekly" } }).unsubscribeTopic).toBe("news.weekly");
    const refused = (body: object) => {
      try {
        parseSendEmailInput(body);
      } catch (error) {
        return (error as AppError).message;
      }
      throw new Error("expected a validation error");
    };
    expect(refused({ ...base, to: ["c@d.com", "e@f.com"], unsubscribe: { topic: "news" } })).toContain(
      "unsubscribe: needs exactly one recipient",
    );
    expect(refused({ ...base, bcc: ["e@f.com"], unsubscribe: { topic: "news" } })).toContain("unsubscribe: needs exactly one recipient");
    expect(refused({ ...base, unsubscribe: { topic: "" } })).toContain("unsubscribe.topic: must not be empty");
    expect(refused({ ...base, unsubscribe: { topic: "t".repeat(65) } })).toContain("unsubscribe.topic: must be at most 64 characters");
    expect(refused({ ...base, unsubscribe: { topic: "news", extra: 1 } })).toContain("unknown field(s): extra");
    expect(refused({ ...base, unsubscribe: { topic: "news" }, headers: { "list-unsubscribe-post": "x" } })).toContain(
      "List-Unsubscribe headers are set by the service",
    );
    const fourteen = Object.fromEntries(Array.from({ length: 14 }, (_, n) => [`X-H${n}`, "v"]));
    expect(refused({ ...base, unsubscribe: { topic: "news" }, headers: fourteen })).toContain("at most 13 headers with unsubscribe");
    // Without unsubscribe, a caller's own List-Unsubscribe header goes as before.
    expect(parseSendEmailInput({ ...base, headers: { "List-Unsubscribe": "<mailto:u@d.com>" } }).headers).toHaveLength(1);
  });

  it("names every invalid field in one 422", () => {
    try {
      parseSendEmailInput({ from: "x", to: ["ok@d.com", "bad"], subject: "" });
      throw new Error("expected a validation error");
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(422);
      expect((error as AppError).message).toMatch(/from: .*; to\[1\]: .*; subject: must not be empty; html: at least one of html or text/);
    }
  });
});
