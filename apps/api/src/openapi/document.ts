import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { errorComponent } from "./errorCatalogue.ts";
import { SECURITY_SCHEME } from "./operation.ts";
import { registerApiKeyOperations } from "./paths/apiKeys.ts";
import { registerAuditLogOperations } from "./paths/auditLog.ts";
import { registerDeliverabilityOperations } from "./paths/deliverability.ts";
import { registerDmarcOperations } from "./paths/dmarc.ts";
import { registerEmailOperations } from "./paths/emails.ts";
import { registerErasureOperations } from "./paths/erasures.ts";
import { registerInboundOperations } from "./paths/inbound.ts";
import { registerServiceOperations } from "./paths/service.ts";
import { registerSuppressionOperations } from "./paths/suppressions.ts";
import { registerTemplateOperations } from "./paths/templates.ts";
import { registerWebhookSubscriptionOperations } from "./paths/webhooks.ts";
import { registerWebhooks } from "./webhooks.ts";

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

const DESCRIPTION = `Queue transactional email with one REST call; read it back with its events; receive every event as a signed webhook.

Every request carries \`Authorization: Bearer svc_live_…\` (or \`svc_test_…\`). Keys are created in the dashboard or the CLI, each with one scope preset: \`send-only\`, \`read-only\` or \`full-access\`. Each operation names the permission it needs and the presets that grant it.

Errors are \`{"error": "<message>", "code": "<machine code>"}\`; match on \`code\` (the catalogue is in the \`Error\` schema).`;

/**
 * The OpenAPI 3.1 document of the API, generated from the zod schemas that validate requests and
 * the ones that describe answers. A route is described by one `register…` call beside its
 * siblings in ./paths; the contract tests fail when a route Express serves is missing here, or
 * when an answer does not match.
 */
export function buildOpenApiDocument(): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", SECURITY_SCHEME, {
    type: "http",
    scheme: "bearer",
    bearerFormat: "svc_(live|test)_ followed by 32 letters and digits",
    description: "An API key of the workspace. The roles listed on an operation are the permission its scope preset must grant.",
  });
  registry.registerComponent("schemas", "Error", errorComponent());
  registerEmailOperations(registry);
  registerApiKeyOperations(registry);
  registerSuppressionOperations(registry);
  registerWebhookSubscriptionOperations(registry);
  registerTemplateOperations(registry);
  registerInboundOperations(registry);
  registerDmarcOperations(registry);
  registerAuditLogOperations(registry);
  registerErasureOperations(registry);
  registerDeliverabilityOperations(registry);
  registerServiceOperations(registry);
  registerWebhooks(registry);

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "svc API",
      version: "1.0.0",
      description: DESCRIPTION,
      license: { name: "MIT", identifier: "MIT" },
    },
    // Relative: the document is served by the API it describes.
    servers: [{ url: "/", description: "The API serving this document" }],
    security: [{ [SECURITY_SCHEME]: [] }],
    tags: [
      { name: "Emails", description: "Queue and read emails." },
      { name: "Suppressions", description: "Addresses never handed to the provider." },
      { name: "API keys", description: "List and revoke the workspace's keys." },
      { name: "Webhook subscriptions", description: "Manage the workspace's webhook subscriptions as code, and see their deliveries." },
      { name: "Service", description: "Health and this reference." },
      { name: "Webhooks", description: "Requests the service makes to your subscription URLs." },
      { name: "Event catalogue", description: "Every event type a subscription can list, one webhook each, with its payload." },
    ],
  });
}
