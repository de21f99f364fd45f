import type { NamedType, SdkModel, TypeNode } from "./model.ts";

// Emits sdks/python/svc_email/_generated.py: the operations table the client's transport reads,
// and every schema as a TypedDict (the wire's camelCase keys, so a response is typed as it is).

const quote = (value: string) => JSON.stringify(value);

function pyType(node: TypeNode): string {
  let text: string;
  switch (node.kind) {
    case "scalar":
      text = { string: "str", integer: "int", number: "float", boolean: "bool", any: "Any" }[node.scalar];
      break;
    case "enum":
      text = `Literal[${node.values.map((v) => (typeof v === "boolean" ? (v ? "True" : "False") : JSON.stringify(v))).join(", ")}]`;
      break;
    case "named":
      text = quote(node.name);
      break;
    case "array":
      text = `List[${pyType(node.items)}]`;
      break;
    case "map":
      text = `Dict[str, ${pyType(node.values)}]`;
      break;
    case "union":
      text = `Union[${node.variants.map(pyType).join(", ")}]`;
      break;
  }
  return node.nullable ? `Optional[${text}]` : text;
}

const comment = (text: string | undefined) =>
  text
    ? `${text
        .split("\n")
        .map((line) => `# ${line}`.trimEnd())
        .join("\n")}\n`
    : "";

function pyNamed(type: NamedType): string {
  if (type.kind === "alias") {
    // A bare reference cannot be a quoted forward reference at the top level.
    const text = type.type.kind === "named" && !type.type.nullable ? type.type.name : pyType(type.type);
    return `${comment(type.description)}${type.name} = ${text}\n`;
  }
  const fields = type.fields.map((field) => {
    const text = pyType(field.type);
    return `        ${quote(field.name)}: ${field.required ? text : `NotRequired[${text}]`},`;
  });
  return `${comment(type.description)}${type.name} = TypedDict(\n    ${quote(type.name)},\n    {\n${fields.join("\n")}\n    },\n)\n`;
}

const tuple = (items: string[]) => `(${items.map(quote).join(", ")}${items.length === 1 ? "," : ""})`;
const bool = (value: boolean) => (value ? "True" : "False");

export function pythonSource(model: SdkModel): string {
  const operations = model.operations.map(
    (op) =>
      `    ${quote(op.id)}: Operation(\n` +
      `        id=${quote(op.id)},\n` +
      `        tag=${quote(op.tag)},\n` +
      `        method=${quote(op.method)},\n` +
      `        path=${quote(op.path)},\n` +
      `        path_params=${tuple(op.pathParams.map((p) => p.name))},\n` +
      `        query_params=${tuple(op.queryParams.map((p) => p.name))},\n` +
      `        idempotency_key=${bool(op.idempotencyKey)},\n` +
      `        has_body=${bool(op.body !== null)},\n` +
      `        response=${quote(op.response.kind)},\n` +
      `        auth=${bool(op.auth)},\n` +
      `        safe_to_repeat=${bool(op.safeToRepeat)},\n` +
      "    ),",
  );
  return `# Generated from docs/openapi.json by sdks/generator (\`pnpm openapi\`). Do not edit.
# ${model.title} ${model.version}
# ruff: noqa
from typing import Any, Dict, List, Literal, NamedTuple, NotRequired, Optional, Tuple, TypedDict, Union

API_VERSION = ${quote(model.version)}


class Operation(NamedTuple):
    """How to call one operation of the API (one entry per operationId of the document)."""

    id: str
    tag: str
    method: str
    path: str
    path_params: Tuple[str, ...]
    query_params: Tuple[str, ...]
    idempotency_key: bool
    has_body: bool
    # "json": parsed; "text": a str (CSV, HTML); "bytes": as received.
    response: str
    auth: bool
    # Sending it again after a failure without an answer cannot do the work twice.
    safe_to_repeat: bool


OPERATIONS: Dict[str, Operation] = {
${operations.join("\n")}
}

# Every error \`code\` the API answers with.
ERROR_CODES: Tuple[str, ...] = ${tuple(model.errorCodes)}


${model.types.map(pyNamed).join("\n\n")}`;
}
