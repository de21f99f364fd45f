import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../test/support/stack.ts";

export { freePort };
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PG_BIN = "/usr/lib/postgresql/15/bin";
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs a PostgreSQL binary as the `postgres` OS user when we are root (initdb refuses root). */
function pgCommand(binary: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [command, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", path.join(PG_BIN, binary), ...args]]
    : [path.join(PG_BIN, binary), args];
  execFileSync(command, argv, { stdio: ["ignore", "ignore", "pipe"] });
}

/** A PostgreSQL cluster of its own, in a temporary directory, on a free loopback port, trust auth. */
export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(path.join(os.tmpdir(), "svc-chaos-pg-"));
    chmodSync(dir, 0o777);
    const port = await freePort();
    const pg = new PrivatePostgres(dir, port);
    pgCommand("initdb", ["-D", pg.dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
    pg.startServer();
    return pg;
  }

  get dataDir(): string {
    return path.join(this.dir, "data");
  }

  url(database: string): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private startServer(): void {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${this.dir} -c fsync=off -c max_connections=200`;
    pgCommand("pg_ctl", ["-D", this.dataDir, "-o", options, "-l", path.join(this.dir, "server.log"), "-w", "-t", "60", "start"]);
  }

  /** An unclean stop (as a crash or power cut would), then a start: crash recovery runs. */
  async restart(downMs: number): Promise<void> {
    pgCommand("pg_ctl", ["-D", this.dataDir, "-m", "immediate", "-w", "stop"]);
    await sleep(downMs);
    this.startServer();
  }

  stop(): void {
    try {
      pgCommand("pg_ctl", ["-D", this.dataDir, "-m", "immediate", "-w", "stop"]);
    } catch {
      // not running
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A redis-server of its own on a free loopback port, no persistence. */
export class PrivateRedis {
  private constructor(
    readonly port: number,
    private readonly child: ChildProcess,
  ) {}

  static async start(): Promise<PrivateRedis> {
    const port = await freePort();
    const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    const redis = new PrivateRedis(port, child);
    for (let i = 0; i < 100; i++) {
      try {
        redis.cli("PING");
        return redis;
      } catch {
        await sleep(50);
      }
    }
    throw new Error("redis-server did not start");
  }

  url(db = 0): string {
    return `redis://127.0.0.1:${this.port}/${db}`;
  }

  cli(...args: string[]): string {
    return execFileSync("redis-cli", ["-p", String(this.port), ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  }

  stop(): void {
    this.child.kill("SIGKILL");
  }
}

export type AppName = "api" | "ingest" | "sender" | "dispatcher" | "dashboard" | "inbound";

export const PORT_VARIABLE: Record<AppName, string> = {
  api: "API_PORT",
  ingest: "INGEST_PORT",
  sender: "SENDER_PORT",
  dispatcher: "DISPATCHER_PORT",
  dashboard: "DASHBOARD_PORT",
  // Its health server: AppProcess waits on /healthz there (the SMTP port is INBOUND_PORT).
  inbound: "INBOUND_HEALTH_PORT",
};

/** One app as its own process group (tsx and the node process it runs), its output in a log file. */
export class AppProcess {
  private child: ChildProcess | null = null;
  /** Whether the suite itself is ending the current child (crash, stop): any other exit is a finding. */
  private ending = { expected: false };
  /** Every exit the suite did not cause, with the end of the app's output. */
  readonly unexpectedExits: string[] = [];
  output = "";

  constructor(
    readonly name: AppName,
    private readonly env: Record<string, string>,
  ) {}

  get port(): number {
    return Number(this.env[PORT_VARIABLE[this.name]]);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(timeoutMs = 60_000): Promise<void> {
    const child = spawn(TSX, [path.join(ROOT, "apps", this.name, "src", "main.ts")], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...this.env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    this.child = child;
    const ending = { expected: false };
    this.ending = ending;
    child.once("exit", (code, signal) => {
      if (!ending.expected)
        this.unexpectedExits.push(`${this.name} exited on its own (code ${code}, signal ${signal}):\n${this.output.slice(-2000)}`);
    });
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-50_000));
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${this.name} exited while starting:\n${this.output.slice(-3000)}`);
      try {
        const response = await fetch(`${this.url}/healthz`);
        await response.body?.cancel();
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`${this.name} not healthy after ${timeoutMs} ms:\n${this.output.slice(-3000)}`);
  }

  /** The node process that runs the app (tsx starts it as its child), for reading its memory; null when not running. */
  appPid(): number | null {
    const pid = this.child?.pid;
    if (!pid || !this.running) return null;
    const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return children[0] ?? pid;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** kill -9 of the whole process group; resolves once nothing of it is left. */
  async crash(): Promise<void> {
    this.ending.expected = true;
    const pid = this.child?.pid;
    if (!pid) return;
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      return;
    }
    for (let i = 0; i < 400; i++) {
      try {
        process.kill(-pid, 0);
      } catch {
        return;
      }
      await sleep(25);
    }
  }

  async stop(): Promise<void> {
    this.ending.expected = true;
    const child = this.child;
    if (!child?.pid || !this.running) return this.crash();
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await Promise.race([exited, sleep(20_000)]);
    await this.crash();
  }
}
