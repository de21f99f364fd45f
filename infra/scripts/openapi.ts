// Writes docs/openapi.json, the TypeScript SDK's generated types and the other SDKs' generated
// operations and models (sdks/generator) from the API's validators. The test
// suite fails when the committed files differ from what this writes.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { openApiArtifacts } from "./openapiArtifacts.ts";

for (const { file, text } of await openApiArtifacts()) {
  writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
