import path from "node:path";
import { fileURLToPath } from "node:url";
import { type OpenApiDocument, sdkModel } from "./fromOpenApi.ts";
import { goSource } from "./go.ts";
import { javaModelsSource, javaOperationsSource } from "./java.ts";
import { phpSource } from "./php.ts";
import { pythonSource } from "./python.ts";
import { rbsSource, rubySource } from "./ruby.ts";

const sdks = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Every SDK's generated files, with the text each must hold. A new language adds its emitter
 * here: it then regenerates with docs/openapi.json, and the API's freshness test checks it.
 */
export function sdkArtifacts(document: unknown): Array<{ file: string; text: string }> {
  const model = sdkModel(document as OpenApiDocument);
  return [
    { file: path.join(sdks, "python/svc_email/_generated.py"), text: pythonSource(model) },
    { file: path.join(sdks, "go/zz_generated.go"), text: goSource(model) },
    { file: path.join(sdks, "php/src/Generated.php"), text: phpSource(model) },
    { file: path.join(sdks, "ruby/lib/svc_email/generated.rb"), text: rubySource(model) },
    { file: path.join(sdks, "ruby/sig/svc_email/generated.rbs"), text: rbsSource(model) },
    // Java: the operations table and the models, one file each.
    { file: path.join(sdks, "java/src/main/java/io/github/svcemail/Operations.java"), text: javaOperationsSource(model) },
    { file: path.join(sdks, "java/src/main/java/io/github/svcemail/Models.java"), text: javaModelsSource(model) },
  ];
}
