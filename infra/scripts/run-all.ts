import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Runs every app as its own process, as in production, with prefixed output. One dies, all
 * stop: a half-running pipeline on a laptop is worse than a clear failure.
 *
 * Run from source (`npm start`, through tsx) it starts each app's TypeScript entry through tsx;
 * run as its own build (`node infra/dist/run-all.js`, `pnpm start:prod`) it starts each app's
 * build with plain node.
 */
const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), "../..");
const APPS = ["ingest", "api", "sender", "dispatcher", "dashboard", "smtp", "inbound"];
const fromBuild = self.endsWith(".js");
const tsx = path.join(root, "node_modules/.bin/tsx");

/** The command that runs one app, or null when this checkout has no such app (or it is not built). */
function appCommand(app: string): [string, string[]] | null {
  const entry = fromBuild ? path.join(root, "apps", app, "dist", "main.js") : path.join(root, "apps", app, "src", "main.ts");
  if (!existsSync(entry)) return null;
  return fromBuild ? [process.execPath, ["--enable-source-maps", entry]] : [tsx, [entry]];
}
const children = new Map<string, ChildProcess>();
// The apps write to a pipe, not a terminal: they keep their colours when this runs in one.
const env = process.stdout.isTTY ? { FORCE_COLOR: "1", ...process.env } : process.env;
let stopping = false;

for (const app of APPS) {
  const command = appCommand(app);
  if (!command) continue;
  const child = spawn(command[0], command[1], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const label = app.padEnd(10);
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = "";
    stream?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`${label}| ${line}\n`);
    });
  }
  child.on("exit", (code, signal) => {
    children.delete(app);
    if (!stopping) {
      process.stderr.write(`${app} exited (${signal ?? code}); stopping the rest\n`);
      stop(code ?? 1);
    } else if (children.size === 0) {
      process.exit(0);
    }
  });
  children.set(app, child);
}

function stop(code = 0): void {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 15_000).unref();
  if (children.size === 0) process.exit(code);
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
