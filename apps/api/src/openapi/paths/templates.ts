import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { TEMPLATE_LIST_LIMIT, VARIABLE_TYPES } from "@svc/core";
import { z } from "zod";
import { JSON_BODY_ERRORS, registerOperation } from "../operation.ts";

const TAG = "Templates";

const variable = z
  .object({
    name: z.string().meta({ description: "A letter or _ followed by letters, digits or _ (at most 64)." }),
    type: z.enum(VARIABLE_TYPES),
    fallback: z
      .unknown()
      .optional()
      .meta({ description: "Used when a send gives no value; of `type`. Without it the variable is required." }),
  })
  .meta({ id: "TemplateVariable" });

const template = z
  .object({
    id: z.string().meta({ example: "tmpl_3kT9aQ0bX7mN2pL5rV8sW1yZ" }),
    name: z.string(),
    alias: z.string().meta({ description: "Unique in the workspace; sends may name the template by it.", example: "receipt" }),
    layoutId: z.string().nullable().meta({ description: "A template whose HTML wraps this one's at `{{ content }}`." }),
    draft: z.object({ subject: z.string(), html: z.string(), text: z.string().nullable(), variables: z.array(variable) }),
    publishedVersion: z.number().int().nullable().meta({ description: "The version new sends use; null until published." }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Template" });

const version = z
  .object({
    version: z.number().int(),
    subject: z.string(),
    html: z.string(),
    text: z.string().nullable(),
    variables: z.array(variable),
    layoutHtml: z.string().nullable().meta({ description: "The layout's published HTML when this version was published." }),
    publishedAt: z.iso.datetime(),
  })
  .meta({ id: "TemplateVersion" });

const sources = {
  name: z.string().min(1).max(200),
  alias: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,99}$/),
  subject: z.string().min(1).meta({ description: "Liquid; not HTML-escaped." }),
  html: z.string().meta({ description: "Liquid; every `{{ output }}` is HTML-escaped unless written `| raw`." }),
  text: z.string().nullable().meta({ description: "Liquid; when null, the text is derived from the rendered HTML." }),
  variables: z.array(variable).max(100),
  layoutId: z.string().nullable(),
};

const createRequest = z
  .object({ ...sources, text: sources.text.optional(), variables: sources.variables.optional(), layoutId: sources.layoutId.optional() })
  .meta({
    id: "CreateTemplateRequest",
    example: {
      name: "Receipt",
      alias: "receipt",
      subject: "Receipt for {{ name }}",
      html: "<p>Thanks {{ name }}</p>",
      variables: [{ name: "name", type: "string" }],
    },
  });

const updateRequest = z
  .object(Object.fromEntries(Object.entries(sources).map(([key, schema]) => [key, schema.optional()])))
  .meta({ id: "UpdateTemplateRequest", description: "The fields to change in the draft; published versions never change." });

const rendered = z.object({ subject: z.string(), html: z.string(), text: z.string() }).meta({ id: "RenderedTemplate" });

const idParam = z.object({ id: z.string().meta({ description: "The template's id or alias.", example: "receipt" }) });

const body = (schema: z.ZodType, required = true) => ({ body: { required, content: { "application/json": { schema } } } });

export function registerTemplateOperations(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: "get",
    path: "/templates",
    operationId: "listTemplates",
    tag: TAG,
    summary: "List templates",
    description: "Newest first.",
    permission: "templates:read",
    request: {
      query: z.object({
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .max(TEMPLATE_LIST_LIMIT.max)
          .optional()
          .meta({ description: `Default ${TEMPLATE_LIST_LIMIT.default}.` }),
        after: z.string().optional().meta({ description: "The id of the last template of the previous page." }),
      }),
    },
    responses: { 200: { description: "A page of templates.", schema: z.object({ data: z.array(template), hasMore: z.boolean() }) } },
    errors: ["validation_failed"],
  });
  registerOperation(registry, {
    method: "post",
    path: "/templates",
    operationId: "createTemplate",
    tag: TAG,
    summary: "Create a template",
    description: "Creates the template with its draft; publish it before sending with it. A draft that does not parse is refused.",
    permission: "templates:manage",
    request: body(createRequest),
    responses: { 201: { description: "The new template.", schema: template } },
    errors: [...JSON_BODY_ERRORS, "conflict"],
  });
  registerOperation(registry, {
    method: "get",
    path: "/templates/{id}",
    operationId: "getTemplate",
    tag: TAG,
    summary: "Get a template",
    permission: "templates:read",
    request: { params: idParam },
    responses: { 200: { description: "The template and its draft.", schema: template } },
    errors: ["not_found"],
  });
  registerOperation(registry, {
    method: "patch",
    path: "/templates/{id}",
    operationId: "updateTemplate",
    tag: TAG,
    summary: "Update a template's draft",
    permission: "templates:manage",
    request: { params: idParam, ...body(updateRequest) },
    responses: { 200: { description: "The template.", schema: template } },
    errors: [...JSON_BODY_ERRORS, "not_found", "conflict"],
  });
  registerOperation(registry, {
    method: "delete",
    path: "/templates/{id}",
    operationId: "deleteTemplate",
    tag: TAG,
    summary: "Delete a template",
    description:
      "Deletes the template and its versions. Emails accepted with it and not yet sent end `failed` with a `rendering_failed` event.",
    permission: "templates:manage",
    request: { params: idParam },
    responses: { 200: { description: "Deleted.", schema: z.object({ id: z.string(), deleted: z.literal(true) }) } },
    errors: ["not_found"],
  });
  registerOperation(registry, {
    method: "post",
    path: "/templates/{id}/publish",
    operationId: "publishTemplate",
    tag: TAG,
    summary: "Publish a version",
    description:
      "Publishes the draft as the next version, or `fromVersion` again as the next version (a rollback). New sends use it; emails already accepted keep their version.",
    permission: "templates:manage",
    request: {
      params: idParam,
      ...body(z.object({ fromVersion: z.number().int().min(1).optional() }).meta({ id: "PublishTemplateRequest" }), false),
    },
    responses: { 201: { description: "The new version.", schema: version } },
    errors: [...JSON_BODY_ERRORS, "not_found"],
  });
  registerOperation(registry, {
    method: "post",
    path: "/templates/{id}/duplicate",
    operationId: "duplicateTemplate",
    tag: TAG,
    summary: "Duplicate a template",
    description: "A new template under `alias` whose draft is a copy of this one's draft (no versions are copied).",
    permission: "templates:manage",
    request: {
      params: idParam,
      ...body(z.object({ alias: sources.alias, name: sources.name.optional() }).meta({ id: "DuplicateTemplateRequest" })),
    },
    responses: { 201: { description: "The new template.", schema: template } },
    errors: [...JSON_BODY_ERRORS, "not_found", "conflict"],
  });
  registerOperation(registry, {
    method: "get",
    path: "/templates/{id}/versions",
    operationId: "listTemplateVersions",
    tag: TAG,
    summary: "List a template's versions",
    permission: "templates:read",
    request: { params: idParam },
    responses: { 200: { description: "Every published version, newest first.", schema: z.object({ data: z.array(version) }) } },
    errors: ["not_found"],
  });
  registerOperation(registry, {
    method: "post",
    path: "/templates/{id}/render",
    operationId: "renderTemplate",
    tag: TAG,
    summary: "Render a template",
    description:
      "A test render of the draft (or of `version`) with `variables`: nothing is sent. A missing or mistyped variable, or a failed render (a render past its time budget included), is a 422 saying what. Renders have their own limit per workspace (API_TEMPLATE_RENDERS_PER_MINUTE) and share of render time; past either: 429 `render_rate_limited` with Retry-After.",
    permission: "templates:read",
    request: {
      params: idParam,
      ...body(
        z
          .object({ version: z.number().int().min(1).optional(), variables: z.record(z.string(), z.unknown()).optional() })
          .meta({ id: "RenderTemplateRequest" }),
        false,
      ),
    },
    responses: { 200: { description: "The rendered subject, HTML and text.", schema: rendered } },
    errors: [...JSON_BODY_ERRORS, "not_found", "render_rate_limited"],
  });
}
