import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import request from "supertest";
import { buildOpenApiDocument } from "../src/openapi/document.ts";

/**
 * The contract check of the API test suite: every answer a test receives through supertest
 * from an API started by the harness is checked against the OpenAPI document (status, media
 * type, body schema, headers). A mismatch fails the request itself with a message naming the
 * operation, so a response that drifts from the document fails the test that saw it.
 */

type Json = Record<string, unknown>;
interface DocumentedResponse {
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, { required?: boolean; schema?: unknown }>;
}
interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  responses: Record<string, DocumentedResponse>;
}

export const document = buildOpenApiDocument() as unknown as Json & { paths: Record<string, Record<string, Json>> };

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addSchema(document, "openapi.json");

const METHODS = ["get", "post", "put", "patch", "delete"];

export const operations: Operation[] = Object.entries(document.paths).flatMap(([template, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({
    method,
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
    responses: (item[method] as { responses: Record<string, DocumentedResponse> }).responses,
  })),
);

const pointer = (...parts: string[]) => parts.map((part) => encodeURIComponent(part.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/");

const compiled = new Map<string, ValidateFunction>();
function validatorFor(ref: string): ValidateFunction {
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  return validate;
}

const errorsOf = (validate: ValidateFunction) =>
  (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => {
      const extra = (error.params as { additionalProperty?: string }).additionalProperty;
      return `${error.instancePath || "(body)"} ${error.message}${extra ? ` (${extra})` : ""}`;
    })
    .join("; ");

/** Problems of `value` against the schema at a JSON pointer of the document ("" when it matches). */
export function schemaProblems(pointerParts: string[], value: unknown): string {
  const validate = validatorFor(`openapi.json#/${pointer(...pointerParts)}`);
  return validate(value) ? "" : errorsOf(validate);
}

export function findOperation(method: string, path: string): Operation | undefined {
  const lower = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
  return operations.find((operation) => operation.method === lower && operation.pattern.test(path));
}

export interface ObservedAnswer {
  method: string;
  path: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or the text for other media types. */
  body: unknown;
  text: string | undefined;
}

/** What is wrong with an answer by the document, or null when it matches. */
export function contractProblem(answer: ObservedAnswer): string | null {
  const operation = findOperation(answer.method, answer.path);
  const contentType = String(answer.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim();
  const where = operation
    ? `${operation.method.toUpperCase()} ${operation.template} → ${answer.status}`
    : `${answer.method} ${answer.path} (no such operation) → ${answer.status}`;

  if (!operation) {
    // A path or method the API does not have: only the one error shape may come back, as a 4xx.
    if (answer.status < 400 || answer.status >= 500) return `${where}: an undocumented route answered a non-4xx status`;
    const validate = validatorFor("openapi.json#/components/schemas/Error");
    return validate(answer.body) ? null : `${where}: body is not an Error: ${errorsOf(validate)}`;
  }

  const status = String(answer.status);
  const response = operation.responses[status] ?? operation.responses.default;
  if (!response) return `${where}: status ${status} is not documented (documented: ${Object.keys(operation.responses).join(", ")})`;
  const responseKey = operation.responses[status] ? status : "default";

  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const value = answer.headers[name.toLowerCase()];
    if (value === undefined) {
      if (header.required) return `${where}: required header ${name} is missing`;
      continue;
    }
    const validate = validatorFor(
      `openapi.json#/${pointer("paths", operation.template, operation.method, "responses", responseKey, "headers", name, "schema")}`,
    );
    if (!validate(value)) return `${where}: header ${name}: ${errorsOf(validate)}`;
  }

  if (answer.method.toLowerCase() === "head") return null;
  const media = response.content ?? {};
  if (Object.keys(media).length === 0) {
    return answer.text ? `${where}: a body came back where none is documented` : null;
  }
  if (!media[contentType])
    return `${where}: content type "${contentType}" is not documented (documented: ${Object.keys(media).join(", ")})`;
  if (contentType !== "application/json") return null;
  const validate = validatorFor(
    `openapi.json#/${pointer("paths", operation.template, operation.method, "responses", responseKey, "content", contentType, "schema")}`,
  );
  return validate(answer.body) ? null : `${where}: body does not match the document: ${errorsOf(validate)}`;
}

/** Base URLs of the API instances whose answers are checked (the harness adds each it starts). */
const watched = new Set<string>();
export function watchApi(baseUrl: string): () => void {
  watched.add(baseUrl);
  return () => watched.delete(baseUrl);
}

/** How many answers were checked, for a test that the hook is really in place. */
export const checkedAnswers = { count: 0 };

type SupertestTest = {
  url: string;
  method: string;
  assert(resError: unknown, res: unknown, fn: (error: unknown, res: unknown) => void): unknown;
};
const Test = (request as unknown as { Test: { prototype: SupertestTest & { __contractChecked?: boolean } } }).Test;

// Installed once per module registry (Jest gives each test file its own).
if (!Test.prototype.__contractChecked) {
  Test.prototype.__contractChecked = true;
  const assert = Test.prototype.assert;
  Test.prototype.assert = function checkedAssert(this: SupertestTest, resError, res, fn) {
    const base = [...watched].find((url) => this.url.startsWith(url));
    const response = res as { status: number; headers: Record<string, string>; body: unknown; text?: string } | undefined;
    if (base && response) {
      checkedAnswers.count++;
      const path = new URL(this.url).pathname;
      const problem = contractProblem({
        method: this.method,
        path,
        status: response.status,
        headers: response.headers,
        body: response.body,
        text: response.text,
      });
      if (problem) return fn.call(this, new Error(`OpenAPI contract: ${problem}`), res);
    }
    return assert.call(this, resError, res, fn);
  };
}
