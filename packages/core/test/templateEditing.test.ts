import { describe, expect, it } from "@jest/globals";
import { diffTemplateSources, parseTemplateSide, parseVariableRows, variableRowsOf } from "@svc/core";

/** The dashboard editor's rules kept in core: the variables panel's rows and the version diff. */
const row = (fields: { name: string; type?: string; required?: boolean; fallback?: string; sample?: string }) => ({
  type: "string",
  required: false,
  fallback: "",
  sample: "",
  ...fields,
});

describe("parseVariableRows", () => {
  it("types each row's fallback and sample by its type and drops blank rows", () => {
    const parsed = parseVariableRows([
      row({ name: " name ", required: true, sample: "Ann" }),
      row({ name: "total", type: "number", fallback: "1.5", sample: "-2" }),
      row({ name: "vip", type: "boolean", fallback: "FALSE", sample: "true" }),
      row({ name: "items", type: "list", fallback: "[]", sample: '["a"]' }),
      row({ name: "address", type: "object", fallback: '{"city": "Oslo"}' }),
      row({ name: "note" }), // optional string: its fallback is the empty string
      row({ name: "" }),
    ]);
    expect(parsed.errors.every((e) => Object.keys(e).length === 0)).toBe(true);
    expect(parsed.declarations).toEqual([
      { name: "name", type: "string" },
      { name: "total", type: "number", fallback: 1.5 },
      { name: "vip", type: "boolean", fallback: false },
      { name: "items", type: "list", fallback: [] },
      { name: "address", type: "object", fallback: { city: "Oslo" } },
      { name: "note", type: "string", fallback: "" },
    ]);
    expect(parsed.sample).toEqual({ name: "Ann", total: -2, vip: true, items: ["a"] });
    expect(parsed.rows).toHaveLength(6);
  });

  it("reports each problem against its row and field, and declares nothing then", () => {
    const parsed = parseVariableRows([
      row({ name: "ok", required: true }),
      row({ name: "total", type: "number", fallback: "" }),
      row({ name: "flag", type: "boolean", fallback: "yes" }),
      row({ name: "ok", required: true }),
      row({ name: "x", type: "list", fallback: "{}", sample: "nope" }),
      row({ name: "y", type: "date", fallback: "x" }),
    ]);
    expect(parsed.declarations).toBeNull();
    expect(parsed.errors).toEqual([
      {},
      { fallback: "must be a number (or tick required)" },
      { fallback: "must be true or false (or tick required)" },
      { name: "ok is declared more than once" },
      { fallback: 'must be a JSON list, e.g. ["a", "b"] (or tick required)', sample: 'must be a JSON list, e.g. ["a", "b"]' },
      { type: "must be one of string, number, boolean, list, object" },
    ]);
  });

  it("turns declarations back into rows that read the same", () => {
    const declarations = [
      { name: "a", type: "string" as const },
      { name: "b", type: "object" as const, fallback: { k: [1] } },
    ];
    const rows = variableRowsOf(declarations, { a: "hi" });
    expect(rows).toEqual([
      { name: "a", type: "string", required: true, fallback: "", sample: "hi" },
      { name: "b", type: "object", required: false, fallback: '{"k":[1]}', sample: "" },
    ]);
    expect(parseVariableRows(rows).declarations).toEqual(declarations);
  });
});

describe("diffTemplateSources", () => {
  const base = { subject: "Hi", html: "", text: null, variables: [] };

  it("marks added and removed lines and folds long unchanged runs to their context", () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const after = [...before];
    after[10] = "changed";
    const [subject, html] = diffTemplateSources({ ...base, html: before.join("\n") }, { ...base, html: `${after.join("\n")}\n` });
    expect(subject).toMatchObject({ part: "subject", changed: false });
    expect(html!.lines).toEqual([
      { kind: "skipped", count: 7 },
      ...[7, 8, 9].map((i) => ({ kind: "same", text: `line ${i}` })),
      { kind: "removed", text: "line 10" },
      { kind: "added", text: "changed" },
      ...[11, 12, 13].map((i) => ({ kind: "same", text: `line ${i}` })),
      { kind: "skipped", count: 6 },
    ]);
  });

  it("treats a CRLF line as the same line", () => {
    const [, html] = diffTemplateSources({ ...base, html: "a\nb" }, { ...base, html: "a\r\nb\r\nc" });
    expect(html!.lines).toEqual([
      { kind: "same", text: "a" },
      { kind: "same", text: "b" },
      { kind: "added", text: "c" },
    ]);
  });
});

describe("parseTemplateSide", () => {
  it("reads the draft or a version number, and refuses anything else", () => {
    expect(parseTemplateSide("draft", "from")).toBe("draft");
    expect(parseTemplateSide("3", "from")).toBe(3);
    expect(parseTemplateSide("v3", "from")).toBe(3);
    for (const bad of ["0", "-1", "1.5", "latest", "99999999999", undefined, ["1"]]) {
      expect(() => parseTemplateSide(bad, "to")).toThrow('to: must be "draft" or a version number.');
    }
  });
});
