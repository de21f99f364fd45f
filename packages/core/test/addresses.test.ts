import { describe, expect, it } from "@jest/globals";
import { bareAddress, parseAddress, parseMailbox, suppressionKey } from "@svc/core";

/**
 * One reading of `Name <address>` for every caller (the API's validation, suppressions, test
 * recipients, the from-domain, the simulator, SES). These are the values on which the regular
 * expressions it replaced disagreed.
 */
describe("parseAddress", () => {
  it("reads a bare address, an address in brackets and a named one", () => {
    expect(parseAddress(" a@b.com ")).toEqual({ name: null, address: "a@b.com" });
    expect(parseAddress("<a@b.com>")).toEqual({ name: null, address: "a@b.com" });
    expect(parseAddress("Ann Example <a@b.com>")).toEqual({ name: "Ann Example", address: "a@b.com" });
  });

  it("reads a quoted name holding < > or a comma as a name, and the address after it", () => {
    expect(parseAddress('"a <b@evil.com>" <c@d.com>')).toEqual({ name: "a <b@evil.com>", address: "c@d.com" });
    expect(parseAddress('"Doe, Jane" <jane@d.com>')).toEqual({ name: "Doe, Jane", address: "jane@d.com" });
    expect(parseAddress('"Say \\"hi\\"" <a@b.com>')).toEqual({ name: 'Say "hi"', address: "a@b.com" });
    // Once, the simulator took the first <…> here (b@evil.com) and the API refused it.
    expect(bareAddress('"a <b@evil.com>" <c@d.com>')).toBe("c@d.com");
  });

  it("takes a comment beside a bare address as its name; in front of <…> it is part of the name", () => {
    expect(parseAddress("ann@x.com (Ann)")).toEqual({ name: "Ann", address: "ann@x.com" });
    expect(parseAddress("A (B) <a@x.com>")).toEqual({ name: "A (B)", address: "a@x.com" });
    expect(parseAddress("Ann <a@x.com> (work)")).toEqual({ name: "Ann", address: "a@x.com" });
    expect(suppressionKey("Ann@X.com (Ann)")).toBe("ann@x.com");
  });

  it("refuses a missing or stray bracket, a second address, and words around a bare address", () => {
    for (const bad of [
      "Acme <hi@acme.com",
      "Acme hi@acme.com>",
      "Ann <a@b.com>>",
      "x <a@b.com> y",
      "A <b> <c@d.com>",
      "a@b.com, c@d.com",
      "Group: a@b.com, c@d.com;",
      "Name a@b.com",
      '"unterminated <a@b.com>',
      "Ann (open <a@b.com>",
      'Ann "x" <a@b.com>',
      "Eve\r\nBcc: x@y.com <e@acme.com>",
      "",
    ]) {
      expect([bad, parseAddress(bad)]).toEqual([bad, null]);
    }
    // What is not one mailbox is compared as written, so it matches nothing stored.
    expect(bareAddress("Acme <hi@acme.com")).toBe("acme <hi@acme.com");
    expect(suppressionKey("Acme <hi@acme.com")).toBeNull();
  });

  it("keeps an address's case; comparisons and domains are lower-cased", () => {
    expect(parseAddress("Ann <Ann@Example.COM>")).toEqual({ name: "Ann", address: "Ann@Example.COM" });
    expect(bareAddress("Ann <Ann@Example.COM>")).toBe("ann@example.com");
    expect(parseMailbox("Ann <Ann@Example.COM>")).toEqual({ name: "Ann", address: "Ann@Example.COM", domain: "example.com" });
  });

  it("parseMailbox (the API's from and replyTo) adds its limits: a valid address, a non-empty name", () => {
    expect(parseMailbox('"a <b>" <c@d.com>')).toEqual({ name: "a <b>", address: "c@d.com", domain: "d.com" });
    expect(parseMailbox("ann@x.com (Ann)")).toEqual({ name: "Ann", address: "ann@x.com", domain: "x.com" });
    expect(parseMailbox('"" <c@d.com>')).toBeNull();
    expect(parseMailbox("Ann <not-an-address>")).toBeNull();
    expect(parseMailbox(`${"n".repeat(201)} <c@d.com>`)).toBeNull();
  });
});
