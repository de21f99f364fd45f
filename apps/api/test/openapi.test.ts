import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { lintFromString, loadConfig } from "@redocly/openapi-core";
import { loadEnv } from "@svc/config";
import {
  buildDeliveryBody,
  buildInboundDeliveryBody,
  createDnsResolver,
  createRenderPool,
  EVENT_TYPES,
  MailboxProviders,
  type Permission,
  postgresFileStore,
  SCOPE_NAMES,
  scopeAllows,
} from "@svc/core";
import { newId } from "@svc/db";
import { createLogger } from "@svc/logger";
import { createProducerConnection, Producer, RedisRateLimiter, SendQueue } from "@svc/queues";
import { ByteBudget } from "@svc/runtime";
import { webhookRequestHeaders } from "@svc/webhooks";
import request from "supertest";
import { openApiArtifacts } from "../../../infra/scripts/openapiArtifacts.ts";
import { testEnv } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { createApiApp } from "../src/app.ts";
import { apiEnvSchema } from "../src/env.ts";
import { checkedAnswers, document, operations, schemaProblems } from "./contract.ts";
import { type ApiInstance, bearer, startApi } from "./harness.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const handle = openTestDb();
let api: ApiInstance;
let fx: WorkspaceFixture;

beforeAll(async () => {
  api = await startApi();
  fx = await createWorkspaceFixture(handle);
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

/** A request to an operation with placeholder path parameters. */
const probe = (method: string, template: string, key?: string) => {
  const test = request(api.url)[method as "get"](template.replace(/\{[^}]+\}/g, "nonexistent"));
  return key ? test.set(bearer(key)) : test;
};

describe("GET /openapi.json", () => {
  it("serves the document generated from the validators, and it is valid OpenAPI 3.1 that lints clean", async () => {
    const res = await request(api.url).get("/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body).toEqual(document);
    expect(res.body.openapi).toBe("3.1.0");

    // Redocly's `struct` rule validates the document against the OpenAPI 3.1 structure; the rest
    // are the recommended-strict rules of redocly.yaml (one turned off, with its reason there).
    const config = await loadConfig({ configPath: path.join(root, "redocly.yaml") });
    const problems = await lintFromString({ source: res.text, absoluteRef: path.join(root, "docs/openapi.json"), config });
    const described = problems.map(
      (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`,
    );
    expect(described).toEqual([]);
  });

  it("is committed as docs/openapi.json, and the SDK's types are generated from it (run `pnpm openapi` after changing the API)", async () => {
    for (const { file, text } of await openApiArtifacts()) {
      expect({ file: path.relative(root, file), text: readFileSync(file, "utf8") }).toEqual({ file: path.relative(root, file), text });
    }
  });

  it("describes every error code with its status, the bearer scheme, and the webhook with its signature headers", () => {
    const schemas = (document.components as { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> }).schemas;
    expect(schemas.Error!.properties.code!.enum).toEqual(
      expect.arrayContaining(["validation_failed", "daily_limit_reached", "rate_limited", "internal"]),
    );
    expect((document.components as { securitySchemes: unknown }).securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
    const webhook = (document.webhooks as Record<string, { post: { parameters: Array<{ name: string; in: string }> } }>).emailEvent!.post;
    expect(webhook.parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(["X-Service-Signature", "X-Service-Timestamp", "X-Service-Event-Type", "X-Service-Delivery-Id"]),
    );
  });
});

describe("the webhook in the document", () => {
  it("matches the request the dispatcher makes: the body from the one body builder, the headers from the one signer", () => {
    const deliveryId = newId("delivery");
    const rawBody = buildDeliveryBody({
      deliveryId,
      createdAt: new Date(),
      emailId: newId("email"),
      tags: [{ name: "plan", value: "pro" }],
      eventId: newId("event"),
      eventType: "delivered",
      eventTimestamp: new Date(),
    });
    expect(schemaProblems(["components", "schemas", "WebhookEvent"], JSON.parse(rawBody))).toBe("");
    const headers = webhookRequestHeaders({
      secret: "whsec_test",
      rawBody,
      eventType: "delivered",
      deliveryId,
      timestamp: Math.floor(Date.now() / 1000),
    });
    const parameters = (document.webhooks as Record<string, { post: { parameters: Array<{ name: string }> } }>).emailEvent!.post.parameters;
    const problems = parameters.map((parameter, index) => {
      const value = Object.entries(headers).find(([name]) => name.toLowerCase() === parameter.name.toLowerCase())?.[1];
      return value === undefined
        ? `${parameter.name}: not sent`
        : schemaProblems(["webhooks", "emailEvent", "post", "parameters", String(index), "schema"], value);
    });
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it("catalogues every event type a subscription can list, each with a payload the dispatcher's body matches (and no other type's)", () => {
    const webhooks = document.webhooks as Record<string, { post: { parameters: Array<{ name: string }> } }>;
    expect(
      Object.keys(webhooks)
        .filter((name) => name.startsWith("email."))
        .sort(),
    ).toEqual(EVENT_TYPES.map((type) => `email.${type}`).sort());
    for (const type of EVENT_TYPES) {
      const deliveryId = newId("delivery");
      // Our own `failed` events carry why the email ended unsent.
      const reason = type === "failed" ? { reason: { code: "retry_window_over", text: "Gave up after 8 attempts." } } : {};
      const rawBody =
        type === "received"
          ? buildInboundDeliveryBody({
              deliveryId,
              createdAt: new Date(),
              inbound: {
                id: newId("inbound"),
                from: "a@example.org",
                to: ["reply@in.example.com"],
                rcptTo: ["reply@in.example.com"],
                subject: "Re: hi",
                messageId: "<m@example.org>",
                replyToEmailId: null,
                attachmentCount: 0,
                size: 120,
                verdicts: {},
                parseError: false,
                receivedAt: new Date(),
              },
            })
          : buildDeliveryBody({
              deliveryId,
              createdAt: new Date(),
              emailId: newId("email"),
              tags: [],
              eventId: newId("event"),
              eventType: type,
              eventTimestamp: new Date(),
              ...reason,
            });
      expect([type, schemaProblems(["components", "schemas", `WebhookEvent_${type}`], JSON.parse(rawBody))]).toEqual([type, ""]);
      const other = EVENT_TYPES.find((candidate) => candidate !== type)!;
      expect(schemaProblems(["components", "schemas", `WebhookEvent_${other}`], JSON.parse(rawBody))).not.toBe("");
      const headers = webhookRequestHeaders({
        secret: "whsec_test",
        rawBody,
        eventType: type,
        deliveryId,
        timestamp: Math.floor(Date.now() / 1000),
      });
      const parameters = webhooks[`email.${type}`]!.post.parameters;
      expect(parameters.map((parameter) => parameter.name)).toEqual(
        expect.arrayContaining(["webhook-id", "webhook-timestamp", "webhook-signature", "X-Service-Signature"]),
      );
      const problems = parameters.map((parameter, index) => {
        const value = Object.entries(headers).find(([name]) => name.toLowerCase() === parameter.name.toLowerCase())?.[1];
        return value === undefined
          ? `${parameter.name}: not sent`
          : schemaProblems(["webhooks", `email.${type}`, "post", "parameters", String(index), "schema"], value);
      });
      expect(problems.filter(Boolean)).toEqual([]);
    }
  });
});

describe("routes and the document", () => {
  /** Every (method, path) Express has a route for, read from the app's own router. */
  async function expressRoutes(): Promise<string[]> {
    const config = loadEnv(apiEnvSchema, testEnv({ API_PORT: "0" }));
    const redis = createProducerConnection(config.REDIS_URL);
    const sendQueue = new SendQueue(redis, config.QUEUE_PREFIX);
    const logger = createLogger("routes", "silent");
    // Built as createApi builds it; no request is served, only the router is read.
    const webhookQueue = new Producer("webhookDelivery", redis, config.QUEUE_PREFIX);
    const app = createApiApp({
      db: handle,
      sendQueue,
      webhookQueue,
      logger,
      config,
      rateLimiter: new RedisRateLimiter(redis, config.QUEUE_PREFIX, logger),
      bodyBudget: new ByteBudget(1024),
      files: postgresFileStore(handle),
      renderPool: createRenderPool(),
      mailboxProviders: new MailboxProviders(createDnsResolver()),
      wakeErasureRunner: () => {},
    });
    await sendQueue.close();
    await webhookQueue.close();
    redis.disconnect();
    type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle: { stack?: Layer[] }; rawPath?: unknown };
    const walk = (stack: Layer[], prefix: string): string[] =>
      stack.flatMap((layer) => {
        if (layer.route) {
          const routePath = (prefix + layer.route.path).replace(/\/$/, "") || "/";
          return Object.keys(layer.route.methods)
            .filter((method) => method !== "_all")
            .map((method) => `${method.toUpperCase()} ${routePath}`);
        }
        if (layer.handle.stack)
          return walk(layer.handle.stack, typeof layer.rawPath === "string" && layer.rawPath !== "/" ? prefix + layer.rawPath : prefix);
        return [];
      });
    const routes = walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "");
    return routes.map((route) => route.replace(/:(\w+)/g, "{$1}")).sort();
  }

  const documented = operations.map((operation) => `${operation.method.toUpperCase()} ${operation.template}`).sort();

  it("documents every route Express serves", async () => {
    const routes = await expressRoutes();
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.filter((route) => !documented.includes(route))).toEqual([]);
  });

  it("serves every documented operation (none answers the unknown-route 404)", async () => {
    for (const operation of operations) {
      const res = await probe(operation.method, operation.template, fx.keys["full-access"]);
      expect({ operation: `${operation.method} ${operation.template}`, error: res.body?.error ?? null }).not.toEqual({
        operation: `${operation.method} ${operation.template}`,
        error: expect.stringMatching(/^No route for/),
      });
    }
  });

  it("names the permission each operation checks: keys of presets without it get 403 forbidden, the others do not", async () => {
    const checked = operations.filter((operation) => document.paths[operation.template]![operation.method]!["x-permission"]);
    expect(checked.length).toBeGreaterThanOrEqual(8);
    for (const operation of checked) {
      const permission = document.paths[operation.template]![operation.method]!["x-permission"] as Permission;
      for (const scope of SCOPE_NAMES) {
        const res = await probe(operation.method, operation.template, fx.keys[scope]).send({});
        const forbidden = res.status === 403 && res.body.code === "forbidden";
        expect({ operation: `${operation.method} ${operation.template}`, scope, forbidden }).toEqual({
          operation: `${operation.method} ${operation.template}`,
          scope,
          forbidden: !scopeAllows(scope, permission),
        });
      }
    }
  });

  it("checks the answers of this suite against the document (the harness hook is in place)", () => {
    expect(checkedAnswers.count).toBeGreaterThan(20);
  });
});
