import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * aws-local as an OS process of its own playing one AWS region (`packages/aws-local/src/main.ts`),
 * for tests and the chaos suite that need regions apart: each its own port, event loop and
 * failure. What a test reads or changes there goes through its control operations
 * (`packages/aws-local/src/control.ts`).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const MAIN = path.join(ROOT, "packages/aws-local/src/main.ts");
const START_TIMEOUT_MS = 60_000;

export type RegionFaultMode = "none" | "errors" | "timeouts" | "blackhole";

export interface AwsLocalProcess {
  region: string;
  /** The SDK clients' endpoint (SES, SNS). */
  url: string;
  /** An SNS_CERT_URL_PATTERN that trusts this region's SNS signatures. */
  signingCertUrlPattern: string;
  pid: number;
  /** One control operation (`/_aws-local/<operation>`); throws on anything but 200. */
  control<T = Record<string, unknown>>(operation: string, body: Record<string, unknown>): Promise<T>;
  fault(mode: RegionFaultMode, delays?: { delayMs?: number; eventDelayMs?: number }): Promise<void>;
  /** Messages SendEmail took, by the value of their tag named `tag` (the sender's email id tag). */
  sentByTag(tag: string): Promise<{ total: number; byTag: Record<string, number> }>;
  /** SIGTERM, then SIGKILL if it lingers; resolves once it exited. */
  stop(): Promise<void>;
}

export async function startAwsLocalProcess(
  region: string,
  options: { port?: number; accountId?: string; env?: Record<string, string> } = {},
): Promise<AwsLocalProcess> {
  const child: ChildProcess = spawn(TSX, [MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? "",
      AWS_LOCAL_PORT: String(options.port ?? 0),
      AWS_REGION: region,
      ...(options.accountId ? { AWS_LOCAL_ACCOUNT_ID: options.accountId } : {}),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr!.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
  const started = await new Promise<{ url: string; signingCertUrlPattern: string }>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`aws-local (${region}) did not start: ${output}`)), START_TIMEOUT_MS);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      // Its one JSON line (the SDK may print before it on stderr, never on stdout).
      const line = out.split("\n").find((text) => text.startsWith("{") && out.includes("\n"));
      if (!line) return;
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`aws-local (${region}) exited (${code}) before listening: ${output}`));
    });
  });
  child.stdout!.resume();

  async function control<T>(operation: string, body: Record<string, unknown>): Promise<T> {
    const response = await fetch(`${started.url}/_aws-local/${operation}`, { method: "POST", body: JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`aws-local (${region}) ${operation}: HTTP ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  return {
    region,
    url: started.url,
    signingCertUrlPattern: started.signingCertUrlPattern,
    pid: child.pid!,
    control,
    async fault(mode, delays = {}) {
      await control("fault", { mode, ...delays });
    },
    sentByTag: (tag) => control("sent", { tag }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
