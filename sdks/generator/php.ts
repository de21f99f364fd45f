import type { NamedType, Operation, SdkModel, TypeNode } from "./model.ts";

// Emits sdks/php/src/Generated.php: the operations table the client's transport reads, the error
// codes, and every schema as a PHPStan/Psalm array shape (`@phpstan-type`) keyed as on the wire,
// so that an answer (a decoded JSON array) is typed as it is, the way Python's TypedDicts are.

/** A PHP single-quoted string literal. */
export const phpString = (value: string) => `'${value.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;

/** A key of an array shape: bare when it is an identifier, quoted otherwise. */
const shapeKey = (name: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : phpString(name));

export function phpType(node: TypeNode): string {
  let text: string;
  switch (node.kind) {
    case "scalar":
      text = { string: "string", integer: "int", number: "float", boolean: "bool", any: "mixed" }[node.scalar];
      break;
    case "enum":
      text = node.values.map((v) => (typeof v === "string" ? phpString(v) : String(v))).join("|");
      break;
    case "named":
      text = node.name;
      break;
    case "array":
      text = `list<${phpType(node.items)}>`;
      break;
    case "map":
      text = `array<string, ${phpType(node.values)}>`;
      break;
    case "union":
      text = node.variants.map(phpType).join("|");
      break;
  }
  if (!node.nullable || text === "mixed") return text;
  return text.includes("|") ? `${text}|null` : `?${text}`;
}

function phpNamed(type: NamedType): string {
  if (type.kind === "alias") return ` * @phpstan-type ${type.name} ${phpType(type.type)}`;
  const fields = type.fields.map((field) => `${shapeKey(field.name)}${field.required ? "" : "?"}: ${phpType(field.type)}`);
  return ` * @phpstan-type ${type.name} array{${fields.join(", ")}}`;
}

const bool = (value: boolean) => (value ? "true" : "false");
const list = (items: string[]) => `[${items.map(phpString).join(", ")}]`;

function phpOperation(op: Operation): string {
  return [
    `        ${phpString(op.id)} => [`,
    `            'id' => ${phpString(op.id)},`,
    `            'tag' => ${phpString(op.tag)},`,
    `            'method' => ${phpString(op.method)},`,
    `            'path' => ${phpString(op.path)},`,
    `            'pathParams' => ${list(op.pathParams.map((p) => p.name))},`,
    `            'queryParams' => ${list(op.queryParams.map((p) => p.name))},`,
    `            'idempotencyKey' => ${bool(op.idempotencyKey)},`,
    `            'hasBody' => ${bool(op.body !== null)},`,
    `            'response' => ${phpString(op.response.kind)},`,
    `            'auth' => ${bool(op.auth)},`,
    `            'safeToRepeat' => ${bool(op.safeToRepeat)},`,
    "        ],",
  ].join("\n");
}

export function phpSource(model: SdkModel): string {
  return `<?php

// Generated from docs/openapi.json by sdks/generator (\`pnpm openapi\`). Do not edit.
// ${model.title} ${model.version}

declare(strict_types=1);

namespace SvcEmail;

/**
 * The API as the document describes it: how to call each operation, its error codes, and every
 * schema as an array shape (import one with \`@phpstan-import-type SendEmailRequest from Generated\`).
 *
${model.types.map(phpNamed).join("\n")}
 */
final class Generated
{
    public const API_VERSION = ${phpString(model.version)};

    /**
     * How to call one operation of the API (one entry per operationId of the document).
     * 'response': 'json' is decoded, 'text' and 'bytes' are returned as received; 'safeToRepeat':
     * sending it again after a failure without an answer cannot do the work twice.
     *
     * @var array<string, array{id: string, tag: string, method: string, path: string, pathParams: list<string>, queryParams: list<string>, idempotencyKey: bool, hasBody: bool, response: string, auth: bool, safeToRepeat: bool}>
     */
    public const OPERATIONS = [
${model.operations.map(phpOperation).join("\n")}
    ];

    /** Every error \`code\` the API answers with. */
    public const ERROR_CODES = ${list(model.errorCodes)};
}
`;
}
