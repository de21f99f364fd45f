import { z } from "zod";
import { AppError } from "../errors.ts";
import type { Queryable } from "../sql.ts";
import { selectTemplatesToPin, type TemplateReference } from "../stores/templates.ts";
import { storableString } from "../text.ts";
import { resolveVariables, VARIABLE_LIMITS } from "./variables.ts";

/** The version an accepted email renders at its handoff, with the values it renders with. */
export interface PinnedTemplate {
  templateId: string;
  /**
   * Null only for a test send of the draft (testSend.ts): it was rendered when accepted and the
   * email holds the rendered content, so the sender sends it as it is.
   */
  version: number | null;
  variables: Record<string, unknown>;
  /** The subject's template source: the caller's, or the version's. */
  subject: string;
}

/** `template` of a POST /emails body: which template, and the values of its variables. */
export interface TemplateRequest {
  reference: TemplateReference;
  variables: Record<string, unknown>;
  /** Set by pinTemplates once the reference and the variables are checked. */
  pinned: PinnedTemplate | null;
}

export const templateField = z
  .strictObject(
    {
      id: storableString({ error: "must be a string" })
        .min(1, { error: "must not be empty" })
        .max(100, { error: "must be at most 100 characters" })
        .optional(),
      alias: storableString({ error: "must be a string" })
        .min(1, { error: "must not be empty" })
        .max(100, { error: "must be at most 100 characters" })
        .optional(),
      version: z
        .int({ error: "must be a whole number" })
        .min(1, { error: "must be at least 1" })
        .max(2_147_483_647, { error: "is too large" })
        .optional(),
      variables: z
        .unknown()
        .superRefine((value, ctx) => {
          if (typeof value !== "object" || value === null || Array.isArray(value)) {
            ctx.addIssue({ code: "custom", message: "must be an object of variable names to values" });
          } else if (Buffer.byteLength(JSON.stringify(value)) > VARIABLE_LIMITS.maxValuesBytes) {
            ctx.addIssue({ code: "custom", message: `must be at most ${VARIABLE_LIMITS.maxValuesBytes / 1024} KB as JSON` });
          }
        })
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `unknown field(s): ${issue.keys.join(", ")}`
          : "must be an object {id | alias, version?, variables?}",
    },
  )
  .refine((value) => (value.id === undefined) !== (value.alias === undefined), { error: "give exactly one of id or alias" });

export function templateRequestOf(value: z.infer<typeof templateField>): TemplateRequest {
  return {
    reference: { id: value.id ?? null, alias: value.alias ?? null, version: value.version ?? null },
    variables: (value.variables ?? {}) as Record<string, unknown>,
    pinned: null,
  };
}

/** What pinTemplates reads of a send (it sets `template.pinned`). */
export interface TemplatedInput {
  subject: string;
  template: TemplateRequest | null;
}

/**
 * Checks the template of each templated send of one workspace (one statement for all of them)
 * and pins the version in force (or the one asked for) with the values to render and the
 * subject (the version's, unless the caller gave one). Answers, per input, null when it is ready,
 * or the 422 naming what is wrong (an unknown template or version, a missing or mistyped
 * variable); nothing is written here.
 */
export async function pinTemplates(db: Queryable, workspaceId: string, inputs: readonly TemplatedInput[]): Promise<Array<AppError | null>> {
  const templated = inputs.flatMap((input, n) => (input.template ? [{ n, request: input.template }] : []));
  const answers: Array<AppError | null> = inputs.map(() => null);
  if (templated.length === 0) return answers;
  const found = await selectTemplatesToPin(
    db,
    workspaceId,
    templated.map(({ request }) => request.reference),
  );
  templated.forEach(({ n, request }, i) => {
    const { id, alias, version } = request.reference;
    const named = id !== null ? `id ${id}` : `alias ${alias}`;
    const pin = found[i];
    if (!pin) {
      answers[n] = new AppError("validation_failed", `Invalid request: template: no template with ${named} in this workspace.`);
      return;
    }
    if (pin.version === null || pin.subject === null || pin.variables === null) {
      answers[n] = new AppError(
        "validation_failed",
        version === null
          ? `Invalid request: template: the template with ${named} has no published version.`
          : `Invalid request: template.version: the template with ${named} has no version ${version}.`,
      );
      return;
    }
    try {
      const variables = resolveVariables(pin.variables, request.variables, "template");
      request.pinned = { templateId: pin.templateId, version: pin.version, variables, subject: inputs[n]!.subject || pin.subject };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      answers[n] = error;
    }
  });
  return answers;
}
