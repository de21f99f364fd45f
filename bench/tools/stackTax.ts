/**
 * What the HTTP libraries the stack names cost per request on this machine, against node:http
 * doing the same exchange, and what a request costs when requests come one at a time:
 *
 * - server: a POST read and answered with JSON by Express (as the API and the ingester serve) and
 *   by node:http, in a child process whose CPU alone is counted;
 * - client: a POST with got, with the options the dispatcher's poster gives it, and with
 *   node:http, each from this process to a node:http server in a child, counting this process's
 *   CPU;
 * - pacing: the node:http server's CPU per request with 50 in flight against requests sent one
 *   at a time at fixed rates (the pipeline row's half rate is about 150/s here).
 *
 *   node_modules/.bin/tsx bench/tools/stackTax.ts
 *
 * Rounds alternate the two sides of each pair; the figures are the rounds' medians.
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import got from "got";
import { median, round } from "../lib/stats.ts";

const ROUNDS = Number(process.env.BENCH_STACK_TAX_ROUNDS ?? 3);
const REQUESTS = 10_000;
const IN_FLIGHT = 50;
const PACED_RATES = [150, 300];
const PACED_SECONDS = 8;

/** The Express the apps run (the root package does not depend on it). */
const EXPRESS_PATH = createRequire(new URL("../../apps/ingest/package.json", import.meta.url)).resolve("express");

/** A child that serves POSTs with `kind`'s library and reports its own CPU time when asked. */
const SERVER_SOURCE = `
const { createServer } = require("node:http");
const kind = process.argv[2];
const readJson = (req, then) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => then(JSON.parse(Buffer.concat(chunks).toString("utf8"))));
};
let handler = (req, res) => readJson(req, () => {
  res.statusCode = 200;
  res.setHeader("content-type", "application/json");
  res.end('{"status":"recorded"}');
});
if (kind === "express") {
  // The body is read as node:http reads it (the apps read bodies their own way): the
  // difference is Express's routing and its request and response.
  const express = require(process.env.EXPRESS_PATH);
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.post("/sns/ses", (req, res) => readJson(req, () => res.json({ status: "recorded" })));
  handler = app;
}
const server = createServer(handler);
server.keepAliveTimeout = 5000;
server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
process.on("message", () => { const used = process.cpuUsage(); process.send({ cpuMs: (used.user + used.system) / 1000 }); });
`;

const BODY = JSON.stringify({ type: "email.delivered", data: { emailId: "em_0123456789", padding: "x".repeat(600) } });
const HEADERS = {
  "content-type": "application/json",
  "webhook-id": "msg_1",
  "webhook-timestamp": "1700000000",
  "webhook-signature": "v1,abc",
};

interface Server {
  url: string;
  cpuMs(): Promise<number>;
  stop(): void;
}

async function startServer(kind: "http" | "express"): Promise<Server> {
  const dir = mkdtempSync(path.join(tmpdir(), "stack-tax-"));
  const script = path.join(dir, "server.cjs");
  writeFileSync(script, SERVER_SOURCE);
  const child: ChildProcess = fork(script, [kind], {
    env: { ...process.env, EXPRESS_PATH },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve) => child.once("message", (m: { port: number }) => resolve(m.port)));
  return {
    url: `http://127.0.0.1:${port}/sns/ses`,
    cpuMs: () =>
      new Promise((resolve) => {
        child.once("message", (m: { cpuMs: number }) => resolve(m.cpuMs));
        child.send("cpu");
      }),
    stop: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

function postWithHttp(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", agent, headers: { ...HEADERS, "content-length": Buffer.byteLength(BODY) } }, (res) => {
      res.resume();
      res.on("end", () => resolve());
    });
    req.on("error", reject);
    req.end(BODY);
  });
}

const agents = { http: agent };

/** As apps/dispatcher's poster sends an attempt, without its bookkeeping around the request. */
function postWithGot(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = got.stream.post(url, {
      body: BODY,
      headers: HEADERS,
      followRedirect: false,
      retry: { limit: 0 },
      timeout: { request: 10_000 },
      throwHttpErrors: false,
      decompress: false,
      agent: agents,
    });
    req.on("data", () => {});
    req.on("end", () => resolve());
    req.on("error", reject);
  });
}

/** `count` POSTs with IN_FLIGHT at once; resolves when all were answered. */
async function saturate(post: () => Promise<void>, count: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < count) await post();
    }),
  );
}

/** POSTs one every 1000/rate ms for `seconds`, whatever the answers do; resolves with the count. */
async function pace(post: () => Promise<void>, rate: number, seconds: number): Promise<number> {
  const count = rate * seconds;
  const started = performance.now();
  const pending: Array<Promise<void>> = [];
  for (let n = 0; n < count; n++) {
    const wait = started + (n * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(post());
  }
  await Promise.all(pending);
  return count;
}

/** The server's CPU per request (ms) while `load` runs. */
async function serverCpuPerRequest(server: Server, load: () => Promise<number>): Promise<number> {
  const before = await server.cpuMs();
  const count = await load();
  return ((await server.cpuMs()) - before) / count;
}

/** This process's CPU per request (ms) while `load` runs. */
async function clientCpuPerRequest(load: () => Promise<number>): Promise<number> {
  const before = process.cpuUsage();
  const count = await load();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / count;
}

const saturated = (post: () => Promise<void>) => async () => {
  await saturate(post, REQUESTS);
  return REQUESTS;
};

async function main(): Promise<void> {
  const plain = await startServer("http");
  const express = await startServer("express");
  const samples: Record<string, number[]> = {};
  const note = (name: string, value: number) => {
    samples[name] ??= [];
    samples[name].push(value);
  };
  try {
    // Warm both servers and both clients before anything is counted.
    await saturate(() => postWithHttp(express.url), 2_000);
    await saturate(() => postWithHttp(plain.url), 2_000);
    await saturate(() => postWithGot(plain.url), 2_000);
    for (let round = 0; round < ROUNDS; round++) {
      note(
        "server: node:http",
        await serverCpuPerRequest(
          plain,
          saturated(() => postWithHttp(plain.url)),
        ),
      );
      note(
        "server: Express",
        await serverCpuPerRequest(
          express,
          saturated(() => postWithHttp(express.url)),
        ),
      );
      note("client: node:http", await clientCpuPerRequest(saturated(() => postWithHttp(plain.url))));
      note("client: got", await clientCpuPerRequest(saturated(() => postWithGot(plain.url))));
      for (const rate of PACED_RATES) {
        note(
          `server: node:http, one at a time at ${rate}/s`,
          await serverCpuPerRequest(plain, () => pace(() => postWithHttp(plain.url), rate, PACED_SECONDS)),
        );
      }
    }
  } finally {
    plain.stop();
    express.stop();
    agent.destroy();
  }
  const ms = Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
  for (const [name, value] of Object.entries(ms)) {
    process.stdout.write(`${name}: ${round(value, 4)} ms a request (rounds ${samples[name]!.map((v) => round(v, 4)).join(", ")})\n`);
  }
  const serverTax = ms["server: Express"]! - ms["server: node:http"]!;
  const clientTax = ms["client: got"]! - ms["client: node:http"]!;
  process.stdout.write(
    `Express costs ${round(serverTax, 4)} ms a request served more than node:http; got ${round(clientTax, 4)} ms a request sent.\n` +
      `Per email (the API and the ingester serve 3 requests with Express, the dispatcher sends 2 with got): ${round(3 * serverTax + 2 * clientTax, 3)} ms.\n`,
  );
  for (const rate of PACED_RATES) {
    const one = ms[`server: node:http, one at a time at ${rate}/s`]!;
    process.stdout.write(
      `node:http served one at a time at ${rate}/s: ${round(one / ms["server: node:http"]!, 2)}× its CPU per request with ${IN_FLIGHT} in flight (+${round(one - ms["server: node:http"]!, 4)} ms).\n`,
    );
  }
}

await main();
