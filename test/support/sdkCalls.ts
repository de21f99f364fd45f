import path from "node:path";
import { build } from "esbuild";
import { bundleOptions, entries, root } from "../../infra/scripts/bundles.ts";

/** The IAM service prefix of each AWS SDK client package the code uses. */
const SERVICE_OF_CLIENT: Record<string, string> = { sesv2: "ses", ses: "ses", sns: "sns", s3: "s3" };

/** SDK operations whose IAM action has another name. */
const ACTION_OF_OPERATION: Record<string, string> = {
  "s3:HeadBucket": "s3:ListBucket",
  "s3:HeadObject": "s3:GetObject",
  "s3:DeleteObjects": "s3:DeleteObject",
  "s3:ListObjectsV2": "s3:ListBucket",
};

/** `sesv2`, or `sesv22` when esbuild renamed a second namespace of the same package. */
function serviceOf(namespace: string): string | undefined {
  const client = Object.keys(SERVICE_OF_CLIENT).find((name) => namespace === name || new RegExp(`^${name}\\d+$`).test(namespace));
  return client === undefined ? undefined : SERVICE_OF_CLIENT[client];
}

/**
 * The IAM actions each process's code can call: its entry bundled as `pnpm build` bundles it
 * (tree-shaken, so code the process cannot reach is gone), then every `new <Operation>Command(`
 * of an AWS SDK client left in it. esbuild names a CommonJS package's namespace after the
 * package (`import_client_sesv2`), which says which service an operation belongs to. One build
 * for all the entries, keyed by entry source.
 */
export async function sdkActionsOf(entrySources: readonly string[]): Promise<Map<string, string[]>> {
  const result = await build({
    ...bundleOptions,
    entryPoints: Object.fromEntries(entrySources.map((source, index) => [`entry${index}`, path.join(root, source)])),
    write: false,
    sourcemap: false,
    outdir: path.join(root, "sdk-calls"),
  });
  const byEntry = new Map<string, string[]>();
  entrySources.forEach((source, index) => {
    const bundle = result.outputFiles.find((file) => path.basename(file.path) === `entry${index}.js`)!.text;
    byEntry.set(source, actionsIn(bundle));
  });
  return byEntry;
}

function actionsIn(bundle: string): string[] {
  const actions = new Set<string>();
  for (const match of bundle.matchAll(/new import_client_(\w+?)\.(\w+)Command\(/g)) {
    const service = serviceOf(match[1]!);
    if (!service) throw new Error(`an SDK client this test does not know: @aws-sdk/client-${match[1]}`);
    const action = `${service}:${match[2]}`;
    actions.add(ACTION_OF_OPERATION[action] ?? action);
  }
  return [...actions].sort();
}

/** Each process that ships (the apps, the operator CLI, the migration script) by name. */
export function shippedProcesses(): Array<{ name: string; source: string }> {
  return entries().map(({ source }) => ({
    name: source.startsWith("apps/") ? source.split("/")[1]! : source.startsWith("packages/cli") ? "cli" : path.basename(source, ".ts"),
    source,
  }));
}
