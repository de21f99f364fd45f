import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import { verifyWebhook } from "@svc/webhooks";

// sdks/conformance/webhook-vectors.json is what every SDK's verifier is tested on; this keeps it
// true to the service's own verifier (packages/webhooks), which the dispatcher's signer shares.

interface VectorCase {
  id: string;
  headers: Record<string, string>;
  body: string;
  secret: string;
  now: number;
  expect: string;
}

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../conformance/webhook-vectors.json");
const cases: VectorCase[] = JSON.parse(readFileSync(file, "utf8")).cases;

describe("the SDKs' webhook vectors", () => {
  it.each(cases.map((c) => [c.id, c] as const))("%s: the service's verifier agrees", (_id, c) => {
    const verdict = verifyWebhook({ rawBody: c.body, headers: c.headers, secret: c.secret, now: c.now * 1000 });
    expect(verdict.ok ? verdict.scheme : verdict.reason).toBe(c.expect);
  });
});
