import { once } from "node:events";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type pg from "pg";
import { NameAsTextPool, READ_TIMEOUT_MESSAGE, ReadDeadlineClient } from "../src/pool.ts";

const DATABASE_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/svc_test";

/**
 * A TCP relay to Postgres that can go silent: while frozen it forwards nothing either way, as a
 * dead network path does (the server never sees the statement, so its own timeout cannot fire).
 */
async function startRelay(target: URL) {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on("data", (chunk) => frozen || upstream.write(chunk));
    upstream.on("data", (chunk) => frozen || client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", close).on("error", close);
    upstream.on("close", close).on("error", close);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    freeze: (value: boolean) => {
      frozen = value;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe("ReadDeadlineClient: a client-side deadline on each statement's answer", () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let pool: NameAsTextPool;

  beforeAll(async () => {
    relay = await startRelay(new URL(DATABASE_URL));
    pool = new NameAsTextPool({
      Client: ReadDeadlineClient,
      connectionString: relay.url,
      max: 2,
      readTimeoutMs: 500,
      connectionTimeoutMillis: 5000,
    } as pg.PoolConfig);
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
  });

  afterAll(async () => {
    await pool.end().catch(() => {});
    await relay.close();
  });

  it("answers rows and errors as pg does, in the promise and the callback forms", async () => {
    expect((await pool.query("SELECT $1::int AS n", [7])).rows).toEqual([{ n: 7 }]);
    await expect(pool.query("SELECT nope FROM nowhere")).rejects.toMatchObject({ code: "42P01" });
    const client = await pool.connect();
    try {
      const viaCallback = await new Promise<pg.QueryResult>((resolve, reject) =>
        client.query("SELECT 'a' AS letter", [], (error: Error | null, result: pg.QueryResult) =>
          error ? reject(error) : resolve(result),
        ),
      );
      expect(viaCallback.rows).toEqual([{ letter: "a" }]);
    } finally {
      client.release();
    }
  });

  it("fails a statement whose answer never comes with the read timeout, once, and the pool recovers", async () => {
    const viaCallback = await pool.connect();
    const viaPromise = await pool.connect();
    relay.freeze(true);
    const answers: Array<Error | null> = [];
    await new Promise<void>((resolve) =>
      viaCallback.query("SELECT 1", [], (error: Error | null) => {
        answers.push(error);
        resolve();
      }),
    );
    expect(answers[0]?.message).toBe(READ_TIMEOUT_MESSAGE);
    const failed = await viaPromise.query("SELECT 2").catch((error: Error) => error);
    expect((failed as Error).message).toBe(READ_TIMEOUT_MESSAGE);
    viaCallback.release(answers[0] ?? undefined);
    viaPromise.release(failed as Error);
    relay.freeze(false);
    expect((await pool.query("SELECT 3 AS n")).rows).toEqual([{ n: 3 }]);
    // The timed-out statements' connections were closed: a late end reaches no one twice.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answers).toHaveLength(1);
  });
});
