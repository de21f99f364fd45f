import type { Field, NamedType, Operation, SdkModel, TypeNode } from "./model.ts";

// Emits sdks/go/zz_generated.go: the operations table the client's transport reads, every schema
// as a struct (or a named type), and one Params struct per operation with query parameters.

const INITIALISMS = new Set([
  "id",
  "url",
  "api",
  "html",
  "http",
  "json",
  "ip",
  "dkim",
  "spf",
  "dmarc",
  "arc",
  "mx",
  "sns",
  "ses",
  "csv",
  "uri",
]);

/** `replyTo` → `ReplyTo`, `apiKeyId` → `APIKeyID`, `Idempotency-Key` → `IdempotencyKey`. */
export function goName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const text = words.map((w) => (INITIALISMS.has(w.toLowerCase()) ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1))).join("");
  return /^[0-9]/.test(text) ? `V${text}` : text;
}

class GoEmitter {
  private readonly named = new Map<string, NamedType>();

  constructor(private readonly model: SdkModel) {
    for (const type of model.types) this.named.set(type.name, type);
  }

  /** Whether the Go type already has a "none" value (nil), so optional or null needs no pointer. */
  private nilable(node: TypeNode): boolean {
    if (node.kind === "array" || node.kind === "map" || node.kind === "union") return true;
    if (node.kind === "scalar" && node.scalar === "any") return true;
    if (node.kind === "named") {
      const type = this.named.get(node.name);
      return type?.kind === "alias" && this.nilable(type.type);
    }
    return false;
  }

  type(node: TypeNode, optional = false): string {
    let text: string;
    switch (node.kind) {
      case "scalar":
        text = { string: "string", integer: "int64", number: "float64", boolean: "bool", any: "any" }[node.scalar];
        break;
      case "enum":
        text = { string: "string", integer: "int64", boolean: "bool" }[node.scalar];
        break;
      case "named":
        text = goName(node.name);
        break;
      case "array":
        text = `[]${this.type(node.items)}`;
        break;
      case "map":
        text = `map[string]${this.type(node.values)}`;
        break;
      case "union":
        // One of several shapes inside a field: kept as the JSON it is, for the caller to decode.
        text = "json.RawMessage";
        break;
    }
    return (optional || node.nullable) && !this.nilable(node) ? `*${text}` : text;
  }

  private field(field: Field): string {
    const doc = field.description ? `\t// ${field.description.split("\n")[0]}\n` : "";
    const tag = field.required ? field.name : `${field.name},omitempty`;
    return `${doc}\t${goName(field.name)} ${this.type(field.type, !field.required)} \`json:"${tag}"\``;
  }

  /** The fields of every object variant, each optional: a Go struct that can hold any of them. */
  private unionFields(node: TypeNode & { kind: "union" }): Field[] | null {
    const fields = new Map<string, Field>();
    for (const variant of node.variants) {
      const type = variant.kind === "named" ? this.named.get(variant.name) : undefined;
      if (type?.kind !== "object") return null;
      for (const f of type.fields) if (!fields.has(f.name)) fields.set(f.name, { ...f, required: false });
    }
    return [...fields.values()];
  }

  namedType(type: NamedType): string {
    const name = goName(type.name);
    const doc = `// ${name} ${type.description ? type.description.split("\n")[0] : "is a schema of the API."}\n`;
    if (type.kind === "object") return `${doc}type ${name} struct {\n${type.fields.map((f) => this.field(f)).join("\n\n")}\n}\n`;
    const node = type.type;
    if (node.kind === "union") {
      const fields = this.unionFields(node);
      if (fields)
        return `${doc}// It holds one of several shapes: the fields of each, all optional.\ntype ${name} struct {\n${fields.map((f) => this.field(f)).join("\n\n")}\n}\n`;
    }
    if (node.kind === "enum" && node.scalar === "string") {
      const constants = node.values.map((v) => `\t${name}${goName(String(v))} ${name} = ${JSON.stringify(v)}`);
      return `${doc}type ${name} string\n\nconst (\n${constants.join("\n\n")}\n)\n`;
    }
    return `${doc}type ${name} = ${this.type(node)}\n`;
  }

  /** Query parameters as a struct; the zero value of a field leaves the parameter out. */
  params(op: Operation): string {
    if (op.queryParams.length === 0) return "";
    const name = `${goName(op.id)}Params`;
    const scalarOf = (node: TypeNode): "int64" | "string" | "bool" => {
      if (node.kind === "scalar" || node.kind === "enum")
        return node.scalar === "integer" ? "int64" : node.scalar === "boolean" ? "bool" : "string";
      if (node.kind === "named") {
        const type = this.named.get(node.name);
        if (type?.kind === "alias") return scalarOf(type.type);
      }
      return "string";
    };
    const fields = op.queryParams.map((p) => ({ go: goName(p.name), wire: p.name, scalar: scalarOf(p.type), description: p.description }));
    const body = fields.map((f) => `${f.description ? `\t// ${f.description.split("\n")[0]}\n` : ""}\t${f.go} ${f.scalar}`).join("\n\n");
    const sets = fields.map((f) => {
      if (f.scalar === "int64") return `\tif p.${f.go} != 0 {\n\t\tq.Set(${JSON.stringify(f.wire)}, strconv.FormatInt(p.${f.go}, 10))\n\t}`;
      if (f.scalar === "bool") return `\tif p.${f.go} {\n\t\tq.Set(${JSON.stringify(f.wire)}, "true")\n\t}`;
      return `\tif p.${f.go} != "" {\n\t\tq.Set(${JSON.stringify(f.wire)}, p.${f.go})\n\t}`;
    });
    return `// ${name} are the query parameters of ${op.id} (${op.method} ${op.path}); zero values are left out.\ntype ${name} struct {\n${body}\n}\n\nfunc (p ${name}) values() url.Values {\n\tq := url.Values{}\n${sets.join("\n")}\n\treturn q\n}\n`;
  }

  operations(): string {
    const strings = (items: string[]) => `[]string{${items.map((i) => JSON.stringify(i)).join(", ")}}`;
    const rows = this.model.operations.map(
      (op) =>
        `\t${JSON.stringify(op.id)}: {ID: ${JSON.stringify(op.id)}, Tag: ${JSON.stringify(op.tag)}, Method: ${JSON.stringify(op.method)}, Path: ${JSON.stringify(op.path)}, ` +
        `PathParams: ${strings(op.pathParams.map((p) => p.name))}, QueryParams: ${strings(op.queryParams.map((p) => p.name))}, ` +
        `IdempotencyKey: ${op.idempotencyKey}, HasBody: ${op.body !== null}, Response: ${JSON.stringify(op.response.kind)}, Auth: ${op.auth}, SafeToRepeat: ${op.safeToRepeat}},`,
    );
    return `var operations = map[string]operation{\n${rows.join("\n\n")}\n}\n`;
  }
}

export function goSource(model: SdkModel): string {
  const emitter = new GoEmitter(model);
  const params = model.operations.map((op) => emitter.params(op)).filter(Boolean);
  return `// Code generated from docs/openapi.json by sdks/generator (\`pnpm openapi\`). DO NOT EDIT.

package svcemail

import (
\t"encoding/json"
\t"net/url"
\t"strconv"
)

// APIVersion is the version of the API document this package was generated from (${model.title}).
const APIVersion = ${JSON.stringify(model.version)}

// operation is how to call one operation of the API (one entry per operationId of the document).
type operation struct {
\tID             string
\tTag            string
\tMethod         string
\tPath           string
\tPathParams     []string
\tQueryParams    []string
\tIdempotencyKey bool
\tHasBody        bool
\t// "json": decoded; "text" and "bytes": as received.
\tResponse string
\tAuth     bool
\t// Sending it again after a failure without an answer cannot do the work twice.
\tSafeToRepeat bool
}

${emitter.operations()}
// ErrorCodes are every error code the API answers with.
var ErrorCodes = []string{${model.errorCodes.map((c) => JSON.stringify(c)).join(", ")}}

${model.types.map((t) => emitter.namedType(t)).join("\n")}
${params.join("\n")}
// Keeps the imports used whatever the document holds.
var _ = json.RawMessage(nil)
var _ = strconv.Itoa
`;
}
