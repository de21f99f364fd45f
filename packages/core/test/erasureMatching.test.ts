import { describe, expect, it } from "@jest/globals";
import { ErasedAddresses, ErasureTokens } from "@svc/core";

/** Finding erased addresses: whole addresses only, any case, in recipient lists and in text. */
const tokens = new ErasureTokens("unit-test-secret");
const erased = new ErasedAddresses(["ann@example.com", "o'neil+tag@example.org"], tokens);

describe("erased addresses", () => {
  it("makes one stable, irreversible-looking token per address, under the install's key", () => {
    const token = tokens.tokenOf("ann@example.com");
    expect(token).toMatch(/^erased-[0-9a-f]{64}@erased\.invalid$/);
    expect(tokens.tokenOf("ann@example.com")).toBe(token);
    expect(new ErasureTokens("another-install").tokenOf("ann@example.com")).not.toBe(token);
  });

  it("finds a recipient by its bare address, whatever its case and display name", () => {
    expect(erased.erasedOf("ANN@Example.com")).toBe("ann@example.com");
    expect(erased.erasedOf("Ann Smith <ann@example.com>")).toBe("ann@example.com");
    expect(erased.erasedOf("joann@example.com")).toBeNull();
    expect(erased.redactRecipients(["Ann <ann@example.com>", "bob@example.com"])).toEqual([
      tokens.tokenOf("ann@example.com"),
      "bob@example.com",
    ]);
  });

  it("replaces whole addresses in text, never part of another address", () => {
    const pattern = erased.pattern();
    const text = "To ANN@example.com, joann@example.com, ann@example.com.au and <o'neil+tag@example.org>.";
    expect(erased.redactText(text, pattern)).toBe(
      `To ${tokens.tokenOf("ann@example.com")}, joann@example.com, ann@example.com.au and <${tokens.tokenOf("o'neil+tag@example.org")}>.`,
    );
    expect(erased.mentioned("nothing here but joann@example.com", pattern)).toBe(false);
    expect(erased.mentioned('{"destination":["ann@example.com"]}', pattern)).toBe(true);
  });
});
