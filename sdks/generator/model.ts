// The language-neutral model every SDK emitter starts from: the operations of the OpenAPI
// document (how to call each) and its schemas as named types. An emitter for a new language
// reads only this model, never the document, so every SDK sees the same operations and types.

export type Scalar = "string" | "integer" | "number" | "boolean" | "any";

export type TypeNode = (
  | { kind: "scalar"; scalar: Scalar }
  | { kind: "enum"; scalar: "string" | "integer" | "boolean"; values: Array<string | number | boolean> }
  /** A named type: a component schema, or an inline object hoisted under a name of its own. */
  | { kind: "named"; name: string }
  | { kind: "array"; items: TypeNode }
  | { kind: "map"; values: TypeNode }
  /** One of several shapes (anyOf/oneOf); `null` is not a variant, it is `nullable`. */
  | { kind: "union"; variants: TypeNode[] }
) & { nullable?: boolean };

export interface Field {
  /** The name on the wire (camelCase). */
  name: string;
  type: TypeNode;
  required: boolean;
  description?: string;
}

/** A named type: an object with fields, or an alias (an enum, a union, an array, …). */
export type NamedType =
  | { kind: "object"; name: string; description?: string; fields: Field[] }
  | { kind: "alias"; name: string; description?: string; type: TypeNode };

export interface Parameter {
  /** The name on the wire. */
  name: string;
  required: boolean;
  type: TypeNode;
  description?: string;
}

export interface Operation {
  /** The document's operationId: the one name every SDK's coverage test matches on. */
  id: string;
  tag: string;
  summary: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** With `{name}` placeholders, in the order of `pathParams`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** Takes an Idempotency-Key header: the SDK generates one per logical call and reuses it on every retry. */
  idempotencyKey: boolean;
  body: { required: boolean; type: TypeNode } | null;
  /** `json`: parsed; `text`: a string (CSV, HTML); `bytes`: as received (raw messages, attachments). */
  response: { kind: "json" | "text" | "bytes"; type: TypeNode | null };
  /** Needs the API key (false for health and documentation). */
  auth: boolean;
  /**
   * Whether sending it again after a failure without an answer cannot do the work twice:
   * reads, deletes, patches, and POSTs under an Idempotency-Key. Others are retried only when
   * an answer (429, 5xx) proved the server did not do the work.
   */
  safeToRepeat: boolean;
}

export interface SdkModel {
  title: string;
  version: string;
  operations: Operation[];
  types: NamedType[];
  /** Every error `code` the API answers with (the Error schema's enum). */
  errorCodes: string[];
}
