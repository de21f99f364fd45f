import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { podmanRunArgs } from "../../infra/scripts/containers.ts";
import { testEnv } from "./env.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");

export type AppName = "api" | "ingest" | "sender" | "dispatcher" | "dashboard" | "smtp" | "inbound";

/**
 * Ports handed out for apps to listen on later, below the kernel's ephemeral range: a port the
 * OS picks itself (listen on 0) comes from that range, and so does every outgoing connection's
 * local port, so in the seconds before the app listens one of them could take it (the app then
 * fails with EADDRINUSE, or a simulator without its certificate server reports no events).
 */
const HANDED_OUT_FROM = 20_000;
const handedOutTo = ephemeralRangeStart() - 1;
let nextHandedOut = HANDED_OUT_FROM + Math.floor(Math.random() * (handedOutTo - HANDED_OUT_FROM));

function ephemeralRangeStart(): number {
  try {
    const start = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return start > HANDED_OUT_FROM + 1_000 ? start : 32_768;
  } catch {
    return 32_768;
  }
}

/** A port free right now (closed again before it is handed out); a test file's ports in turn from a random start. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 1_000; tries++) {
    const port = nextHandedOut;
    nextHandedOut = port >= handedOutTo ? HANDED_OUT_FROM : port + 1;
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${HANDED_OUT_FROM} and ${handedOutTo}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited (${child.exitCode})\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url}: not healthy after ${timeoutMs} ms\n${output()}`);
}

/** Resident memory of the app's whole process group (tsx and the app), in bytes. */
export function groupRssBytes(app: RunningApp): number {
  const out = execFileSync("ps", ["-o", "rss=", "-g", String(app.child.pid)], { encoding: "utf8" });
  return out
    .split("\n")
    .map((line) => Number(line.trim()))
    .filter((kb) => kb > 0)
    .reduce((sum, kb) => sum + kb * 1024, 0);
}

export interface RunningApp {
  name: AppName;
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
  /** kill -9 of the app's whole process group, as a crash would; resolves once it is gone. */
  crash(): Promise<void>;
}

/**
 * How an app is run: `source` through tsx (development, most tests), `build` with plain node on
 * its `pnpm build` output (`apps/<app>/dist/main.js`), as production runs it, or `image`: that
 * bundle in the production image (infra/docker/Dockerfile), a podman container on the host's
 * network, with the app's environment and the stack's key folder (SIMULATOR_KEY_DIR) mounted.
 */
export type AppRuntime = "source" | "build" | { image: string };

function appCommand(name: AppName, runtime: AppRuntime, env: Record<string, string>): [string, string[]] {
  if (runtime === "build") return [process.execPath, ["--enable-source-maps", path.join(root, "apps", name, "dist", "main.js")]];
  if (typeof runtime === "object") {
    const keyDir = env.SIMULATOR_KEY_DIR;
    return [
      "podman",
      [
        ...podmanRunArgs(),
        "--name",
        `svc-${name}-${process.pid}-${env.QUEUE_PREFIX?.slice(-6) ?? "x"}`,
        // The value of each comes from podman's own environment (spawn's env below).
        ...Object.keys(env).flatMap((key) => ["--env", key]),
        ...(keyDir ? ["--volume", `${keyDir}:${keyDir}`] : []),
        runtime.image,
        `apps/${name}/dist/main.js`,
      ],
    ];
  }
  return [tsx, [path.join(root, "apps", name, "src", "main.ts")]];
}

/** Starts one app as its own process (as in production) and waits for its /healthz. */
export async function startApp(
  name: AppName,
  env: Record<string, string>,
  portVariable: string,
  runtime: AppRuntime = "source",
): Promise<RunningApp> {
  const port = Number(env[portVariable]);
  const [command, args] = appCommand(name, runtime, env);
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: tsx runs the app in a node child, and crash() must take both.
    detached: true,
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(`${url}/healthz`, child, () => log);
  return {
    name,
    port,
    url,
    child,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill("SIGTERM");
      }),
    crash: async () => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        return; // already gone
      }
      for (let i = 0; i < 200; i++) {
        try {
          process.kill(-child.pid!, 0);
        } catch {
          return;
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}

export interface Stack {
  env: Record<string, string>;
  apps: Partial<Record<AppName, RunningApp>>;
  apiUrl: string;
  stop(): Promise<void>;
}

const PORT_VARIABLES: Record<AppName, string> = {
  api: "API_PORT",
  ingest: "INGEST_PORT",
  sender: "SENDER_PORT",
  dispatcher: "DISPATCHER_PORT",
  dashboard: "DASHBOARD_PORT",
  // The relay's health server; its SMTP ports are SMTP_PORT and SMTPS_PORT in `env`.
  smtp: "SMTP_HEALTH_PORT",
  // The MX receiver's health server; its SMTP port is INBOUND_PORT in `env`.
  inbound: "INBOUND_HEALTH_PORT",
};

/**
 * The whole pipeline on the simulator, each app its own process on free ports, sharing the test
 * database and a Redis queue prefix of its own: api → sender → simulator → SNS → ingest → dispatcher.
 */
export async function startStack(options: { apps?: AppName[]; env?: Record<string, string>; runtime?: AppRuntime } = {}): Promise<Stack> {
  const apps = options.apps ?? ["ingest", "api", "sender", "dispatcher"];
  const keyDir = mkdtempSync(path.join(os.tmpdir(), "svc-sim-"));
  // In an image the apps run as its unprivileged user, and write their keys here.
  if (typeof options.runtime === "object") chmodSync(keyDir, 0o777);
  const ports = Object.fromEntries(
    await Promise.all(Object.values(PORT_VARIABLES).map(async (name) => [name, String(await freePort())])),
  ) as Record<string, string>;
  const certPort = String(await freePort());
  const [smtpPort, smtpsPort] = [String(await freePort()), String(await freePort())];
  const env = testEnv({
    ...ports,
    EMAIL_PROVIDER: "simulator",
    SIMULATOR_SNS_URL: `http://127.0.0.1:${ports.INGEST_PORT}/sns/ses`,
    // The public unsubscribe endpoint the sender writes into List-Unsubscribe headers.
    UNSUBSCRIBE_BASE_URL: `http://127.0.0.1:${ports.INGEST_PORT}`,
    SIMULATOR_KEY_DIR: keyDir,
    SIMULATOR_CERT_PORT: certPort,
    SIMULATOR_CERT_URL: `http://127.0.0.1:${certPort}/simulator/SimpleNotificationService-simulator.pem`,
    SES_MAX_SEND_RATE: "0",
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    SMTP_PORT: smtpPort,
    SMTPS_PORT: smtpsPort,
    SMTP_TLS_DIR: path.join(keyDir, "smtp"),
    ...options.env,
  });
  const running: Partial<Record<AppName, RunningApp>> = {};
  const stop = async () => {
    await Promise.all(Object.values(running).map((app) => app.stop()));
    rmSync(keyDir, { recursive: true, force: true });
  };
  try {
    for (const name of apps) running[name] = await startApp(name, env, PORT_VARIABLES[name], options.runtime);
  } catch (error) {
    await stop();
    throw error;
  }
  return { env, apps: running, apiUrl: `http://127.0.0.1:${ports.API_PORT}`, stop };
}

export interface ApiCall {
  method?: string;
  body?: unknown;
  /** The key to send; the caller's default otherwise. */
  key?: string;
}

/** A JSON request to a stack's API (GET, or POST when there is a body), answered with its status and parsed body. */
export async function callApi(
  apiUrl: string,
  defaultKey: string,
  path: string,
  init: ApiCall = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { authorization: `Bearer ${init.key ?? defaultKey}`, "content-type": "application/json" },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: await response.json() };
}
