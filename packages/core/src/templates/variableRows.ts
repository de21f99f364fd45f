import {
  isOfType,
  VARIABLE_LIMITS,
  VARIABLE_TYPES,
  type VariableDeclaration,
  type VariableType,
  variableDeclarationsSchema,
} from "./variables.ts";

/**
 * The variables panel of the dashboard: each declared variable as a row of text fields (name,
 * type, required, fallback) with its sample value. A value is typed as its variable's type: a
 * string as written, a number, `true`/`false`, a list or an object as JSON.
 */
export interface VariableRow {
  name: string;
  type: string;
  required: boolean;
  /** Ignored when required; empty for a string means the empty string. */
  fallback: string;
  /** Empty: no sample value (the preview uses the fallback). */
  sample: string;
}

export type VariableRowField = "name" | "type" | "fallback" | "sample";
export type VariableRowErrors = Partial<Record<VariableRowField, string>>;

export interface ParsedVariableRows {
  /** The rows that were not blank, as given (what the panel shows again). */
  rows: VariableRow[];
  /** Per row of `rows`, what is wrong with it (empty when nothing). */
  errors: VariableRowErrors[];
  /** Set only when no row has an error. */
  declarations: VariableDeclaration[] | null;
  /** Sample values by name (the rows whose sample parsed). */
  sample: Record<string, unknown>;
  /** Fallbacks by name (the optional rows whose fallback parsed), even when other rows have errors. */
  fallbacks: Record<string, unknown>;
}

/** The text a value is shown as in its row (the inverse of parseValue). */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Reads a row's text as a value of `type`, or says what is wrong. */
function parseValue(text: string, type: VariableType): { value: unknown } | { error: string } {
  switch (type) {
    case "string":
      return { value: text };
    case "number": {
      const value = text.trim() === "" ? Number.NaN : Number(text);
      return Number.isFinite(value) ? { value } : { error: "must be a number" };
    }
    case "boolean":
      if (/^true$/i.test(text.trim())) return { value: true };
      if (/^false$/i.test(text.trim())) return { value: false };
      return { error: "must be true or false" };
    case "list":
    case "object":
      try {
        const value: unknown = JSON.parse(text);
        if (isOfType(value, type)) return { value };
      } catch {
        // Reported below.
      }
      return { error: type === "list" ? 'must be a JSON list, e.g. ["a", "b"]' : 'must be a JSON object, e.g. {"key": "value"}' };
  }
}

const isType = (type: string): type is VariableType => (VARIABLE_TYPES as readonly string[]).includes(type);
const blank = (row: VariableRow) => row.name.trim() === "" && row.fallback === "" && row.sample === "";

/** A declaration's row, with its sample value. */
export function variableRowsOf(declarations: readonly VariableDeclaration[], sample: Readonly<Record<string, unknown>>): VariableRow[] {
  return declarations.map((d) => ({
    name: d.name,
    type: d.type,
    required: d.fallback === undefined,
    fallback: valueText(d.fallback),
    sample: valueText(Object.hasOwn(sample, d.name) ? sample[d.name] : undefined),
  }));
}

/**
 * Reads the panel's rows: blank rows are dropped; every problem is reported against its row and
 * field (the declaration rules are `variableDeclarationsSchema`'s, so the panel and the REST API
 * refuse the same things).
 */
export function parseVariableRows(given: readonly VariableRow[]): ParsedVariableRows {
  const rows = given.filter((row) => !blank(row)).map((row) => ({ ...row, name: row.name.trim() }));
  const errors: VariableRowErrors[] = rows.map(() => ({}));
  const sample: Record<string, unknown> = {};
  const fallbacks: Record<string, unknown> = {};
  const seen = new Set<string>();
  const candidates: Array<{ name: string; type: string; fallback?: unknown }> = rows.map((row, n) => {
    const declared: { name: string; type: string; fallback?: unknown } = { name: row.name, type: row.type };
    // The schema says this too, but only once every row is otherwise valid.
    if (row.name !== "" && seen.has(row.name)) errors[n]!.name = `${row.name} is declared more than once`;
    seen.add(row.name);
    if (!isType(row.type)) return declared;
    if (!row.required) {
      const fallback = parseValue(row.fallback, row.type);
      if ("error" in fallback) errors[n]!.fallback = `${fallback.error} (or tick required)`;
      else {
        declared.fallback = fallback.value;
        if (row.name !== "") fallbacks[row.name] = fallback.value;
      }
    }
    if (row.sample !== "") {
      const value = parseValue(row.sample, row.type);
      if ("error" in value) errors[n]!.sample = value.error;
      else if (row.name !== "") sample[row.name] = value.value;
    }
    return declared;
  });
  if (rows.length > VARIABLE_LIMITS.maxDeclared)
    errors[VARIABLE_LIMITS.maxDeclared]!.name = `at most ${VARIABLE_LIMITS.maxDeclared} variables`;
  const checked = variableDeclarationsSchema.safeParse(candidates);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const [index, field] = issue.path;
      if (typeof index !== "number" || !errors[index]) continue;
      const key: VariableRowField = field === "type" ? "type" : field === "fallback" ? "fallback" : "name";
      errors[index]![key] ??= issue.message;
    }
  }
  const ok = checked.success && errors.every((e) => Object.keys(e).length === 0);
  return { rows, errors, declarations: ok ? (checked.data as VariableDeclaration[]) : null, sample, fallbacks };
}
