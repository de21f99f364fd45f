// Regenerates every SDK's generated files from the committed docs/openapi.json (`pnpm sdks:generate`);
// `pnpm openapi` does the same after rewriting the document from the API's source.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sdkArtifacts } from "./artifacts.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const document = JSON.parse(readFileSync(path.join(root, "docs/openapi.json"), "utf8"));
for (const { file, text } of sdkArtifacts(document)) {
  writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
