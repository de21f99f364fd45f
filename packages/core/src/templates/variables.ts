import { z } from "zod";
import { AppError } from "../errors.ts";
import { storableString } from "../text.ts";

/** The types a template may declare for a variable, checked when an email is accepted. */
export const VARIABLE_TYPES = ["string", "number", "boolean", "list", "object"] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

/** A declared variable: without a fallback it is required. */
export interface VariableDeclaration {
  name: string;
  type: VariableType;
  /** Used when the email gives no value; must be of `type`. Absent: the variable is required. */
  fallback?: unknown;
}

export const VARIABLE_LIMITS = {
  maxDeclared: 100,
  /** The variables an email gives, as JSON: they are stored on the email row until it is retained. */
  maxValuesBytes: 64 * 1024,
} as const;

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export function isOfType(value: unknown, type: VariableType): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "list":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
  }
}

export const variableDeclarationsSchema = z
  .array(
    z
      .strictObject(
        {
          name: storableString({ error: "must be a string" }).regex(NAME, {
            error: "must be a letter or _ followed by letters, digits or _ (at most 64)",
          }),
          type: z.enum(VARIABLE_TYPES, { error: `must be one of ${VARIABLE_TYPES.join(", ")}` }),
          fallback: z.unknown().optional(),
        },
        {
          error: (issue) =>
            issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : "must be an object {name, type, fallback?}",
        },
      )
      .superRefine((declared, ctx) => {
        if (declared.fallback !== undefined && !isOfType(declared.fallback, declared.type)) {
          ctx.addIssue({ code: "custom", path: ["fallback"], message: `must be a ${declared.type}` });
        }
      }),
    { error: "must be an array of {name, type, fallback?}" },
  )
  .max(VARIABLE_LIMITS.maxDeclared, { error: `must contain at most ${VARIABLE_LIMITS.maxDeclared} variables` })
  .superRefine((declared, ctx) => {
    const seen = new Set<string>();
    declared.forEach(({ name }, index) => {
      if (seen.has(name)) ctx.addIssue({ code: "custom", path: [index, "name"], message: `${name} is declared more than once` });
      seen.add(name);
    });
  });

/**
 * The values a template renders with: the given ones of each declared variable, or its fallback.
 * Undeclared values are left out (a caller may still send a variable an older version used).
 * Throws a 422 naming every missing or mistyped variable.
 */
export function resolveVariables(
  declared: readonly VariableDeclaration[],
  given: Readonly<Record<string, unknown>>,
  where: string,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const { name, type, fallback } of declared) {
    const value = Object.hasOwn(given, name) ? given[name] : undefined;
    if (value === undefined || value === null) {
      if (fallback === undefined) problems.push(`${where}.variables.${name}: is required`);
      else values[name] = fallback;
    } else if (!isOfType(value, type)) {
      problems.push(`${where}.variables.${name}: must be a ${type}`);
    } else {
      values[name] = value;
    }
  }
  if (problems.length > 0) throw new AppError("validation_failed", `Invalid request: ${problems.join("; ")}.`);
  return values;
}
