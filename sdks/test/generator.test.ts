import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import { type OpenApiDocument, sdkModel } from "../generator/fromOpenApi.ts";
import { goName, goSource } from "../generator/go.ts";
import { javaConstant, javaField, javaModelsSource, javaOperationsSource } from "../generator/java.ts";
import { phpSource } from "../generator/php.ts";
import { pythonSource } from "../generator/python.ts";
import { rbsSource, rubyAlias, rubySource } from "../generator/ruby.ts";
import { run } from "./runners.ts";

const document: OpenApiDocument = JSON.parse(
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/openapi.json"), "utf8"),
);

/** A small document with the shapes the emitters must handle. */
const sample: OpenApiDocument = {
  info: { title: "t", version: "1" },
  security: [{ apiKey: [] }],
  components: {
    schemas: {
      Queued: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      Entry: {
        anyOf: [
          { $ref: "#/components/schemas/Queued" },
          { type: "object", properties: { error: { type: "string" }, code: { type: "string", enum: ["a", "b"] } }, required: ["error"] },
        ],
      },
      Thing: {
        type: "object",
        properties: {
          note: { anyOf: [{ type: "string" }, { type: "null" }] },
          tags: { type: "array", items: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } },
          headers: { type: "object", additionalProperties: { type: "string" } },
        },
        required: ["note"],
      },
    },
  },
  paths: {
    "/things": {
      post: {
        operationId: "makeThing",
        parameters: [{ name: "Idempotency-Key", in: "header", schema: { type: "string" } }],
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
        responses: { "201": { content: { "application/json": { schema: { $ref: "#/components/schemas/Entry" } } } } },
      },
    },
    "/things/{id}/raw": {
      get: {
        operationId: "getRaw",
        security: [],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": { content: { "message/rfc822": { schema: { type: "string" } } } } },
      },
    },
  },
};

describe("the SDK generator", () => {
  it("models every operation of the document, with the retry and idempotency rules", () => {
    const model = sdkModel(document);
    const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(model.operations.map((op) => op.id).sort()).toEqual([...ids].sort());
    expect(model.operations.filter((op) => op.idempotencyKey).map((op) => op.id)).toEqual(["sendEmail", "sendEmailBatch"]);
    const byId = Object.fromEntries(model.operations.map((op) => [op.id, op]));
    expect(byId.createWebhookSubscription).toMatchObject({ safeToRepeat: false, auth: true });
    expect(byId.getEmail).toMatchObject({ safeToRepeat: true, pathParams: [expect.objectContaining({ name: "id" })] });
    expect(byId.getInboundRaw!.response.kind).toBe("bytes");
    expect(byId.exportAuditLog!.response.kind).toBe("text");
    expect(byId.getHealth!.auth).toBe(false);
    expect(new Set(model.types.map((type) => type.name)).size).toBe(model.types.length);
    expect(model.errorCodes).toEqual(expect.arrayContaining(["validation_failed", "rate_limited"]));
  });

  it("hoists inline objects under names of their own, keeps null as nullable, and merges object unions for Go", () => {
    const model = sdkModel(sample);
    expect(model.types.map((type) => type.name).sort()).toEqual(["Entry", "EntryVariant2", "Queued", "Thing", "ThingTag"]);
    const thing = model.types.find((type) => type.name === "Thing");
    expect(thing).toMatchObject({
      kind: "object",
      fields: [
        { name: "note", required: true, type: { kind: "scalar", scalar: "string", nullable: true } },
        { name: "tags", required: false, type: { kind: "array", items: { kind: "named", name: "ThingTag" } } },
        { name: "headers", required: false, type: { kind: "map", values: { kind: "scalar", scalar: "string" } } },
      ],
    });
    expect(model.operations).toEqual([
      expect.objectContaining({ id: "makeThing", idempotencyKey: true, safeToRepeat: true, auth: true }),
      expect.objectContaining({ id: "getRaw", safeToRepeat: true, auth: false, response: { kind: "bytes", type: null } }),
    ]);

    const go = goSource(model);
    expect(go).toContain('Note *string `json:"note"`');
    expect(go).toContain('Tags []ThingTag `json:"tags,omitempty"`');
    expect(go).toMatch(/type Entry struct \{[\s\S]*ID \*string `json:"id,omitempty"`[\s\S]*Error \*string `json:"error,omitempty"`/);
    const python = pythonSource(model);
    expect(python).toContain('"note": Optional[str],');
    expect(python).toContain('"tags": NotRequired[List["ThingTag"]],');
    expect(python).toContain('Entry = Union["Queued", "EntryVariant2"]');
  });

  it("names Go identifiers with Go's initialisms", () => {
    expect(goName("apiKeyId")).toBe("APIKeyID");
    expect(goName("replyTo")).toBe("ReplyTo");
    expect(goName("html")).toBe("HTML");
    expect(goName("Idempotency-Key")).toBe("IdempotencyKey");
  });
});

// PHP and Ruby (sdks/php, sdks/ruby)
describe("the PHP and Ruby emitters", () => {
  it("type the sample's shapes as PHPStan array shapes and RBS records, nullable and optional kept apart", () => {
    const model = sdkModel(sample);
    const php = phpSource(model);
    expect(php).toContain(" * @phpstan-type Thing array{note: ?string, tags?: list<ThingTag>, headers?: array<string, string>}");
    expect(php).toContain(" * @phpstan-type Entry Queued|EntryVariant2");
    expect(php).toContain(" * @phpstan-type EntryVariant2 array{error: string, code?: 'a'|'b'}");
    const makeThing = php.slice(php.indexOf("'makeThing' => ["), php.indexOf("'getRaw' => ["));
    expect(makeThing).toContain("'idempotencyKey' => true,");
    expect(makeThing).toContain("'safeToRepeat' => true,");
    const rbs = rbsSource(model);
    expect(rbs).toContain("type thing = { note: String?, ?tags: Array[thing_tag], ?headers: Hash[Symbol, String] }");
    expect(rbs).toContain("type entry = queued | entry_variant2");
    const ruby = rubySource(model);
    expect(ruby).toMatch(/"getRaw" => Operation\.new\([^)]*response: :bytes,\s+auth: false,/);
    expect(rubyAlias("EmailWithEvents")).toBe("email_with_events");
    expect(rubyAlias("ApiKeyID")).toBe("api_key_id");
  });

  it("write every operation of the document, in files PHP and Ruby parse", async () => {
    const model = sdkModel(document);
    const php = phpSource(model);
    const ruby = rubySource(model);
    for (const op of model.operations) {
      expect(php).toContain(`'${op.id}' => [`);
      expect(ruby).toContain(`"${op.id}" => Operation.new(`);
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), "svc-sdk-emit-"));
    try {
      writeFileSync(path.join(dir, "Generated.php"), php);
      writeFileSync(path.join(dir, "generated.rb"), ruby);
      // Loading them proves more than a syntax check: the constants evaluate.
      const phpLoad = await run(
        "php",
        ["-r", "require $argv[1]; echo count(SvcEmail\\Generated::OPERATIONS);", path.join(dir, "Generated.php")],
        dir,
        {},
      );
      expect(phpLoad.output).toBe(String(model.operations.length));
      const rubyLoad = await run(
        "ruby",
        ["-e", "require ARGV[0]; print SvcEmail::OPERATIONS.size", path.join(dir, "generated.rb")],
        dir,
        {},
      );
      expect(rubyLoad.output).toBe(String(model.operations.length));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// --- Java (sdks/generator/java.ts) ---

describe("the SDK generator's Java emitter", () => {
  it("writes one table row per operation of the document, and drops a removed one", () => {
    const model = sdkModel(document);
    const rows = (source: string) => [...source.matchAll(/new Operation\("([A-Za-z]+)"/g)].map((match) => match[1]!);
    expect(rows(javaOperationsSource(model)).sort()).toEqual(model.operations.map((op) => op.id).sort());
    const without = { ...model, operations: model.operations.filter((op) => op.id !== "cancelEmail") };
    expect(rows(javaOperationsSource(without))).not.toContain("cancelEmail");
    expect(javaOperationsSource(model)).toContain(
      'new Operation("sendEmail", "Emails", "POST", "/emails", List.of(), List.of(), true, true, "json", true, true)',
    );
  });

  it("emits objects as Jackson classes, merges object unions, resolves aliases, and writes query parameters", () => {
    const java = javaModelsSource(sdkModel(sample));
    expect(java).toContain('@JsonProperty("note")\n    private String note;');
    expect(java).toContain("private List<ThingTag> tags;");
    expect(java).toContain("private Map<String, String> headers;");
    expect(java).toContain("public Thing setNote(String note) {");
    // Entry is a union of two objects: one class holding the fields of both, all optional.
    expect(java).toMatch(
      /public static final class Entry \{[\s\S]*private String id;[\s\S]*private String error;[\s\S]*private String code;/,
    );
    const real = javaModelsSource(sdkModel(document));
    expect(real).toContain('public static final String DELIVERY_DELAYED = "delivery_delayed";');
    expect(real).toMatch(/public static final class ListTemplatesResponse \{[\s\S]*?private List<Template> data;/);
    expect(real).toMatch(/public static final class ListEmailsParams \{[\s\S]*if \(createdAfter != null\) query\.put\("createdAfter"/);
  });

  it("names Java identifiers and constants", () => {
    expect(javaField("email_events")).toBe("emailEvents");
    expect(javaField("Idempotency-Key")).toBe("idempotencyKey");
    expect(javaField("default")).toBe("default_");
    expect(javaConstant("rendering_failed")).toBe("RENDERING_FAILED");
    expect(javaConstant("email.event")).toBe("EMAIL_EVENT");
  });
});
