import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import { MAX_AGE_SECONDS, MAX_FUTURE_SECONDS, verifyWebhook } from "@svc/webhooks";
import { run } from "./runners.ts";

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

const sdks = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const file = path.join(sdks, "conformance/webhook-vectors.json");
const cases: VectorCase[] = JSON.parse(readFileSync(file, "utf8")).cases;

describe("the SDKs' webhook vectors", () => {
  it.each(cases.map((c) => [c.id, c] as const))("%s: the service's verifier agrees", (_id, c) => {
    const verdict = verifyWebhook({ rawBody: c.body, headers: c.headers, secret: c.secret, now: c.now * 1000 });
    expect(verdict.ok ? verdict.scheme : verdict.reason).toBe(c.expect);
  });
});

// PHP and Ruby (sdks/php, sdks/ruby): each SDK's own verifier on the same vectors, one case per
// line of output, so that a verdict differing from the service's names its case here too.
describe("the PHP and Ruby verifiers on the vectors", () => {
  const verdicts = (output: string) =>
    Object.fromEntries(
      output
        .trim()
        .split("\n")
        .map((line) => line.split(" ")),
    );
  const expected = Object.fromEntries(cases.map((c) => [c.id, c.expect]));

  it("PHP: SvcEmail\\Webhook gives every case its verdict", async () => {
    const script = `require $argv[1];
foreach (json_decode(file_get_contents($argv[2]), true)['cases'] as $c) {
  try { $v = SvcEmail\\Webhook::verifySignature($c['body'], $c['headers'], $c['secret'], $c['now']); }
  catch (SvcEmail\\Exception\\WebhookVerificationException $e) { $v = $e->reason; }
  echo $c['id'], ' ', $v, "\\n";
}`;
    const result = await run("php", ["-r", script, path.join(sdks, "php/autoload.php"), file], sdks, {});
    expect(verdicts(result.output)).toEqual(expected);
  });

  it("Ruby: SvcEmail::Webhook gives every case its verdict", async () => {
    const script = `require "svc_email"; require "json"
JSON.parse(File.read(ARGV[0]))["cases"].each do |c|
  v = begin
    SvcEmail::Webhook.verify_signature(c["body"], c["headers"], c["secret"], now: c["now"])
  rescue SvcEmail::WebhookVerificationError => e
    e.reason
  end
  puts "#{c["id"]} #{v}"
end`;
    const result = await run("ruby", ["-I", path.join(sdks, "ruby/lib"), "-e", script, file], sdks, {});
    expect(verdicts(result.output)).toEqual(expected);
  });
});

// --- Java: its verifier (sdks/java, run over these vectors by its own `webhook-vectors` test) ---

describe("the Java SDK's webhook verifier", () => {
  const source = readFileSync(path.resolve(path.dirname(file), "../java/src/main/java/io/github/svcemail/Webhooks.java"), "utf8");

  it("refuses for exactly the reasons the vectors exercise (the body's own check aside), so each refusal path is tested", () => {
    const javaReasons = new Set([...source.matchAll(/refuse\(\s*"([a-z_]+)"/g)].map((match) => match[1]!));
    javaReasons.delete("malformed_body"); // constructEvent's check of the verified body, not of the signature
    const vectorReasons = new Set(cases.map((c) => c.expect).filter((expect) => expect !== "service" && expect !== "standard"));
    expect([...javaReasons].sort()).toEqual([...vectorReasons].sort());
  });

  it("accepts the service's own timestamp window", () => {
    expect(source).toMatch(new RegExp(`MAX_AGE = Duration\\.ofSeconds\\(${MAX_AGE_SECONDS}\\)`));
    expect(source).toMatch(new RegExp(`MAX_FUTURE = Duration\\.ofSeconds\\(${MAX_FUTURE_SECONDS}\\)`));
  });
});
