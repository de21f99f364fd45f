import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "@jest/globals";
import { TEST_DATABASE_URL, TEST_REDIS_URL } from "../../../test/support/env.ts";

/**
 * The CLI as operators run it: a real child process (tsx + main.ts) against the test database,
 * judged only by its exit code, stdout and stderr. Only what the CLI needs is passed in: nothing
 * from the test runner (NODE_OPTIONS and the like) leaks into it.
 */
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Each step of a CLI test is a cold process start (tsx loads the whole CLI and its dependencies),
 * a second or two on an idle machine and several on a busy one, so a test of ten steps gets more
 * than Jest's default. Each CLI test file sets it with `jest.setTimeout`.
 */
export const CLI_TEST_TIMEOUT_MS = 240_000;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI as an operator runs it; `stdin`, when given, is piped to it (a secret, say). */
export function runCli(args: string[], env: Record<string, string> = {}, stdin?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(`${ROOT}node_modules/.bin/tsx`, [`${ROOT}packages/cli/src/main.ts`, ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: process.env.HOME ?? "/tmp",
        DATABASE_URL: TEST_DATABASE_URL,
        REDIS_URL: TEST_REDIS_URL,
        LOG_LEVEL: "silent",
        ...env,
      },
      stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    if (stdin !== undefined) child.stdin!.end(stdin);
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A successful run: exit 0, nothing on stderr, one JSON document on stdout. */
export async function runCliJson<T = Record<string, unknown>>(args: string[], env?: Record<string, string>): Promise<T> {
  const result = await runCli(args, env);
  if (result.code !== 0) throw new Error(`svc ${args.join(" ")} exited ${result.code}: ${result.stderr}`);
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as T;
}
