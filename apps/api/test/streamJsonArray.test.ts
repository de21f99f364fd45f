import type { Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, expect, it } from "@jest/globals";
import { closeServer } from "@svc/runtime";
import express, { type Response } from "express";
import { streamJsonArray } from "../src/streamJsonArray.ts";

const BATCHES = 40;
const ITEM = "x".repeat(2000);
const EVENTS = ["close", "error", "drain", "finish"] as const;

interface Observed {
  /** Listeners of each event before the stream started. */
  before: Record<string, number>;
  /** The most listeners of each event seen at any write. */
  most: Record<string, number>;
  /** Listeners of each event once streamJsonArray settled. */
  after: Record<string, number>;
  outcome: "resolved" | "rejected";
}

let server: Server;
let port: number;
let breakAtBatch: number | null = null;
let observed: Promise<Observed>;

const counts = (res: Response) => Object.fromEntries(EVENTS.map((event) => [event, res.listenerCount(event)]));

beforeAll(async () => {
  const app = express();
  app.get("/", (_req, res) => {
    const before = counts(res);
    const most = { ...before };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    res.write = ((...args: unknown[]) => {
      for (const [event, count] of Object.entries(counts(res))) most[event] = Math.max(most[event]!, count);
      return write(...args);
    }) as typeof res.write;
    async function* batches() {
      for (let batch = 0; batch < BATCHES; batch++) {
        if (batch === breakAtBatch) res.destroy(new Error("socket broke"));
        yield Array.from({ length: 50 }, (_, index) => ({ batch, index, ITEM }));
      }
    }
    observed = streamJsonArray(res, batches()).then(
      () => ({ before, most, after: counts(res), outcome: "resolved" as const }),
      () => ({ before, most, after: counts(res), outcome: "rejected" as const }),
    );
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => {
  server.closeAllConnections();
  return closeServer(server);
});

/** A client that reads the answer a few KB at a time, so that nearly every write has to wait. */
function slowClient(): { socket: Socket; text: Promise<string> } {
  const socket = connect(port, "127.0.0.1", () => socket.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
  const chunks: Buffer[] = [];
  socket.pause();
  const timer = setInterval(() => {
    const chunk = socket.read(16 * 1024) ?? socket.read();
    if (chunk) chunks.push(chunk as Buffer);
  }, 2);
  const text = new Promise<string>((resolve) => {
    socket.on("close", () => {
      clearInterval(timer);
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
  });
  socket.on("error", () => {});
  return { socket, text };
}

it("streams a long list to a slow reader with one set of listeners for the whole stream", async () => {
  breakAtBatch = null;
  const { text } = slowClient();
  const answer = await text;
  const seen = await observed;
  expect(seen.outcome).toBe("resolved");
  const body = answer.slice(answer.indexOf("\r\n\r\n") + 4);
  const json = body
    .replace(/\r\n[0-9a-f]+\r\n/g, "")
    .replace(/^[0-9a-f]+\r\n/, "")
    .replace(/\r\n0\r\n\r\n$/, "");
  expect(JSON.parse(json)).toHaveLength(BATCHES * 50);
  // At most one more listener per event than before the stream (Node warns above 10), none left.
  for (const event of EVENTS) expect([event, seen.most[event]! - seen.before[event]!]).toEqual([event, expect.any(Number)]);
  expect(Math.max(...EVENTS.map((event) => seen.most[event]! - seen.before[event]!))).toBeLessThanOrEqual(1);
  expect(seen.after).toEqual(seen.before);
});

it("settles and leaves no listener behind when the response fails mid-stream", async () => {
  breakAtBatch = 5;
  const { text } = slowClient();
  await text;
  const seen = await observed;
  expect(Math.max(...EVENTS.map((event) => seen.most[event]! - seen.before[event]!))).toBeLessThanOrEqual(1);
  for (const event of ["close", "drain"]) expect(seen.after[event]).toBeLessThanOrEqual(seen.before[event]!);
});
