import { diffLines } from "diff";
import { AppError, notFound } from "../errors.ts";
import type { Queryable } from "../sql.ts";
import { selectTemplate, selectTemplateVersionsNumbered } from "../stores/templates.ts";
import type { VariableDeclaration } from "./variables.ts";

/** One side of a comparison: a published version, or the saved draft. */
export type TemplateSide = number | "draft";

export type DiffLine =
  | { kind: "added" | "removed" | "same"; text: string }
  /** Unchanged lines left out between two changes (more than twice the context). */
  | { kind: "skipped"; count: number };

export interface TemplatePartDiff {
  part: "subject" | "html" | "text" | "variables";
  changed: boolean;
  /** Null when the comparison gave up (see DIFF_LIMITS.timeoutMs): the part is too different to show line by line. */
  lines: DiffLine[] | null;
}

export interface TemplateDiff {
  from: TemplateSide;
  to: TemplateSide;
  parts: TemplatePartDiff[];
}

export const DIFF_LIMITS = {
  /** Unchanged lines shown around each change. */
  context: 3,
  /** jsdiff's own bound: sources of up to 512 K characters each can take long when they share little. */
  timeoutMs: 500,
} as const;

interface Sources {
  subject: string;
  html: string;
  text: string | null;
  variables: VariableDeclaration[];
}

/** Splits jsdiff's chunks into lines and folds long unchanged runs down to their context. */
function linesOf(before: string, after: string): DiffLine[] | null {
  // A line is the same whether or not it ends the text or came from a browser's textarea (CRLF).
  const chunks = diffLines(before, after, { timeout: DIFF_LIMITS.timeoutMs, stripTrailingCr: true, ignoreNewlineAtEof: true });
  if (!chunks) return null;
  const all: Array<{ kind: "added" | "removed" | "same"; text: string }> = [];
  for (const chunk of chunks) {
    const kind = chunk.added ? "added" : chunk.removed ? "removed" : "same";
    const lines = chunk.value.split("\n");
    if (lines.at(-1) === "") lines.pop();
    for (const text of lines) all.push({ kind, text });
  }
  const near = new Set<number>();
  all.forEach((line, n) => {
    if (line.kind === "same") return;
    for (let k = Math.max(0, n - DIFF_LIMITS.context); k <= Math.min(all.length - 1, n + DIFF_LIMITS.context); k++) near.add(k);
  });
  const out: DiffLine[] = [];
  let skipped = 0;
  all.forEach((line, n) => {
    if (line.kind === "same" && !near.has(n)) {
      skipped++;
      return;
    }
    if (skipped > 0) out.push({ kind: "skipped", count: skipped });
    skipped = 0;
    out.push(line);
  });
  if (skipped > 0) out.push({ kind: "skipped", count: skipped });
  return out;
}

/** A line diff of each part of two template sources, the variables as pretty JSON. */
export function diffTemplateSources(before: Sources, after: Sources): TemplatePartDiff[] {
  const parts: Array<[TemplatePartDiff["part"], string, string]> = [
    ["subject", before.subject, after.subject],
    ["html", before.html, after.html],
    ["text", before.text ?? "", after.text ?? ""],
    ["variables", JSON.stringify(before.variables, null, 2), JSON.stringify(after.variables, null, 2)],
  ];
  return parts.map(([part, a, b]) => ({ part, changed: a !== b, lines: linesOf(a, b) }));
}

/** Reads "draft" or a version number as a side (a 422 naming the field otherwise). */
export function parseTemplateSide(value: unknown, field: string): TemplateSide {
  if (value === "draft") return "draft";
  const text = typeof value === "string" ? value.replace(/^v/, "") : "";
  const version = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(version) || version > 2_147_483_647)
    throw new AppError("validation_failed", `${field}: must be "draft" or a version number.`);
  return version;
}

/**
 * Compares two sides of one of the workspace's templates (two versions, or a version and the
 * saved draft). An unknown template is a 404; a version it does not have is a 422 naming it.
 */
export async function diffTemplateVersions(
  db: Queryable,
  workspaceId: string,
  idOrAlias: string,
  from: TemplateSide,
  to: TemplateSide,
): Promise<TemplateDiff> {
  const template = await selectTemplate(db, workspaceId, idOrAlias);
  if (!template) throw notFound("Template");
  const numbers = [from, to].filter((side): side is number => side !== "draft");
  const versions = numbers.length === 0 ? [] : await selectTemplateVersionsNumbered(db, workspaceId, template.id, numbers);
  const sourcesOf = (side: TemplateSide, field: string): Sources => {
    if (side === "draft")
      return { subject: template.draftSubject, html: template.draftHtml, text: template.draftText, variables: template.draftVariables };
    const found = versions.find((row) => row.version === side);
    if (!found) throw new AppError("validation_failed", `${field}: the template has no version ${side}.`);
    return found;
  };
  return { from, to, parts: diffTemplateSources(sourcesOf(from, "from"), sourcesOf(to, "to")) };
}
