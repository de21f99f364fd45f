import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./stack.ts";

/** Debian's pgbouncer (infra/scripts/ensure-test-tools.sh installs it for `npm test`). */
function pgbouncerBinary(): string {
  for (const candidate of ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer", "/usr/local/bin/pgbouncer"])
    if (existsSync(candidate)) return candidate;
  throw new Error("pgbouncer is not installed: apt-get install pgbouncer (npm test does it when it may)");
}

export interface PgBouncer {
  /** `postgresql://…` of `database` through the pooler. */
  urlOf(database: string): string;
  /** The admin console (SHOW POOLS, SHOW STATS). */
  adminUrl: string;
  log(): string;
  stop(): Promise<void>;
}

/**
 * A private PgBouncer in transaction mode in front of the local PostgreSQL, on a free port: any
 * database name is passed through, as user `postgres`. pg's `statement_timeout` startup
 * parameter is ignored, as a production PgBouncer must be told to (the timeout then belongs on
 * the role: ALTER ROLE … SET statement_timeout). PgBouncer refuses to run as root; as root it
 * runs as `postgres`.
 */
export async function startPgBouncer(postgres: URL, options: { poolSize?: number } = {}): Promise<PgBouncer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "svc-pgbouncer-"));
  const port = await freePort();
  const ini = path.join(dir, "pgbouncer.ini");
  writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=${postgres.hostname} port=${postgres.port || "5432"} user=${postgres.username || "postgres"}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = any",
      "pool_mode = transaction",
      "max_client_conn = 1000",
      `default_pool_size = ${options.poolSize ?? 20}`,
      "ignore_startup_parameters = statement_timeout",
      "admin_users = postgres",
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
    chownSync(ini, uid, gid);
    chmodSync(dir, 0o755);
  }
  const child: ChildProcess = spawn(pgbouncerBinary(), [...(asRoot ? ["-u", "postgres"] : []), ini], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const log = () => {
    try {
      return output + readFileSync(path.join(dir, "pgbouncer.log"), "utf8");
    } catch {
      return output;
    }
  };
  await waitForPort(port, child, log);
  return {
    urlOf: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/pgbouncer`,
    log,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  if (!line) throw new Error("no postgres user to run pgbouncer as");
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}): ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: "127.0.0.1" }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pgbouncer did not listen on ${port}: ${log()}`);
}
