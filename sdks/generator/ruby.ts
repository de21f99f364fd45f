import type { NamedType, Operation, SdkModel, TypeNode } from "./model.ts";

// Emits sdks/ruby/lib/svc_email/generated.rb (the operations table the client's transport reads,
// and the error codes) and sdks/ruby/sig/svc_email/generated.rbs (every schema as an RBS record
// type keyed as the client hands answers over: JSON with symbol keys).

const quote = (value: string) => JSON.stringify(value);

/** `EmailWithEvents` → `email_with_events`, `EntryVariant2` → `entry_variant2`: an RBS alias name. */
export function rubyAlias(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
}

/** A record key: bare when it is a plain symbol, else `"key" => type`. */
const recordKey = (name: string) => (/^[a-z_][A-Za-z0-9_]*$/.test(name) ? `${name}: ` : `${quote(name)} => `);

export function rbsType(node: TypeNode): string {
  let text: string;
  switch (node.kind) {
    case "scalar":
      text = { string: "String", integer: "Integer", number: "Float", boolean: "bool", any: "untyped" }[node.scalar];
      break;
    case "enum":
      text = node.values.map((v) => (typeof v === "string" ? quote(v) : String(v))).join(" | ");
      break;
    case "named":
      text = rubyAlias(node.name);
      break;
    case "array":
      text = `Array[${rbsType(node.items)}]`;
      break;
    case "map":
      text = `Hash[Symbol, ${rbsType(node.values)}]`;
      break;
    case "union":
      text = node.variants.map(rbsType).join(" | ");
      break;
  }
  if (!node.nullable || text === "untyped") return text;
  return text.includes(" | ") ? `(${text})?` : `${text}?`;
}

function rbsNamed(type: NamedType): string {
  const doc = type.description
    ? `${type.description
        .split("\n")
        .map((line) => `    # ${line}`.trimEnd())
        .join("\n")}\n`
    : "";
  if (type.kind === "alias") return `${doc}    type ${rubyAlias(type.name)} = ${rbsType(type.type)}`;
  const fields = type.fields.map((field) => `${field.required ? "" : "?"}${recordKey(field.name)}${rbsType(field.type)}`);
  return `${doc}    type ${rubyAlias(type.name)} = { ${fields.join(", ")} }`;
}

const words = (items: string[]) => `[${items.map(quote).join(", ")}]`;

function rubyOperation(op: Operation): string {
  return [
    `    ${quote(op.id)} => Operation.new(`,
    `      id: ${quote(op.id)},`,
    `      tag: ${quote(op.tag)},`,
    `      http_method: ${quote(op.method)},`,
    `      path: ${quote(op.path)},`,
    `      path_params: ${words(op.pathParams.map((p) => p.name))}.freeze,`,
    `      query_params: ${words(op.queryParams.map((p) => p.name))}.freeze,`,
    `      idempotency_key: ${op.idempotencyKey},`,
    `      has_body: ${op.body !== null},`,
    `      response: :${op.response.kind},`,
    `      auth: ${op.auth},`,
    `      safe_to_repeat: ${op.safeToRepeat}`,
    "    ).freeze,",
  ].join("\n");
}

export function rubySource(model: SdkModel): string {
  return `# frozen_string_literal: true

# Generated from docs/openapi.json by sdks/generator (\`pnpm openapi\`). Do not edit.
# ${model.title} ${model.version}

module SvcEmail
  API_VERSION = ${quote(model.version)}

  # How to call one operation of the API (one entry per operationId of the document).
  # response: :json is parsed, :text and :bytes are returned as received; safe_to_repeat: sending
  # it again after a failure without an answer cannot do the work twice.
  Operation = Struct.new(
    :id, :tag, :http_method, :path, :path_params, :query_params, :idempotency_key, :has_body, :response, :auth, :safe_to_repeat,
    keyword_init: true
  )

  OPERATIONS = {
${model.operations.map(rubyOperation).join("\n")}
  }.freeze

  # Every error \`code\` the API answers with.
  ERROR_CODES = ${words(model.errorCodes)}.freeze
end
`;
}

export function rbsSource(model: SdkModel): string {
  return `# Generated from docs/openapi.json by sdks/generator (\`pnpm openapi\`). Do not edit.
# ${model.title} ${model.version}: every schema as the client hands it over (JSON, symbol keys).

module SvcEmail
  module Models
${model.types.map(rbsNamed).join("\n")}
  end
end
`;
}
