import { spawn } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { testEnv } from "../support/env.ts";
import type { AppName } from "../support/stack.ts";

/**
 * Every app's main.ts, started as its own process on a port that is already taken, stops at
 * once: one line naming the port, a non-zero exit code, and no process left behind.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");

/** The port each app listens on (the sender and the dispatcher serve only health on theirs). */
const PORT_VARIABLES: Record<AppName, string> = {
  api: "API_PORT",
  ingest: "INGEST_PORT",
  sender: "SENDER_PORT",
  dispatcher: "DISPATCHER_PORT",
  dashboard: "DASHBOARD_PORT",
  smtp: "SMTP_PORT",
  inbound: "INBOUND_PORT",
};

/** Settings an app needs beyond the test defaults: the sender on SES, so no simulator starts. */
const EXTRA_ENV: Partial<Record<AppName, Record<string, string>>> = {
  sender: { EMAIL_PROVIDER: "ses", AWS_ACCESS_KEY_ID: "test", AWS_SECRET_ACCESS_KEY: "test" },
  // The relay's development certificate goes to a directory of the test's own.
  smtp: { SMTP_TLS_DIR: path.join(os.tmpdir(), `svc-smtp-startup-${process.pid}`) },
};

let holder: Server;
let takenPort: number;

beforeAll(async () => {
  // The apps listen on every IPv4 address; holding the same address makes the port taken for them.
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, "0.0.0.0", resolve));
  takenPort = (holder.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => holder.close(() => resolve()));
  rmSync(EXTRA_ENV.smtp!.SMTP_TLS_DIR!, { recursive: true, force: true });
});

/** True while any process of the group `pgid` is alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits up to `withinMs` for every process of the group to be gone. */
async function groupGone(pgid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describe.each(Object.keys(PORT_VARIABLES) as AppName[])("%s's main.ts on a port already in use", (app) => {
  it("exits non-zero with one line saying the port is in use, leaving nothing running", async () => {
    // NODE_NO_WARNINGS: Node's own process warnings (the AWS SDK's notice about Node versions)
    // are not the app's output.
    const env = testEnv({ ...EXTRA_ENV[app], [PORT_VARIABLES[app]]: String(takenPort), NODE_NO_WARNINGS: "1" });
    // Its own process group, so that whatever it starts (tsx runs node as a child) can be seen.
    const child = spawn(tsx, [path.join(root, "apps", app, "src", "main.ts")], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, "exit");
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 30_000);
    try {
      const [code] = (await exited) as [number | null];

      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      const lines = `${stdout}${stderr}`.split("\n").filter((line) => line.trim() !== "");
      expect(lines).toEqual([`${app} could not start: port ${takenPort} is already in use (EADDRINUSE)`]);
      // tsx's own node child may be reaped a little after tsx exits, later on a busy machine.
      expect(await groupGone(child.pid!, 5_000)).toBe(true);
    } finally {
      clearTimeout(timer);
      if (groupAlive(child.pid!)) process.kill(-child.pid!, "SIGKILL");
    }
  });
});
