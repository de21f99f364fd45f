import { describe, expect, it } from "@jest/globals";
import { UnsubscribeLinks } from "../src/unsubscribe/links.ts";
import { MAX_UNSUBSCRIBE_TOKEN_LENGTH, UnsubscribeTokens } from "../src/unsubscribe/token.ts";

const tokens = new UnsubscribeTokens("an install secret of at least thirty-two bytes");
const claims = { workspaceId: "org_a", address: "reader@example.com", topic: "newsletter", emailId: "email_1" };

describe("unsubscribe tokens", () => {
  it("verify what they sign, and do not show the recipient", () => {
    const token = tokens.sign(claims);
    expect(tokens.verify(token)).toEqual(claims);
    expect(token).not.toContain("reader");
    expect(Buffer.from(token.slice(3), "base64url").toString("latin1")).not.toContain("reader@example.com");
    // A fresh IV each time: two links for the same claims do not match.
    expect(tokens.sign(claims)).not.toBe(token);
  });

  it("refuse every altered byte, another install's tokens, and junk", () => {
    const token = tokens.sign(claims);
    const bytes = Buffer.from(token.slice(3), "base64url");
    for (let i = 0; i < bytes.length; i++) {
      const altered = Buffer.from(bytes);
      altered[i]! ^= 0x01;
      expect(tokens.verify(`u1.${altered.toString("base64url")}`)).toBeNull();
    }
    expect(tokens.verify(`u1.${bytes.subarray(0, bytes.length - 1).toString("base64url")}`)).toBeNull();
    expect(new UnsubscribeTokens("another install's secret of 32+ bytes").verify(token)).toBeNull();
    for (const junk of ["", "u1.", "u1.!!!", `u2.${token.slice(3)}`, `u1.${"A".repeat(MAX_UNSUBSCRIBE_TOKEN_LENGTH)}`]) {
      expect(tokens.verify(junk)).toBeNull();
    }
  });

  it("refuse a secret shorter than 32 bytes", () => {
    expect(() => new UnsubscribeTokens("short")).toThrow("at least 32 bytes");
  });

  it("make headers that fit one line for the longest claims", () => {
    const links = new UnsubscribeLinks(tokens, "https://mail.example.com/");
    const longest = {
      workspaceId: "org_a",
      emailId: "email_1",
      topic: "t".repeat(64),
      recipient: `${"a".repeat(64)}@${"d".repeat(185)}.com`,
    };
    const [list, post] = links.headersFor(longest);
    expect(list!.value).toMatch(/^<https:\/\/mail\.example\.com\/unsubscribe\/u1\.[A-Za-z0-9_-]+>$/);
    expect(list!.name.length + list!.value.length).toBeLessThan(996);
    expect(post).toEqual({ name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" });
    const token = /\/unsubscribe\/(.+)>$/.exec(list!.value)![1]!;
    expect(tokens.verify(token)?.address).toBe(longest.recipient);
    expect(links.headersFor({ ...longest, recipient: "not an address" })).toEqual([]);
  });
});
