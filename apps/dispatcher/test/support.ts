import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { createInterface } from "node:readline";
import { createWebhookSubscription, EVENT_TYPES, recordEmailEvent, SecretBox } from "@svc/core";
import { createDb, type Db, type DbHandle, type EventType, newId } from "@svc/db";
import { createLogger } from "@svc/logger";
import { closeConnections, createProducerConnection, createWorkerConnection, newDeliveryJobs, Producer } from "@svc/queues";
import { listen, Shutdown } from "@svc/runtime";
import { testEnv } from "../../../test/support/env.ts";
import type { WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { createDispatcher } from "../src/dispatcher.ts";
import { type DispatcherEnv, dispatcherEnvSchema } from "../src/env.ts";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  receivedAt: number;
}

/** "hang": never answer; "stall": send 200 and its headers, then never finish the body. */
export type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number } | "hang" | "stall";
export type Responder = (request: ReceivedRequest, index: number) => Answer;

/** A real HTTP receiver on loopback that records every request and answers as scripted. */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  /** TCP connections accepted: proves that a refused address was never even dialled. */
  connections = 0;
  inFlight = 0;
  maxInFlight = 0;
  private readonly sockets = new Set<Socket>();
  private readonly hanging = new Set<ServerResponse>();
  private port = 0;

  private constructor(
    private readonly server: Server,
    private responder: Responder,
  ) {}

  static async start(responder: Responder = () => ({ status: 200, body: "ok" })): Promise<Receiver> {
    const server = createServer();
    const receiver = new Receiver(server, responder);
    server.on("connection", (socket) => {
      receiver.connections += 1;
      receiver.sockets.add(socket);
      socket.on("close", () => receiver.sockets.delete(socket));
    });
    server.on("request", (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const request: ReceivedRequest = {
          method: req.method ?? "",
          path: req.url ?? "",
          headers: req.headers,
          rawBody: Buffer.concat(chunks),
          receivedAt: Date.now(),
        };
        const index = receiver.requests.push(request) - 1;
        const answer = receiver.responder(request, index);
        if (answer === "stall") {
          res.writeHead(200, { "content-type": "text/plain" });
          res.write("partial");
        }
        if (answer === "hang" || answer === "stall") {
          receiver.inFlight += 1;
          receiver.maxInFlight = Math.max(receiver.maxInFlight, receiver.inFlight);
          receiver.hanging.add(res);
          res.on("close", () => {
            receiver.inFlight -= 1;
            receiver.hanging.delete(res);
          });
          return;
        }
        const respond = () => {
          res.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
          res.end(answer.body ?? "");
        };
        if (answer.delayMs) setTimeout(respond, answer.delayMs);
        else respond();
      });
    });
    receiver.port = await listen(server, 0, "127.0.0.1");
    return receiver;
  }

  url(path = "/hook"): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  get portNumber(): number {
    return this.port;
  }

  respondWith(responder: Responder): void {
    this.responder = responder;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export async function waitUntil(
  what: string,
  predicate: () => Promise<boolean> | boolean,
  { timeoutMs = 30_000, intervalMs = 25 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await predicate()) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export function dispatcherEnv(overrides: Record<string, string> = {}): DispatcherEnv {
  return dispatcherEnvSchema.parse(
    testEnv({
      DISPATCHER_PORT: "0",
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      WEBHOOK_SWEEP_INTERVAL_MS: "60000",
      WEBHOOK_TIMEOUT_MS: "5000",
      DATABASE_POOL_SIZE: "5",
      ...overrides,
    }),
  );
}

export interface RunningDispatcher {
  env: DispatcherEnv;
  /** A producer on the same queue prefix, playing the ingester/sender. */
  producer: Producer<"webhookDelivery">;
  box: SecretBox;
  port: number;
  stop(): Promise<void>;
}

/** A dispatcher in-process, wired as main.ts wires it, with its own queue prefix, plus a producer for that queue. */
export async function startDispatcher(overrides: Record<string, string> = {}): Promise<RunningDispatcher> {
  const env = dispatcherEnv(overrides);
  const log = createLogger("dispatcher-test", env.LOG_LEVEL);
  const db = createDb({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
  const workerRedis = createWorkerConnection(env.REDIS_URL);
  const redis = createWorkerConnection(env.REDIS_URL, { enableAutoPipelining: true });
  const producerRedis = createProducerConnection(env.REDIS_URL);
  const dispatcher = createDispatcher(env, { db, workerRedis, redis, producerRedis, log });
  const shutdown = new Shutdown(log, dispatcher.shutdownDeadlineMs)
    .addAll(dispatcher.shutdown)
    .add("redis", () => closeConnections(workerRedis, redis, producerRedis))
    .add("postgres", () => db.close());
  const { port } = await dispatcher.start();
  const producer = new Producer("webhookDelivery", producerRedis, env.QUEUE_PREFIX);
  return {
    env,
    producer,
    box: new SecretBox(env.WEBHOOK_SECRET_KEY),
    port,
    async stop() {
      await producer.close();
      await shutdown.run();
    },
  };
}

export async function subscribe(
  db: Db,
  box: SecretBox,
  workspaceId: string,
  url: string,
  events: readonly EventType[] = EVENT_TYPES,
): Promise<{ id: string; secret: string }> {
  const created = await createWebhookSubscription(db, box, { workspaceId, url, events }, { allowPrivate: true });
  return { id: created.id, secret: created.secret };
}

export async function createEmail(db: Db, fixture: WorkspaceFixture): Promise<string> {
  const id = newId("email");
  await db.email.create({
    data: {
      id,
      organizationId: fixture.workspaceId,
      apiKeyId: fixture.keyIds["full-access"],
      environment: "live",
      from: `Test <sender@${fixture.domain}>`,
      to: ["someone@example.net"],
      subject: "Hello",
      text: "Hello",
      status: "sent",
    },
  });
  return id;
}

/** Plays the ingester: stores an event (which creates the deliveries) and enqueues them. */
export async function emitEvent(
  handle: DbHandle,
  producer: Producer<"webhookDelivery">,
  emailId: string,
  type: EventType,
): Promise<string[]> {
  const recorded = await recordEmailEvent(handle, {
    emailId,
    type,
    eventTimestamp: new Date(),
    payloadJson: JSON.stringify({ eventType: type, test: true }),
    dedupeKey: `test:${randomUUID()}`,
  });
  await producer.enqueueMany(newDeliveryJobs(recorded.deliveryIds));
  return recorded.deliveryIds;
}

const ROOT = new URL("../../../", import.meta.url).pathname;
const TSX = `${ROOT}node_modules/.bin/tsx`;

/** A dispatcher started as its own process (apps/dispatcher/src/main.ts), its JSON log lines collected. */
export interface Child {
  process: ChildProcess;
  logs: Array<Record<string, unknown>>;
  stderr: string;
  /** kill -9 of the whole process (tsx and the node process it runs), as a crash would. */
  crash(): Promise<void>;
}

export function spawnDispatcher(env: Record<string, string>): Child {
  const child = spawn(TSX, ["apps/dispatcher/src/main.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: tsx runs the app in a node child, and a crash must take both.
    detached: true,
  });
  const result: Child = {
    process: child,
    logs: [],
    stderr: "",
    async crash() {
      const exited = child.exitCode === null && child.signalCode === null ? once(child, "exit") : Promise.resolve();
      process.kill(-child.pid!, "SIGKILL");
      await exited;
      // The node grandchild dies with the group; wait until nothing of it is left.
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(-child.pid!, 0);
        } catch {
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  createInterface({ input: child.stdout! }).on("line", (line) => {
    try {
      result.logs.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // not a log line
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => (result.stderr += chunk.toString()));
  return result;
}
