import type { Field, NamedType, Operation, Parameter, SdkModel, TypeNode } from "./model.ts";

// The subset of OpenAPI 3.1 the API's document uses.
interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: Array<string | number | boolean>;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  description?: string;
}
interface RawParameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  description?: string;
  schema: Schema;
}
interface RawOperation {
  operationId: string;
  tags?: string[];
  summary?: string;
  security?: unknown[];
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
export interface OpenApiDocument {
  info: { title: string; version: string };
  security?: unknown[];
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, Schema> };
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** `WebhookEvent_sent` → `WebhookEventSent`, `listEmails` → `ListEmails`. */
export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");
}

/** Turns schemas into TypeNodes, hoisting each inline object into a named type of its own. */
class TypeCollector {
  readonly types: NamedType[] = [];
  private readonly taken = new Set<string>();

  constructor(componentNames: string[]) {
    for (const name of componentNames) this.taken.add(pascal(name));
  }

  /** A name for an inline type: the hint, or the hint with a number when taken. */
  private claim(hint: string): string {
    let name = hint;
    for (let n = 2; this.taken.has(name); n++) name = `${hint}${n}`;
    this.taken.add(name);
    return name;
  }

  component(name: string, schema: Schema): void {
    const own = pascal(name);
    const node = this.node(schema, own, true);
    if (node.kind === "named" && node.name === own) return; // an object: already added under its own name
    this.types.push({ kind: "alias", name: own, type: node, ...(schema.description ? { description: schema.description } : {}) });
  }

  /** `owned`: the hint is already this type's name (a component), so an object takes it as it is. */
  node(schema: Schema, hint: string, owned = false): TypeNode {
    if (schema.$ref) return { kind: "named", name: pascal(schema.$ref.split("/").pop()!) };
    const variants = schema.anyOf ?? schema.oneOf;
    if (variants) {
      const nonNull = variants.filter((variant) => variant.type !== "null");
      const nullable = nonNull.length < variants.length;
      const nodes = nonNull.map((variant, i) => this.node(variant, nonNull.length === 1 ? hint : `${hint}Variant${i + 1}`));
      if (nodes.length === 1) return { ...nodes[0]!, nullable: nullable || nodes[0]!.nullable === true };
      // Alternatives of one scalar type (a date-time or a date) are that type.
      if (nodes.every((n) => n.kind === "scalar" && n.scalar === (nodes[0] as { scalar: string }).scalar))
        return { ...nodes[0]!, nullable };
      return { kind: "union", variants: nodes, nullable };
    }
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    const nullable = types.includes("null");
    const type = types.find((t) => t !== "null");
    const withNull = (node: TypeNode): TypeNode => (nullable ? { ...node, nullable: true } : node);
    if (schema.enum && (type === "string" || type === "integer" || type === "boolean")) {
      return withNull({ kind: "enum", scalar: type, values: schema.enum.filter((v) => v !== null) });
    }
    switch (type) {
      case "string":
      case "integer":
      case "number":
      case "boolean":
        return withNull({ kind: "scalar", scalar: type });
      case "array":
        return withNull({
          kind: "array",
          items: schema.items ? this.node(schema.items, singular(hint)) : { kind: "scalar", scalar: "any" },
        });
      case "object": {
        if (!schema.properties || Object.keys(schema.properties).length === 0) {
          const values = typeof schema.additionalProperties === "object" ? this.node(schema.additionalProperties, `${hint}Value`) : null;
          return withNull({ kind: "map", values: values ?? { kind: "scalar", scalar: "any" } });
        }
        const name = owned ? hint : this.claim(hint);
        const required = new Set(schema.required ?? []);
        const fields: Field[] = Object.entries(schema.properties).map(([field, fieldSchema]) => ({
          name: field,
          type: this.node(fieldSchema, `${name}${pascal(field)}`),
          required: required.has(field),
          ...(fieldSchema.description ? { description: fieldSchema.description } : {}),
        }));
        this.types.push({ kind: "object", name, fields, ...(schema.description ? { description: schema.description } : {}) });
        return withNull({ kind: "named", name });
      }
      default:
        return { kind: "scalar", scalar: "any" };
    }
  }
}

/** `EmailTags` → `EmailTag`, `EmailReplies` → `EmailReply`: the item type of a list field. */
function singular(name: string): string {
  if (name.endsWith("ies")) return `${name.slice(0, -3)}y`;
  return name.endsWith("s") && !name.endsWith("ss") ? name.slice(0, -1) : `${name}Item`;
}

function responseOf(raw: RawOperation, collector: TypeCollector): Operation["response"] {
  const success = Object.entries(raw.responses).filter(([status]) => status.startsWith("2"));
  const content = success.map(([, response]) => response.content ?? {}).find((c) => Object.keys(c).length > 0);
  if (!content) return { kind: "json", type: null };
  const json = content["application/json"];
  if (json) return { kind: "json", type: collector.node(json.schema, `${pascal(raw.operationId)}Response`) };
  const textual = Object.keys(content).every((type) => type.startsWith("text/") || type === "application/x-ndjson");
  return { kind: textual ? "text" : "bytes", type: null };
}

export function sdkModel(document: OpenApiDocument): SdkModel {
  const schemas = document.components.schemas;
  const collector = new TypeCollector(Object.keys(schemas));
  for (const [name, schema] of Object.entries(schemas)) collector.component(name, schema);

  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const params = (where: RawParameter["in"]): Parameter[] =>
        (raw.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({
            name: p.name,
            required: p.required === true,
            type: collector.node(p.schema, `${pascal(raw.operationId)}${pascal(p.name)}`),
            ...(p.description ? { description: p.description } : {}),
          }));
      const idempotencyKey = params("header").some((p) => p.name.toLowerCase() === "idempotency-key");
      const bodySchema = raw.requestBody?.content["application/json"]?.schema;
      const security = raw.security ?? document.security ?? [];
      const upper = method.toUpperCase() as Operation["method"];
      operations.push({
        id: raw.operationId,
        tag: raw.tags?.[0] ?? "Default",
        summary: raw.summary ?? raw.operationId,
        method: upper,
        path,
        pathParams: params("path"),
        queryParams: params("query"),
        idempotencyKey,
        body: bodySchema
          ? { required: raw.requestBody?.required === true, type: collector.node(bodySchema, `${pascal(raw.operationId)}Request`) }
          : null,
        response: responseOf(raw, collector),
        auth: security.length > 0,
        safeToRepeat: upper !== "POST" || idempotencyKey,
      });
    }
  }
  const errorCodes = schemas.Error?.properties?.code?.enum?.map(String) ?? [];
  return { title: document.info.title, version: document.info.version, operations, types: collector.types, errorCodes };
}
