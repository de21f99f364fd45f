import path from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { buildOpenApiDocument } from "../../apps/api/src/openapi/document.ts";
import { eventCataloguePage } from "../../apps/api/src/openapi/eventCataloguePage.ts";
import { sdkArtifacts } from "../../sdks/generator/artifacts.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Files derived from the API's OpenAPI document, with the text each must hold. */
export async function openApiArtifacts(): Promise<Array<{ file: string; text: string }>> {
  const document = buildOpenApiDocument();
  const types = astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
  return [
    { file: path.join(root, "docs/openapi.json"), text: `${JSON.stringify(document, null, 2)}\n` },
    {
      file: path.join(root, "packages/sdk/src/generated/openapi.ts"),
      text: `// Generated from docs/openapi.json by \`pnpm openapi\` (openapi-typescript). Do not edit.\n\n${types}`,
    },
    { file: path.join(root, "docs/webhook-events.md"), text: eventCataloguePage(document) },
    // The other languages' SDKs: their operations tables and models (sdks/generator).
    ...sdkArtifacts(document),
  ];
}
