import type { Prisma } from "@svc/db";
import type { Queryable } from "../sql.ts";
import type { VariableDeclaration } from "../templates/variables.ts";

/**
 * The `templates` table and its `template_versions` (a template's immutable published versions,
 * written only by the publish statement here). Every statement is scoped to a workspace, except
 * the sender's read of a version an email has pinned (its template id was resolved in the
 * email's workspace when the email was accepted).
 */

export interface TemplateRow {
  id: string;
  workspaceId: string;
  name: string;
  alias: string;
  layoutId: string | null;
  draftSubject: string;
  draftHtml: string;
  draftText: string | null;
  draftVariables: VariableDeclaration[];
  publishedVersion: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface TemplateVersionRow {
  templateId: string;
  version: number;
  subject: string;
  html: string;
  text: string | null;
  variables: VariableDeclaration[];
  layoutHtml: string | null;
  publishedAt: Date;
}

const COLUMNS = `id, "workspaceId", name, alias, "layoutId", "draftSubject", "draftHtml", "draftText", "draftVariables", "publishedVersion", "createdAt", "updatedAt"`;
const VERSION_COLUMNS = `"templateId", version, subject, html, text, variables, "layoutHtml", "publishedAt"`;

export interface NewTemplateRow {
  id: string;
  workspaceId: string;
  name: string;
  alias: string;
  layoutId: string | null;
  subject: string;
  html: string;
  text: string | null;
  variables: VariableDeclaration[];
}

/** Inserts a template (its draft); null when the alias is taken in the workspace. */
export async function insertTemplate(db: Queryable, row: NewTemplateRow): Promise<TemplateRow | null> {
  const { rows } = await db.query(
    `INSERT INTO templates (id, "workspaceId", name, alias, "layoutId", "draftSubject", "draftHtml", "draftText", "draftVariables")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)
     ON CONFLICT ("workspaceId", alias) DO NOTHING
     RETURNING ${COLUMNS}`,
    [row.id, row.workspaceId, row.name, row.alias, row.layoutId, row.subject, row.html, row.text, JSON.stringify(row.variables)],
  );
  return (rows[0] as TemplateRow | undefined) ?? null;
}

export interface TemplateDraftChange {
  name?: string;
  alias?: string;
  layoutId?: string | null;
  subject?: string;
  html?: string;
  text?: string | null;
  variables?: VariableDeclaration[];
}

/**
 * Changes the draft (and name, alias, layout) of one of the workspace's templates. Answers the
 * row, null when there is no such template, or "alias_taken".
 */
export async function updateTemplateDraft(
  db: Queryable,
  workspaceId: string,
  templateId: string,
  change: TemplateDraftChange,
): Promise<TemplateRow | null | "alias_taken"> {
  const has = (field: keyof TemplateDraftChange) => change[field] !== undefined;
  try {
    const { rows } = await db.query(
      `UPDATE templates
          SET name = CASE WHEN $3 THEN $4 ELSE name END,
              alias = CASE WHEN $5 THEN $6 ELSE alias END,
              "layoutId" = CASE WHEN $7 THEN $8 ELSE "layoutId" END,
              "draftSubject" = CASE WHEN $9 THEN $10 ELSE "draftSubject" END,
              "draftHtml" = CASE WHEN $11 THEN $12 ELSE "draftHtml" END,
              "draftText" = CASE WHEN $13 THEN $14 ELSE "draftText" END,
              "draftVariables" = CASE WHEN $15 THEN $16::jsonb ELSE "draftVariables" END,
              "updatedAt" = now()
        WHERE "workspaceId" = $1 AND id = $2
        RETURNING ${COLUMNS}`,
      [
        workspaceId,
        templateId,
        has("name"),
        change.name ?? null,
        has("alias"),
        change.alias ?? null,
        has("layoutId"),
        change.layoutId ?? null,
        has("subject"),
        change.subject ?? null,
        has("html"),
        change.html ?? null,
        has("text"),
        change.text ?? null,
        has("variables"),
        JSON.stringify(change.variables ?? []),
      ],
    );
    return (rows[0] as TemplateRow | undefined) ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === "23505") return "alias_taken";
    throw error;
  }
}

/** One of the workspace's templates, by id or alias. */
export async function selectTemplate(db: Queryable, workspaceId: string, idOrAlias: string): Promise<TemplateRow | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM templates WHERE "workspaceId" = $1 AND (id = $2 OR alias = $2) LIMIT 1`, [
    workspaceId,
    idOrAlias,
  ]);
  return (rows[0] as TemplateRow | undefined) ?? null;
}

/** A page of the workspace's templates, newest first, after the given one (keyset). */
export async function selectTemplatesNewestFirst(
  db: Queryable,
  workspaceId: string,
  page: { limit: number; after: { createdAt: Date; id: string } | null },
): Promise<TemplateRow[]> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM templates
      WHERE "workspaceId" = $1 AND ($2::timestamptz IS NULL OR ("createdAt", id) < ($2::timestamptz, $3::text))
      ORDER BY "createdAt" DESC, id DESC LIMIT $4`,
    [workspaceId, page.after?.createdAt ?? null, page.after?.id ?? null, page.limit],
  );
  return rows as TemplateRow[];
}

/** Deletes one of the workspace's templates and its versions; true if there was one. */
export async function deleteTemplateRow(db: Queryable, workspaceId: string, templateId: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM templates WHERE "workspaceId" = $1 AND id = $2`, [workspaceId, templateId]);
  return (rowCount ?? 0) > 0;
}

/**
 * Publishes a new version: a copy of the draft, or of the given earlier version (a rollback), with
 * the layout's published HTML copied in. The template row is locked for the statement, so
 * concurrent publishes get consecutive numbers. Answers the version, null when there is no such
 * template (or no such earlier version), or "layout_unpublished" when its layout has no version.
 */
export async function publishTemplateVersion(
  db: Queryable,
  workspaceId: string,
  templateId: string,
  fromVersion: number | null,
): Promise<TemplateVersionRow | null | "layout_unpublished"> {
  const { rows } = await db.query(
    `WITH t AS (
       SELECT * FROM templates WHERE "workspaceId" = $1 AND id = $2 FOR UPDATE
     ),
     source AS (
       SELECT t.id, COALESCE(t."publishedVersion", 0) + 1 AS version,
              CASE WHEN $3::int IS NULL THEN t."draftSubject" ELSE v.subject END AS subject,
              CASE WHEN $3::int IS NULL THEN t."draftHtml" ELSE v.html END AS html,
              CASE WHEN $3::int IS NULL THEN t."draftText" ELSE v.text END AS text,
              CASE WHEN $3::int IS NULL THEN t."draftVariables" ELSE v.variables END AS variables,
              CASE WHEN $3::int IS NULL THEN lv.html ELSE v."layoutHtml" END AS "layoutHtml",
              (t."layoutId" IS NOT NULL AND $3::int IS NULL AND lv.html IS NULL) AS layout_missing
         FROM t
         LEFT JOIN template_versions v ON v."templateId" = t.id AND v.version = $3::int
         LEFT JOIN templates l ON l.id = t."layoutId" AND l."workspaceId" = t."workspaceId"
         LEFT JOIN template_versions lv ON lv."templateId" = l.id AND lv.version = l."publishedVersion"
        WHERE $3::int IS NULL OR v.version IS NOT NULL
     ),
     inserted AS (
       INSERT INTO template_versions ("templateId", version, subject, html, text, variables, "layoutHtml")
       SELECT id, version, subject, html, text, variables, "layoutHtml" FROM source WHERE NOT layout_missing
       RETURNING ${VERSION_COLUMNS}
     ),
     moved AS (
       UPDATE templates SET "publishedVersion" = i.version, "updatedAt" = now() FROM inserted i WHERE templates.id = i."templateId"
     )
     SELECT i.*, false AS layout_missing FROM inserted i
     UNION ALL
     SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, true FROM source WHERE layout_missing`,
    [workspaceId, templateId, fromVersion],
  );
  const row = rows[0] as (TemplateVersionRow & { layout_missing: boolean }) | undefined;
  if (!row) return null;
  if (row.layout_missing) return "layout_unpublished";
  const { layout_missing: _, ...version } = row;
  return version;
}

/** Every published version of one of the workspace's templates, newest first. */
export async function selectTemplateVersions(db: Queryable, workspaceId: string, templateId: string): Promise<TemplateVersionRow[]> {
  const { rows } = await db.query(
    `SELECT v."templateId", v.version, v.subject, v.html, v.text, v.variables, v."layoutHtml", v."publishedAt"
       FROM template_versions v JOIN templates t ON t.id = v."templateId"
      WHERE t."workspaceId" = $1 AND t.id = $2
      ORDER BY v.version DESC`,
    [workspaceId, templateId],
  );
  return rows as TemplateVersionRow[];
}

/** These published versions of one of the workspace's templates (those it has), newest first. */
export async function selectTemplateVersionsNumbered(
  db: Queryable,
  workspaceId: string,
  templateId: string,
  versions: readonly number[],
): Promise<TemplateVersionRow[]> {
  const { rows } = await db.query(
    `SELECT v."templateId", v.version, v.subject, v.html, v.text, v.variables, v."layoutHtml", v."publishedAt"
       FROM template_versions v JOIN templates t ON t.id = v."templateId"
      WHERE t."workspaceId" = $1 AND t.id = $2 AND v.version = ANY ($3::int[])
      ORDER BY v.version DESC`,
    [workspaceId, templateId, [...versions]],
  );
  return rows as TemplateVersionRow[];
}

/** The layout HTML a draft would publish with: its layout's published HTML (null without one). */
export async function selectPublishedHtml(db: Queryable, workspaceId: string, templateId: string): Promise<string | null> {
  const { rows } = await db.query(
    `SELECT v.html FROM templates t JOIN template_versions v ON v."templateId" = t.id AND v.version = t."publishedVersion"
      WHERE t."workspaceId" = $1 AND t.id = $2`,
    [workspaceId, templateId],
  );
  return (rows[0] as { html: string } | undefined)?.html ?? null;
}

/** A version an email pinned (the sender's read; the id was resolved in the email's workspace). */
export async function selectTemplateVersion(db: Queryable, templateId: string, version: number): Promise<TemplateVersionRow | null> {
  const { rows } = await db.query({
    name: "svc_select_template_version",
    text: `SELECT ${VERSION_COLUMNS} FROM template_versions WHERE "templateId" = $1 AND version = $2`,
    values: [templateId, version],
  });
  return (rows[0] as TemplateVersionRow | undefined) ?? null;
}

/** What a send names: a template by id or alias, and a version (null: the one in force). */
export interface TemplateReference {
  id: string | null;
  alias: string | null;
  version: number | null;
}

export interface TemplateToPin {
  templateId: string;
  /** Null when the template has no such version (or none published). */
  version: number | null;
  subject: string | null;
  variables: VariableDeclaration[] | null;
}

/**
 * For each reference of one workspace's sends, its template and the version to pin, in one
 * statement: null where the workspace has no such template.
 */
export async function selectTemplatesToPin(
  db: Queryable,
  workspaceId: string,
  references: readonly TemplateReference[],
): Promise<Array<TemplateToPin | null>> {
  if (references.length === 0) return [];
  const { rows } = await db.query({
    name: "svc_select_templates_to_pin",
    text: `SELECT r.n::int AS n, t.id AS "templateId", v.version, v.subject, v.variables
             FROM unnest($2::text[], $3::text[], $4::int[]) WITH ORDINALITY AS r(id, alias, version, n)
             JOIN templates t ON t."workspaceId" = $1 AND (t.id = r.id OR t.alias = r.alias)
             LEFT JOIN template_versions v ON v."templateId" = t.id AND v.version = COALESCE(r.version, t."publishedVersion")`,
    values: [workspaceId, references.map((r) => r.id), references.map((r) => r.alias), references.map((r) => r.version)],
  });
  const answers: Array<TemplateToPin | null> = references.map(() => null);
  for (const row of rows as Array<TemplateToPin & { n: number }>) {
    const { n, ...pin } = row;
    answers[n - 1] = pin;
  }
  return answers;
}

/** A template's alias by id (an email's answer names it); null once the template is deleted. */
export async function selectTemplateAlias(
  prisma: Prisma.TransactionClient,
  workspaceId: string,
  templateId: string,
): Promise<string | null> {
  const row = await prisma.template.findFirst({ where: { id: templateId, workspaceId }, select: { alias: true } });
  return row?.alias ?? null;
}
