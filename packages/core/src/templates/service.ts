import { newId } from "@svc/db";
import { z } from "zod";
import { AppError, notFound } from "../errors.ts";
import type { Queryable } from "../sql.ts";
import { selectEmailTemplate } from "../stores/emails.ts";
import {
  deleteTemplateRow,
  insertTemplate,
  publishTemplateVersion,
  selectPublishedHtml,
  selectTemplate,
  selectTemplatesNewestFirst,
  selectTemplateVersions,
  type TemplateRow,
  type TemplateVersionRow,
  updateTemplateDraft,
} from "../stores/templates.ts";
import { storableString } from "../text.ts";
import { type RenderedContent, TEMPLATE_LIMITS, TemplateRenderError } from "./engine.ts";
import type { RenderPool } from "./renderPool.ts";
import { resolveVariables, type VariableDeclaration, variableDeclarationsSchema } from "./variables.ts";

/** A template as the API answers it: its draft and the version in force. */
export interface TemplateView {
  id: string;
  name: string;
  alias: string;
  layoutId: string | null;
  draft: { subject: string; html: string; text: string | null; variables: VariableDeclaration[] };
  publishedVersion: number | null;
  createdAt: string;
  updatedAt: string;
}

/** A published version as the API shows it: the stored row (TemplateVersionRow) without its template's id. */
export interface TemplateVersionView extends Omit<TemplateVersionRow, "templateId" | "publishedAt"> {
  publishedAt: string;
}

const viewOf = (row: TemplateRow): TemplateView => ({
  id: row.id,
  name: row.name,
  alias: row.alias,
  layoutId: row.layoutId,
  draft: { subject: row.draftSubject, html: row.draftHtml, text: row.draftText, variables: row.draftVariables },
  publishedVersion: row.publishedVersion,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const versionViewOf = (row: TemplateVersionRow): TemplateVersionView => ({
  version: row.version,
  subject: row.subject,
  html: row.html,
  text: row.text,
  variables: row.variables,
  layoutHtml: row.layoutHtml,
  publishedAt: row.publishedAt.toISOString(),
});

const ALIAS = /^[a-z0-9][a-z0-9_-]{0,99}$/;

const unknownFields = (shape: string) => ({
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys?.join(", ")}` : `the body must be a JSON object ${shape}`,
});

const templateFields = {
  name: storableString({ error: "must be a string" })
    .trim()
    .min(1, { error: "must not be empty" })
    .max(200, { error: "must be at most 200 characters" }),
  alias: storableString({ error: "must be a string" }).regex(ALIAS, {
    error: "must be 1 to 100 lower-case letters, digits, _ or -, starting with a letter or digit",
  }),
  layoutId: storableString({ error: "must be a string" }).max(100, { error: "must be at most 100 characters" }).nullable(),
  subject: storableString({ error: "must be a string" })
    .min(1, { error: "must not be empty" })
    .max(TEMPLATE_LIMITS.maxSourceLength, { error: "is too long" }),
  html: storableString({ error: "must be a string" }).max(TEMPLATE_LIMITS.maxSourceLength, { error: "is too long" }),
  text: storableString({ error: "must be a string" }).max(TEMPLATE_LIMITS.maxSourceLength, { error: "is too long" }).nullable(),
  variables: variableDeclarationsSchema,
};

const createSchema = z.strictObject(
  {
    ...templateFields,
    layoutId: templateFields.layoutId.optional(),
    text: templateFields.text.optional(),
    variables: templateFields.variables.optional(),
  },
  unknownFields("{name, alias, subject, html, text?, variables?, layoutId?}"),
);
const updateSchema = z.strictObject(
  Object.fromEntries(Object.entries(templateFields).map(([name, field]) => [name, field.optional()])) as {
    [K in keyof typeof templateFields]: z.ZodOptional<(typeof templateFields)[K]>;
  },
  unknownFields("of the fields to change"),
);

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
  );
  throw new AppError("validation_failed", `Invalid request: ${[...new Set(problems)].join("; ")}.`);
}

/** A draft that does not parse is refused when saved, naming the part (parsed in the render pool). */
async function checkParses(
  renderPool: RenderPool,
  workspaceId: string,
  parts: { subject: string; html: string; text: string | null },
): Promise<void> {
  try {
    await renderPool.check(workspaceId, { ...parts, layoutHtml: null });
  } catch (error) {
    if (error instanceof TemplateRenderError) throw new AppError("validation_failed", `Invalid request: ${error.message}.`);
    throw error;
  }
}

/**
 * The layout a template names (by id or alias) as its id, which is what is stored: an alias can
 * change or pass to another template. Undefined and null pass through (no change, no layout).
 */
async function resolveLayout<T extends string | null | undefined>(
  db: Queryable,
  workspaceId: string,
  layoutId: T,
  templateId: string | null,
): Promise<T | string> {
  if (layoutId === undefined || layoutId === null) return layoutId;
  const layout = await selectTemplate(db, workspaceId, layoutId);
  if (!layout) throw new AppError("validation_failed", `Invalid request: layoutId: no template ${layoutId} in this workspace.`);
  if (layout.id === templateId) throw new AppError("validation_failed", "Invalid request: layoutId: a template cannot be its own layout.");
  return layout.id;
}

export async function createTemplate(db: Queryable, renderPool: RenderPool, workspaceId: string, body: unknown): Promise<TemplateView> {
  const input = parse(createSchema, body);
  await checkParses(renderPool, workspaceId, { subject: input.subject, html: input.html, text: input.text ?? null });
  const layoutId = await resolveLayout(db, workspaceId, input.layoutId ?? null, null);
  const row = await insertTemplate(db, {
    id: newId("template"),
    workspaceId,
    name: input.name,
    alias: input.alias,
    layoutId,
    subject: input.subject,
    html: input.html,
    text: input.text ?? null,
    variables: input.variables ?? [],
  });
  if (!row) throw new AppError("conflict", `A template with the alias ${input.alias} already exists in this workspace.`);
  return viewOf(row);
}

/** Edits go to the draft; the published versions do not change. */
export async function updateTemplate(
  db: Queryable,
  renderPool: RenderPool,
  workspaceId: string,
  idOrAlias: string,
  body: unknown,
): Promise<TemplateView> {
  const change = parse(updateSchema, body);
  const current = await selectTemplate(db, workspaceId, idOrAlias);
  if (!current) throw notFound("Template");
  await checkParses(renderPool, workspaceId, {
    subject: change.subject ?? current.draftSubject,
    html: change.html ?? current.draftHtml,
    text: change.text === undefined ? current.draftText : change.text,
  });
  const layoutId = await resolveLayout(db, workspaceId, change.layoutId, current.id);
  const row = await updateTemplateDraft(db, workspaceId, current.id, { ...change, layoutId });
  if (row === "alias_taken") throw new AppError("conflict", `A template with the alias ${change.alias} already exists in this workspace.`);
  if (!row) throw notFound("Template");
  return viewOf(row);
}

export async function getTemplate(db: Queryable, workspaceId: string, idOrAlias: string): Promise<TemplateView> {
  const row = await selectTemplate(db, workspaceId, idOrAlias);
  if (!row) throw notFound("Template");
  return viewOf(row);
}

export const TEMPLATE_LIST_LIMIT = { default: 50, max: 100 } as const;

/** Newest first; `after` is the id of the last template of the previous page. */
export async function listTemplates(
  db: Queryable,
  workspaceId: string,
  query: { limit?: unknown; after?: unknown },
): Promise<{ data: TemplateView[]; hasMore: boolean }> {
  const limit = query.limit === undefined ? TEMPLATE_LIST_LIMIT.default : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > TEMPLATE_LIST_LIMIT.max) {
    throw new AppError("validation_failed", `limit: must be a whole number from 1 to ${TEMPLATE_LIST_LIMIT.max}.`);
  }
  let after: { createdAt: Date; id: string } | null = null;
  if (query.after !== undefined) {
    const last = typeof query.after === "string" ? await selectTemplate(db, workspaceId, query.after) : null;
    if (!last) throw new AppError("validation_failed", "after: must be the id of one of this workspace's templates.");
    after = { createdAt: last.createdAt, id: last.id };
  }
  const rows = await selectTemplatesNewestFirst(db, workspaceId, { limit: limit + 1, after });
  return { data: rows.slice(0, limit).map(viewOf), hasMore: rows.length > limit };
}

export async function deleteTemplate(db: Queryable, workspaceId: string, idOrAlias: string): Promise<{ id: string; deleted: true }> {
  const row = await selectTemplate(db, workspaceId, idOrAlias);
  if (!row || !(await deleteTemplateRow(db, workspaceId, row.id))) throw notFound("Template");
  return { id: row.id, deleted: true };
}

const duplicateSchema = z.strictObject(
  { name: templateFields.name.optional(), alias: templateFields.alias },
  unknownFields("{alias, name?}"),
);

/** A new template whose draft is a copy of this one's (its versions are not copied). */
export async function duplicateTemplate(db: Queryable, workspaceId: string, idOrAlias: string, body: unknown): Promise<TemplateView> {
  const { name, alias } = parse(duplicateSchema, body);
  const source = await selectTemplate(db, workspaceId, idOrAlias);
  if (!source) throw notFound("Template");
  const row = await insertTemplate(db, {
    id: newId("template"),
    workspaceId,
    name: name ?? `${source.name} (copy)`.slice(0, 200),
    alias,
    layoutId: source.layoutId,
    subject: source.draftSubject,
    html: source.draftHtml,
    text: source.draftText,
    variables: source.draftVariables,
  });
  if (!row) throw new AppError("conflict", `A template with the alias ${alias} already exists in this workspace.`);
  return viewOf(row);
}

const publishSchema = z.strictObject(
  {
    fromVersion: z
      .int({ error: "must be a whole number" })
      .min(1, { error: "must be at least 1" })
      .max(2_147_483_647, { error: "is too large" })
      .optional(),
  },
  unknownFields("{fromVersion?}"),
);

/**
 * Publishes the draft as the next version, or an earlier version again (`fromVersion`: a
 * rollback) as the next number. New sends use it; emails accepted before keep theirs.
 */
export async function publishTemplate(db: Queryable, workspaceId: string, idOrAlias: string, body: unknown): Promise<TemplateVersionView> {
  const { fromVersion } = parse(publishSchema, body ?? {});
  const template = await selectTemplate(db, workspaceId, idOrAlias);
  if (!template) throw notFound("Template");
  const published = await publishTemplateVersion(db, workspaceId, template.id, fromVersion ?? null);
  if (published === "layout_unpublished")
    throw new AppError("validation_failed", "Invalid request: the template's layout has no published version.");
  if (!published)
    throw fromVersion === undefined
      ? notFound("Template")
      : new AppError("validation_failed", `Invalid request: fromVersion: the template has no version ${fromVersion}.`);
  return versionViewOf(published);
}

export async function listTemplateVersions(db: Queryable, workspaceId: string, idOrAlias: string): Promise<TemplateVersionView[]> {
  const template = await selectTemplate(db, workspaceId, idOrAlias);
  if (!template) throw notFound("Template");
  return (await selectTemplateVersions(db, workspaceId, template.id)).map(versionViewOf);
}

const renderSchema = z.strictObject(
  {
    version: z
      .int({ error: "must be a whole number" })
      .min(1, { error: "must be at least 1" })
      .max(2_147_483_647, { error: "is too large" })
      .optional(),
    variables: z.record(z.string(), z.unknown(), { error: "must be an object of variable names to values" }).optional(),
  },
  unknownFields("{version?, variables?}"),
);

/**
 * A test render, in the render pool: of the draft (with its layout's published HTML), or of a
 * published version. A missing or mistyped variable, or a failed render, is a 422 saying what;
 * a workspace whose render share is spent gets RenderBusy (renderPool.ts).
 */
export async function renderTemplate(
  db: Queryable,
  renderPool: RenderPool,
  workspaceId: string,
  idOrAlias: string,
  body: unknown,
): Promise<RenderedContent> {
  const { version, variables = {} } = parse(renderSchema, body ?? {});
  const template = await selectTemplate(db, workspaceId, idOrAlias);
  if (!template) throw notFound("Template");
  let sources: { subject: string; html: string; text: string | null; layoutHtml: string | null; variables: VariableDeclaration[] };
  let cacheKey: string | null = null;
  if (version === undefined) {
    const layoutHtml = template.layoutId ? await selectPublishedHtml(db, workspaceId, template.layoutId) : null;
    sources = {
      subject: template.draftSubject,
      html: template.draftHtml,
      text: template.draftText,
      layoutHtml,
      variables: template.draftVariables,
    };
  } else {
    const found = (await selectTemplateVersions(db, workspaceId, template.id)).find((row) => row.version === version);
    if (!found) throw new AppError("validation_failed", `Invalid request: version: the template has no version ${version}.`);
    sources = found;
    cacheKey = `${template.id}:${version}`;
  }
  const values = resolveVariables(sources.variables, variables, "template");
  try {
    const { subject, html, text } = await renderPool.render({ workspaceId, cacheKey, sources, variables: values });
    return { subject, html, text };
  } catch (error) {
    if (error instanceof TemplateRenderError) throw new AppError("validation_failed", `The template did not render: ${error.message}.`);
    throw error;
  }
}

/** The dashboard's preview: the rendered parts and the variables the template reads that have no row. */
export type TemplatePreview = (RenderedContent & { undeclared: string[] }) | { error: string };

/**
 * The dashboard's live preview, in the render pool: renders unsaved sources of one of the
 * workspace's templates (with its layout's published HTML) with sample values as given (one per
 * declared variable), unchecked against the declarations. Answers the rendered parts and the
 * names the template reads that are not declared (they render empty), or the error a person
 * should see. A workspace whose render share is spent gets RenderBusy.
 */
export async function previewTemplateDraft(
  db: Queryable,
  renderPool: RenderPool,
  workspaceId: string,
  idOrAlias: string,
  draft: { subject: string; html: string; text: string | null; sample: Record<string, unknown> },
): Promise<TemplatePreview> {
  const template = await selectTemplate(db, workspaceId, idOrAlias);
  if (!template) throw notFound("Template");
  const layoutHtml = template.layoutId ? await selectPublishedHtml(db, workspaceId, template.layoutId) : null;
  try {
    const rendered = await renderPool.render({
      workspaceId,
      cacheKey: null,
      sources: { subject: draft.subject, html: draft.html, text: draft.text, layoutHtml },
      variables: draft.sample,
      withUsedVariables: true,
    });
    const undeclared = (rendered.usedVariables ?? []).filter((name) => !Object.hasOwn(draft.sample, name));
    return { subject: rendered.subject, html: rendered.html, text: rendered.text, undeclared };
  } catch (error) {
    if (error instanceof TemplateRenderError) return { error: error.message };
    throw error;
  }
}

/** The template an email was sent by, as its page shows it. */
export interface EmailTemplateView {
  templateId: string;
  /** Null for a dashboard test send of the draft. */
  version: number | null;
  /** The template's name and alias; null once it is deleted. */
  name: string | null;
  alias: string | null;
}

/** The template one of the workspace's emails was sent by; null for an email sent without one (or not found). */
export async function getEmailTemplate(db: Queryable, workspaceId: string, emailId: string): Promise<EmailTemplateView | null> {
  return selectEmailTemplate(db, workspaceId, emailId);
}
