import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import { OPERATION_METHODS, operationsWithoutMethod, Svc } from "../src/index.ts";

// Every operation of docs/openapi.json has a method on Svc (OPERATION_METHODS names it, and it
// exists); the conformance suite runs the same check against a document with one operation more.

const document = JSON.parse(
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../docs/openapi.json"), "utf8"),
) as { paths: Record<string, Record<string, { operationId?: string }>> };
const client = new Svc({ apiKey: "svc_test_x", baseUrl: "http://127.0.0.1:9" });

describe("the TypeScript SDK's coverage of the API", () => {
  it("has a method for every operation of the document, and names no operation the document lacks", () => {
    expect(operationsWithoutMethod(document, client)).toEqual([]);
    const documented = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(Object.keys(OPERATION_METHODS).sort()).toEqual([...documented].sort());
  });

  it("names an operation the SDK lacks, and one whose method is gone", () => {
    const extra = { paths: { ...document.paths, "/emails/{id}/archive": { post: { operationId: "archiveEmail" } } } };
    expect(operationsWithoutMethod(extra, client)).toEqual(["archiveEmail"]);
    const withoutCancel = { ...client, emails: Object.assign(Object.create(client.emails), { cancel: undefined }) };
    expect(operationsWithoutMethod(document, withoutCancel)).toEqual(["cancelEmail"]);
  });
});
