import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../test/support/stack.ts";
import { BENCH_ROOT, REPO_ROOT } from "./paths.ts";

const tsx = path.join(REPO_ROOT, "node_modules/.bin/tsx");

/**
 * BENCH_RUNTIME=build runs the apps from `pnpm build`'s output with plain node (as production
 * does); the default runs their TypeScript sources through tsx.
 */
const RUNTIME = process.env.BENCH_RUNTIME === "build" ? "build" : "source";

/** A built `.js` entry runs with node itself; a `.ts` one through tsx. */
function commandFor(script: string, flags: string[]): [string, string[]] {
  return script.endsWith(".js") ? [process.execPath, [...flags, script]] : [tsx, [...flags, script]];
}

// The test suite's own: one definition of "a port the OS says is free right now".
export { freePort };

export interface Process {
  label: string;
  child: ChildProcess;
  /** The node process running the script itself (tsx's CLI starts it as its own child). */
  scriptPid(): number;
  /** The last 4,000 characters it wrote (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** Written to bench/results/logs/<label>.log, so a failed run can be read afterwards. */
  label: string;
  script: string;
  env: Record<string, string>;
  /** Health URL to wait for before resolving. */
  healthUrl?: string;
}

/**
 * Which processes get `--cpu-prof` (BENCH_CPU_PROF=api,sender or `all`); profiles land in
 * bench/results/profiles/ when the process exits after SIGTERM.
 */
function cpuProfileArgs(label: string): string[] {
  const wanted = (process.env.BENCH_CPU_PROF ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const app = label.split("-")[0] ?? label;
  if (!wanted.includes("all") && !wanted.includes(app) && !wanted.includes(label)) return [];
  const dir = path.join(BENCH_ROOT, "results/profiles", label);
  mkdirSync(dir, { recursive: true });
  // Node 20 refuses --cpu-prof in NODE_OPTIONS; tsx passes node's own flags on to the script's process.
  return ["--cpu-prof", `--cpu-prof-dir=${dir}`];
}

/** V8's garbage-collection trace in each process's log (BENCH_TRACE_GC=1). */
function gcTraceArgs(): string[] {
  return process.env.BENCH_TRACE_GC === "1" ? ["--trace-gc"] : [];
}

/** The node flags a benchmarked process runs with. */
function nodeFlagsFor(label: string): string[] {
  return [...gcTraceArgs(), ...cpuProfileArgs(label)];
}

/**
 * Starts an entry point and waits for its health URL: a TypeScript one through tsx, as `npm start`
 * runs the apps; a built one with node, as production runs them (BENCH_RUNTIME=build).
 */
export async function spawnScript(options: SpawnOptions): Promise<Process> {
  const logDir = path.join(BENCH_ROOT, "results/logs");
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, `${options.label}.log`));
  // PGAPPNAME names its Postgres backends, so that their CPU can be told apart (pgBackendCpu.ts).
  const env: Record<string, string> = { ...(process.env as Record<string, string>), PGAPPNAME: options.label, ...options.env };
  const [command, args] = commandFor(options.script, nodeFlagsFor(options.label));
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let tail = "";
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  const proc: Process = {
    label: options.label,
    child,
    scriptPid: () => scriptPidOf(child.pid ?? 0),
    output: () => tail,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          log.end();
          return resolve();
        }
        const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
        child.once("exit", () => {
          clearTimeout(timer);
          log.end();
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
  if (options.healthUrl) {
    try {
      await waitForHealth(options.healthUrl, child, () => tail);
    } catch (error) {
      await proc.stop();
      throw error;
    }
  }
  return proc;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited (${child.exitCode})\n${output()}`);
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url}: not healthy after ${timeoutMs} ms\n${output()}`);
}

/** tsx's CLI runs the script in a child node process; that child is the one to measure (plain node has none: itself). */
function scriptPidOf(cliPid: number): number {
  try {
    const children = readFileSync(`/proc/${cliPid}/task/${cliPid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    return children.length > 0 ? Number(children[0]) : cliPid;
  } catch {
    return cliPid;
  }
}

export type AppName = "api" | "ingest" | "sender" | "dispatcher";

const PORT_VARIABLE: Record<AppName, string> = {
  api: "API_PORT",
  ingest: "INGEST_PORT",
  sender: "SENDER_PORT",
  dispatcher: "DISPATCHER_PORT",
};

export interface App extends Process {
  url: string;
}

/** Starts apps/<name>/src/main.ts (or its build, see RUNTIME) on `port` (a free one by default) and waits for /healthz. */
export async function startApp(name: AppName, env: Record<string, string>, label: string = name, port?: number): Promise<App> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = await spawnScript({
    label,
    script:
      RUNTIME === "build" ? path.join(REPO_ROOT, "apps", name, "dist", "main.js") : path.join(REPO_ROOT, "apps", name, "src", "main.ts"),
    env: { ...env, [PORT_VARIABLE[name]]: String(port) },
    healthUrl: `${url}/healthz`,
  });
  return { ...proc, url };
}

/** Current and peak resident memory of a process, in bytes, from /proc/<pid>/status. */
/** The node process a `tsx` launcher started (its child), whose memory and CPU are the app's. */
export function nodePidOf(tsxPid: number): number {
  const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(tsxPid)], { encoding: "utf8" })
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return children[0] ?? tsxPid;
}

export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

/** Total CPU time (user + system) a process has used so far, in milliseconds. */
export function cpuTimeOf(pid: number): number {
  return readStat(`/proc/${pid}/stat`).cpuMs;
}

/**
 * A `stat` file of /proc, a process's or one thread's (`/proc/<pid>/task/<tid>/stat`), read once:
 * its command or thread name, and the CPU time (user + system, ms) it has used so far.
 */
export function readStat(statFile: string): { name: string; cpuMs: number } {
  const stat = readFileSync(statFile, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), cpuMs: (ticks / 100) * 1000 }; // USER_HZ is 100 on Linux
}

/** Runs a script to completion with tsx: its exit code, everything it printed, and the end of its stderr. */
export async function runScript(
  label: string,
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(tsx, [...nodeFlagsFor(label), script, ...args], {
    cwd: REPO_ROOT,
    env: { ...(process.env as Record<string, string>), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, out, err };
}

/** Runs a script to completion with tsx and parses the last line it prints as JSON. */
export async function runScriptForJson<T>(label: string, script: string, env: Record<string, string>): Promise<T> {
  const { code, out, err } = await runScript(label, script, env);
  const last = out.trim().split("\n").pop() ?? "";
  if (code !== 0 || !last) throw new Error(`${label} exited with ${code}: ${err}`);
  return JSON.parse(last) as T;
}
