import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { registerOperation } from "../operation.ts";

/** Where the API serves its own reference; the routes and the document share these. */
export const REFERENCE_PATHS = {
  document: "/openapi.json",
  page: "/docs",
  script: "/docs/api-reference.js",
} as const;

const checks = z.record(z.string(), z.enum(["ok", "unreachable"])).meta({ example: { postgres: "ok", redis: "ok" } });

export function registerServiceOperations(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: "get",
    path: "/healthz",
    operationId: "getHealth",
    tag: "Service",
    summary: "Liveness",
    description: "The process answers. Dependencies are not looked at, so an outage never restarts it.",
    permission: null,
    responses: { 200: { description: "Alive.", schema: z.strictObject({ status: z.literal("ok") }) } },
  });

  registerOperation(registry, {
    method: "get",
    path: "/readyz",
    operationId: "getReadiness",
    tag: "Service",
    summary: "Readiness",
    description: "PostgreSQL and Redis answer within 1.5 seconds each.",
    permission: null,
    responses: {
      200: { description: "Ready.", schema: z.strictObject({ status: z.literal("ready"), checks }) },
      503: {
        description: "A dependency is unreachable (`unavailable`).",
        schema: z.strictObject({ error: z.string(), code: z.literal("unavailable"), checks }),
      },
    },
  });

  registerOperation(registry, {
    method: "get",
    path: REFERENCE_PATHS.document,
    operationId: "getOpenApiDocument",
    tag: "Service",
    summary: "This document",
    description: "The OpenAPI 3.1 document of this API, generated from the validators the API uses.",
    permission: null,
    responses: { 200: { description: "The OpenAPI document.", schema: z.object({ openapi: z.string() }).catchall(z.unknown()) } },
  });

  registerOperation(registry, {
    method: "get",
    path: REFERENCE_PATHS.page,
    operationId: "getApiReference",
    tag: "Service",
    summary: "API reference page",
    description: "A human-readable reference of this document, served with all its assets by the API itself (no CDN, no web fonts).",
    permission: null,
    responses: { 200: { description: "An HTML page.", contentType: "text/html", schema: z.string() } },
  });

  registerOperation(registry, {
    method: "get",
    path: REFERENCE_PATHS.script,
    operationId: "getApiReferenceScript",
    tag: "Service",
    summary: "API reference page's script",
    description: "The script the reference page runs (Scalar's standalone API reference).",
    permission: null,
    responses: { 200: { description: "JavaScript.", contentType: "text/javascript", schema: z.string() } },
  });
}
