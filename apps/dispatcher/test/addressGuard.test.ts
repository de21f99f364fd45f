import type { LookupAddress } from "node:dns";
import { describe, expect, test } from "@jest/globals";
import { guardedLookup, RefusedAddressError, refuseBeforeConnect } from "../src/addressGuard.ts";

/** A resolver that answers from a table, standing in for DNS (including a rebinding answer). */
function resolverFrom(table: Record<string, LookupAddress[]>) {
  return (hostname: string, _options: unknown, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => {
    const answer = table[hostname];
    if (!answer) {
      const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      error.code = "ENOTFOUND";
      return callback(error, []);
    }
    callback(null, answer);
  };
}

const table: Record<string, LookupAddress[]> = {
  "public.example": [{ address: "93.184.216.34", family: 4 }],
  "dual.example": [
    { address: "93.184.216.34", family: 4 },
    { address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 },
  ],
  "rebound.example": [{ address: "127.0.0.1", family: 4 }],
  "metadata.example": [{ address: "169.254.169.254", family: 4 }],
  "mixed.example": [
    { address: "93.184.216.34", family: 4 },
    { address: "10.1.2.3", family: 4 },
  ],
  "mapped.example": [{ address: "::ffff:192.168.1.1", family: 6 }],
  "ula.example": [{ address: "fd00:ec2::254", family: 6 }],
};

function lookup(hostname: string, all: boolean): Promise<{ error: NodeJS.ErrnoException | null; result: unknown }> {
  const fn = guardedLookup(resolverFrom(table) as never);
  return new Promise((resolve) => {
    fn(hostname, { all }, (error, address, family) => resolve({ error, result: all ? address : { address, family } }));
  });
}

describe("guardedLookup (runs at connect time on the answer the socket uses)", () => {
  test("passes public answers through, in both callback forms", async () => {
    expect(await lookup("public.example", false)).toEqual({ error: null, result: { address: "93.184.216.34", family: 4 } });
    expect(await lookup("dual.example", true)).toEqual({ error: null, result: table["dual.example"] });
  });

  test.each([
    ["rebound.example", /127\.0\.0\.1.*loopback/],
    ["metadata.example", /169\.254\.169\.254.*cloud metadata/],
    ["mixed.example", /10\.1\.2\.3.*private/],
    ["mapped.example", /::ffff:192\.168\.1\.1.*private/],
    ["ula.example", /fd00:ec2::254.*cloud metadata/],
  ])("refuses %s", async (hostname, message) => {
    const { error } = await lookup(hostname, true);
    expect(error).toBeInstanceOf(RefusedAddressError);
    expect(error?.message).toMatch(message);
    expect(error?.code).toBe("ERR_WEBHOOK_ADDRESS_REFUSED");
  });

  test("passes DNS errors on", async () => {
    const { error } = await lookup("missing.example", false);
    expect(error?.code).toBe("ENOTFOUND");
  });
});

describe("refuseBeforeConnect (what needs no lookup)", () => {
  test.each([
    ["http://93.184.216.34/hook", /only https/],
    ["https://127.0.0.1:8443/hook", /loopback/],
    ["https://[::1]/hook", /loopback/],
    ["https://[::ffff:10.0.0.1]/hook", /private/],
    ["https://169.254.169.254/latest/meta-data", /cloud metadata/],
    ["https://100.64.0.1/", /CGNAT/],
    ["https://localhost:3000/", /loopback name/],
    ["https://2130706433/", /loopback/],
  ])("refuses %s", (url, message) => {
    expect(refuseBeforeConnect(new URL(url))?.message).toMatch(message);
  });

  test("lets public https URLs through to the connect-time check", () => {
    expect(refuseBeforeConnect(new URL("https://hooks.example.com/svc"))).toBeNull();
    expect(refuseBeforeConnect(new URL("https://93.184.216.34/hook"))).toBeNull();
  });
});
