import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { registerOperation } from "../operation.ts";
import { apiKeySchema } from "../schemas.ts";

const TAG = "API keys";

export function registerApiKeyOperations(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: "get",
    path: "/api-keys",
    operationId: "listApiKeys",
    tag: TAG,
    summary: "List API keys",
    description: "Every key of the workspace, revoked ones included. Keys are created in the dashboard or the CLI only, never over REST.",
    permission: "api_keys:manage",
    responses: { 200: { description: "The workspace's keys.", schema: z.array(apiKeySchema) } },
  });

  registerOperation(registry, {
    method: "delete",
    path: "/api-keys/{id}",
    operationId: "revokeApiKey",
    tag: TAG,
    summary: "Revoke an API key",
    description: "Revokes at once: the next request with the key is refused on every instance. Revoking twice keeps the first time.",
    permission: "api_keys:manage",
    request: {
      params: z.object({ id: z.string().meta({ description: "The key record's id (`key_…`).", example: "key_wxjgKq0cOQ4Ha3DmzT1bUo2R" }) }),
    },
    responses: { 200: { description: "The revoked key record.", schema: apiKeySchema } },
    errors: ["not_found"],
  });
}
