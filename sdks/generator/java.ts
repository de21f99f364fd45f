import type { Field, NamedType, Operation, SdkModel, TypeNode } from "./model.ts";

// Emits the Java SDK's two generated files under sdks/java/src/main/java/io/github/svcemail/:
// Operations.java, the operations table the client's transport reads, and Models.java, every
// schema as a class (Jackson-annotated, fluent setters) plus one Params class per operation with
// query parameters. Nested classes of one file keep the emitter to a single file per concern.

export const JAVA_PACKAGE = "io.github.svcemail";

const KEYWORDS = new Set(
  (
    "abstract assert boolean break byte case catch char class const continue default do double else enum extends final " +
    "finally float for goto if implements import instanceof int interface long native new package private protected public " +
    "return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null record var yield"
  ).split(" "),
);

/** `replyTo` → `replyTo`, `email_events` → `emailEvents`, `Idempotency-Key` → `idempotencyKey`; keywords get a trailing `_`. */
export function javaField(wire: string): string {
  const words = wire.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const text = words.map((w, i) => (i === 0 ? w[0]!.toLowerCase() + w.slice(1) : w[0]!.toUpperCase() + w.slice(1))).join("");
  const safe = /^[0-9]/.test(text) ? `v${text}` : text;
  return KEYWORDS.has(safe) ? `${safe}_` : safe;
}

/** `delivery_delayed` → `DELIVERY_DELAYED`, `rendering-failed` → `RENDERING_FAILED`. */
export function javaConstant(value: string): string {
  const text = value
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join("_")
    .toUpperCase();
  return /^[0-9]/.test(text) || text === "" ? `V_${text}` : text;
}

const capitalized = (name: string) => name[0]!.toUpperCase() + name.slice(1);
const quote = (value: string) => JSON.stringify(value);

/** Javadoc text: HTML-escaped, and never closing the comment early. */
function javadoc(text: string | undefined, indent: string): string {
  if (!text) return "";
  const lines = text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll("*/", "*&#47;")
    .replaceAll("@", "&#64;")
    .split("\n");
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`.trimEnd()).join("\n")}\n${indent} */\n`;
}

class JavaEmitter {
  private readonly named = new Map<string, NamedType>();

  constructor(model: SdkModel) {
    for (const type of model.types) this.named.set(type.name, type);
  }

  /** The fields of every object variant of a union, each optional; null when a variant is not an object. */
  private unionFields(node: TypeNode & { kind: "union" }): Field[] | null {
    const fields = new Map<string, Field>();
    for (const variant of node.variants) {
      const type = variant.kind === "named" ? this.named.get(variant.name) : undefined;
      if (type?.kind !== "object") return null;
      for (const f of type.fields) if (!fields.has(f.name)) fields.set(f.name, { ...f, required: false });
    }
    return [...fields.values()];
  }

  /** Whether a named type is emitted as a class of its own (an object, or a union of objects). */
  private isClass(name: string): boolean {
    const type = this.named.get(name);
    if (!type) return false;
    if (type.kind === "object") return true;
    return type.type.kind === "union" && this.unionFields(type.type) !== null;
  }

  /** The Java type of a node (boxed: every field may be null). Aliases are resolved to what they name. */
  type(node: TypeNode): string {
    switch (node.kind) {
      case "scalar":
        return { string: "String", integer: "Long", number: "Double", boolean: "Boolean", any: "JsonNode" }[node.scalar];
      case "enum":
        return { string: "String", integer: "Long", boolean: "Boolean" }[node.scalar];
      case "named": {
        if (this.isClass(node.name)) return node.name;
        const type = this.named.get(node.name);
        return type?.kind === "alias" ? this.type(type.type) : "JsonNode";
      }
      case "array":
        return `List<${this.type(node.items)}>`;
      case "map":
        return `Map<String, ${this.type(node.values)}>`;
      case "union":
        // One of several shapes that are not all objects: kept as the JSON it is.
        return "JsonNode";
    }
  }

  private classBody(name: string, fields: Field[], description: string | undefined, note = ""): string {
    const members = fields.map((field) => {
      const java = javaField(field.name);
      const type = this.type(field.type);
      const doc = javadoc(field.description, "    ");
      return (
        `    @JsonProperty(${quote(field.name)})\n    private ${type} ${java};\n\n` +
        `${doc}    public ${type} get${capitalized(java)}() {\n      return ${java};\n    }\n\n` +
        `    public ${name} set${capitalized(java)}(${type} ${java}) {\n      this.${java} = ${java};\n      return this;\n    }`
      );
    });
    const names = fields.map((f) => javaField(f.name));
    if (names.some((n) => n === "class" || n === "getClass")) throw new Error(`${name}: a field name Java reserves`);
    return (
      `${javadoc(description ?? `${name}: a schema of the API.`, "  ")}${note}` +
      "  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)\n" +
      "  @JsonInclude(JsonInclude.Include.NON_NULL)\n  @JsonIgnoreProperties(ignoreUnknown = true)\n" +
      `  public static final class ${name} {\n${members.join("\n\n")}\n  }\n`
    );
  }

  namedType(type: NamedType): string | null {
    if (type.kind === "object") return this.classBody(type.name, type.fields, type.description);
    const node = type.type;
    if (node.kind === "union") {
      const fields = this.unionFields(node);
      if (fields)
        return this.classBody(
          type.name,
          fields,
          type.description,
          "  // It holds one of several shapes: the fields of each, all optional.\n",
        );
    }
    if (node.kind === "enum" && node.scalar === "string") {
      const constants = node.values.map((v) => `    public static final String ${javaConstant(String(v))} = ${quote(String(v))};`);
      return (
        `${javadoc(`${type.description ? `${type.description}\n` : ""}The values of ${type.name} (the fields that hold one are Strings).`, "  ")}` +
        `  public static final class ${type.name} {\n    private ${type.name}() {}\n\n${constants.join("\n")}\n  }\n`
      );
    }
    // Other aliases (arrays, maps, unions of scalars) are written out where they are used.
    return null;
  }

  /** Query parameters as a class; a field left null leaves its parameter out. */
  params(op: Operation): string | null {
    if (op.queryParams.length === 0) return null;
    const name = `${capitalized(op.id)}Params`;
    if (this.named.has(name)) throw new Error(`${name}: the name of a schema too`);
    const scalarOf = (node: TypeNode): "Long" | "Boolean" | "String" => {
      if (node.kind === "scalar" || node.kind === "enum")
        return node.scalar === "integer" ? "Long" : node.scalar === "boolean" ? "Boolean" : "String";
      if (node.kind === "named") {
        const type = this.named.get(node.name);
        if (type?.kind === "alias") return scalarOf(type.type);
      }
      return "String";
    };
    const fields = op.queryParams.map((p) => ({
      java: javaField(p.name),
      wire: p.name,
      type: scalarOf(p.type),
      description: p.description,
    }));
    const members = fields.map(
      (f) =>
        `    private ${f.type} ${f.java};\n\n${javadoc(f.description, "    ")}    public ${f.type} get${capitalized(f.java)}() {\n      return ${f.java};\n    }\n\n` +
        `    public ${name} set${capitalized(f.java)}(${f.type} ${f.java}) {\n      this.${f.java} = ${f.java};\n      return this;\n    }`,
    );
    const puts = fields.map((f) => `      if (${f.java} != null) query.put(${quote(f.wire)}, String.valueOf(${f.java}));`);
    return (
      `  /** The query parameters of ${op.id} (${op.method} ${op.path}); a null field is left out. */\n` +
      `  public static final class ${name} {\n${members.join("\n\n")}\n\n` +
      `    /** The parameters set, by their name on the wire. */\n    public Map<String, String> toQuery() {\n      Map<String, String> query = new LinkedHashMap<>();\n${puts.join("\n")}\n      return query;\n    }\n  }\n`
    );
  }
}

const HEADER = "// Generated from docs/openapi.json by sdks/generator (`pnpm openapi`). DO NOT EDIT.\n";

export function javaModelsSource(model: SdkModel): string {
  const emitter = new JavaEmitter(model);
  const types = model.types.map((t) => emitter.namedType(t)).filter((t): t is string => t !== null);
  const params = model.operations.map((op) => emitter.params(op)).filter((p): p is string => p !== null);
  return `${HEADER}
package ${JAVA_PACKAGE};

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The API's schemas (${model.title} ${model.version}) as classes: getters, and setters that return
 * the object so that a request reads as one expression. Unknown fields of an answer are ignored;
 * a null field is left out of a request.
 */
@SuppressWarnings("unused")
public final class Models {
  private Models() {}

${[...types, ...params].join("\n")}}
`;
}

export function javaOperationsSource(model: SdkModel): string {
  const list = (items: string[]) => (items.length === 0 ? "List.of()" : `List.of(${items.map(quote).join(", ")})`);
  const rows = model.operations.map(
    (op) =>
      `      Map.entry(\n          ${quote(op.id)},\n          new Operation(${quote(op.id)}, ${quote(op.tag)}, ${quote(op.method)}, ${quote(op.path)}, ` +
      `${list(op.pathParams.map((p) => p.name))}, ${list(op.queryParams.map((p) => p.name))}, ` +
      `${op.idempotencyKey}, ${op.body !== null}, ${quote(op.response.kind)}, ${op.auth}, ${op.safeToRepeat}))`,
  );
  return `${HEADER}
package ${JAVA_PACKAGE};

import java.util.List;
import java.util.Map;

/** How to call each operation of the API (one entry per operationId of the document), and its error codes. */
public final class Operations {
  private Operations() {}

  /** The version of the API document this package was generated from (${model.title}). */
  public static final String API_VERSION = ${quote(model.version)};

  /** Every error code the API answers with. */
  public static final List<String> ERROR_CODES =
      List.of(${model.errorCodes.map(quote).join(", ")});

  /**
   * One operation. {@code response}: "json" (decoded), "text" or "bytes" (as received).
   * {@code safeToRepeat}: sending it again after a failure without an answer cannot do the work twice.
   */
  record Operation(
      String id,
      String tag,
      String method,
      String path,
      List<String> pathParams,
      List<String> queryParams,
      boolean idempotencyKey,
      boolean hasBody,
      String response,
      boolean auth,
      boolean safeToRepeat) {}

  static final Map<String, Operation> ALL =
      Map.ofEntries(
${rows.join(",\n")});
}
`;
}
