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
    });
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
