import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CHART = path.join(root, "infra/helm/svc");
const RENDERER = path.join(root, "infra/helm/render");

type Values = Record<string, unknown>;

let binary: string | undefined;

/** The renderer (infra/helm/render: Go's text/template with Helm's functions), built once a run. */
function renderer(): string {
  if (binary) return binary;
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), "svc-helmrender-")), "helmrender");
  try {
    execFileSync("go", ["build", "-o", out, "."], { cwd: RENDERER, stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    throw new Error(`building infra/helm/render needs Go (apt-get install golang-go): ${(error as Error).message}`);
  }
  binary = out;
  return out;
}

/** Helm's merge of --set/-f values over the chart's: maps merge key by key, anything else replaces. */
function coalesce(base: Values, overrides: Values): Values {
  const merged: Values = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const current = merged[key];
    const bothMaps = [current, value].every((item) => item !== null && typeof item === "object" && !Array.isArray(item));
    merged[key] = bothMaps ? coalesce(current as Values, value as Values) : value;
  }
  return merged;
}

/** `helm template <release> infra/helm/svc -n <namespace> -f <overrides>`, as YAML text. */
export function helmTemplate(release: string, namespace: string, overrides: Values = {}): string {
  const chart = parse(readFileSync(path.join(CHART, "Chart.yaml"), "utf8")) as { name: string; version: string; appVersion: string };
  const values = coalesce(parse(readFileSync(path.join(CHART, "values.yaml"), "utf8")) as Values, overrides);
  const input = JSON.stringify({ chartDir: CHART, values, chart, release: { name: release, namespace } });
  return execFileSync(renderer(), [], { input, encoding: "utf8" });
}
