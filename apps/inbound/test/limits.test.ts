import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addInboundRoute, addReceivingDomain, createDnsResolver, INBOUND_MEMORY_PER_BYTE, verifyReceivingDomain } from "@svc/core";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { testEnv } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
import { freePort, groupRssBytes, type RunningApp, startApp } from "../../../test/support/stack.ts";

const MB = 1024 * 1024;
const handle = openTestDb();
let dns: TestDnsServer;
let app: RunningApp;
let smtpPort: number;
let recipient: string;

// The receiver in its own process (its memory measured alone): 10 MB messages, a 64 MB budget
// (one 10 MB message's share, or three 3 MB ones), three unknown recipients a session, six per address.
beforeAll(async () => {
  dns = await startDnsServer();
  const fx = await createWorkspaceFixture(handle);
  const name = `limits.${fx.domain}`;
  let receiving = await addReceivingDomain(
    handle.prisma,
    { workspaceId: fx.workspaceId, domain: name },
    { mxHost: "mx.svc.test", region: "us-east-1" },
  );
  const ownership = receiving.records.find((record) => record.purpose === "ownership")!;
  dns.setTxt(ownership.name, [ownership.value]);
  dns.setMx(name, [{ priority: 10, exchange: "mx.svc.test" }]);
  receiving = await verifyReceivingDomain(handle.prisma, receiving.id, {
    resolver: createDnsResolver({ servers: [dns.address], timeoutMs: 500 }),
    workspaceId: fx.workspaceId,
  });
  await addInboundRoute(handle.prisma, { receivingDomainId: receiving.id, address: "support", workspaceId: fx.workspaceId });
  recipient = `support@${name}`;
  smtpPort = await freePort();
  app = await startApp(
    "inbound",
    testEnv({
      INBOUND_PORT: String(smtpPort),
      INBOUND_HEALTH_PORT: String(await freePort()),
      DNS_SERVERS: dns.address,
      DNS_TIMEOUT_MS: "300",
      INBOUND_MAX_MESSAGE_BYTES: String(10 * MB),
      INBOUND_MESSAGE_BUDGET_MB: "64",
      INBOUND_BUDGET_CLIENT_SHARE: "1",
      INBOUND_MAX_FAILED_RCPTS: "3",
      INBOUND_FAILED_RCPTS_PER_CLIENT: "6",
      INBOUND_RATE_PER_MINUTE: "100000",
    }),
    "INBOUND_HEALTH_PORT",
  );
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await dns?.close();
  await handle.close();
});

/** A bare SMTP client: one reply at a time, DATA written with backpressure. */
class Client {
  private buffered = "";
  private waiting: ((reply: string) => void) | null = null;
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buffered += chunk.toString("latin1");
      this.deliver();
    });
    socket.on("close", () => {
      this.closed = true;
      this.deliver();
    });
    socket.on("error", () => {});
    socket.setMaxListeners(0);
  }

  static async open(port: number): Promise<{ client: Client; greeting: string }> {
    const socket = connect(port, "127.0.0.1");
    const client = new Client(socket);
    return { client, greeting: await client.reply() };
  }

  private deliver() {
    if (!this.waiting) return;
    const match = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(this.buffered);
    if (!match) {
      if (this.closed) {
        const done = this.waiting;
        this.waiting = null;
        done(this.buffered || "closed");
      }
      return;
    }
    const end = match.index + match[0].length;
    const reply = this.buffered.slice(0, end).trim().split("\r\n").at(-1)!;
    this.buffered = this.buffered.slice(end);
    const done = this.waiting;
    this.waiting = null;
    done(reply);
  }

  reply(): Promise<string> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.deliver();
    });
  }

  command(line: string): Promise<string> {
    const answer = this.reply();
    this.socket.write(`${line}\r\n`);
    return answer;
  }

  /** Writes `bytes` of message (a header, then body lines) and the final dot; answers the reply. */
  async data(bytes: number, options: { chunkBytes?: number; pauseMs?: number } = {}): Promise<string> {
    const started = await this.command("DATA");
    if (!started.startsWith("354")) return started;
    const line = `${"x".repeat(998)}\r\n`;
    const chunk = Buffer.from(line.repeat(Math.max(1, Math.floor((options.chunkBytes ?? 256 * 1024) / line.length))));
    const answer = this.reply();
    await this.write(Buffer.from("From: a@sender.test\r\nSubject: big\r\n\r\n"));
    for (let sent = 0; sent < bytes && !this.closed; sent += chunk.length) {
      await this.write(chunk);
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
    await this.write(Buffer.from("\r\n.\r\n"));
    return answer;
  }

  private write(bytes: Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed || this.socket.write(bytes)) return resolve();
      this.socket.once("drain", () => resolve());
      this.socket.once("close", () => resolve());
    });
  }

  close() {
    this.socket.destroy();
  }
}

async function openTransaction(port = smtpPort): Promise<Client> {
  const { client } = await Client.open(port);
  expect(await client.command("EHLO client.test")).toMatch(/^250/);
  expect(await client.command("MAIL FROM:<a@sender.test>")).toMatch(/^250/);
  expect(await client.command(`RCPT TO:<${recipient}>`)).toMatch(/^250/);
  return client;
}

/** Samples the receiver's RSS while `work` runs; answers the work's result and the peak. */
async function peakRssDuring<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = groupRssBytes(app);
  const timer = setInterval(() => {
    peak = Math.max(peak, groupRssBytes(app));
  }, 50);
  try {
    const result = await work();
    peak = Math.max(peak, groupRssBytes(app));
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

describe("the MX receiver's limits, in its own process", () => {
  it("answers 552 to a 200 MB DATA stream (10 MB limit) without holding it: RSS grows by less than 60 MB", async () => {
    // Warm up: one message taken and stored.
    const warm = await openTransaction();
    expect(await warm.data(64 * 1024)).toMatch(/^250/);
    warm.close();
    const before = groupRssBytes(app);
    const client = await openTransaction();
    const { result, peak } = await peakRssDuring(() => client.data(200 * MB, { chunkBytes: 1024 * 1024 }));
    client.close();
    expect(result).toMatch(/^552 5\.3\.4/);
    expect(peak - before).toBeLessThan(60 * MB);
  }, 120_000);

  it("answers 451 4.3.1 to the messages that find the budget full, and stores those that fit, within memory", async () => {
    const before = groupRssBytes(app);
    // 24 messages of 3 MB at once, each written slowly enough that they overlap: their shares
    // (INBOUND_MEMORY_PER_BYTE times their size) do not fit the 64 MB budget together. Held
    // whole, they would take several hundred MB.
    const clients = await Promise.all(Array.from({ length: 24 }, () => openTransaction()));
    const { result: replies, peak } = await peakRssDuring(() =>
      Promise.all(clients.map((client) => client.data(3 * MB, { chunkBytes: 128 * 1024, pauseMs: 20 }))),
    );
    for (const client of clients) client.close();
    const busy = replies.filter((reply) => reply.startsWith("451 4.3.1"));
    const stored = replies.filter((reply) => reply.startsWith("250"));
    expect(busy.length).toBeGreaterThan(0);
    expect(stored.length).toBeGreaterThan(0);
    expect(busy.length + stored.length).toBe(replies.length);
    expect(peak - before).toBeLessThan(250 * MB);
    // The budget is given back: one more message is taken.
    const after = await openTransaction();
    expect(await after.data(3 * MB)).toMatch(/^250/);
    after.close();
  }, 120_000);

  it("closes a session with 421 after three unknown recipients, and turns the address away at connect after six", async () => {
    const { client } = await Client.open(smtpPort);
    await client.command("EHLO client.test");
    await client.command("MAIL FROM:<a@sender.test>");
    const domain = recipient.split("@")[1];
    for (const name of ["alice", "bob", "carol"]) expect(await client.command(`RCPT TO:<${name}@${domain}>`)).toMatch(/^550 5\.1\.1/);
    expect(await client.command(`RCPT TO:<dave@${domain}>`)).toMatch(/^421 4\.7\.0/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(client.closed).toBe(true);
    // A second session spends the address's remaining guesses; the third is refused at once.
    const second = await Client.open(smtpPort);
    await second.client.command("EHLO client.test");
    await second.client.command("MAIL FROM:<a@sender.test>");
    for (const name of ["erin", "frank"]) expect(await second.client.command(`RCPT TO:<${name}@${domain}>`)).toMatch(/^550 5\.1\.1/);
    second.client.close();
    const third = await Client.open(smtpPort);
    expect(third.greeting).toMatch(/^421 4\.7\.0/);
    third.client.close();
  }, 60_000);
});

/** The app's own node process (tsx runs it as its child); its peak resident set is read from /proc. */
function appPid(running: RunningApp): number {
  const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(running.child.pid)], { encoding: "utf8" })
    .trim()
    .split(/\s+/);
  return Number(children[0] ?? running.child.pid);
}

function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

describe("one large message, in its own process", () => {
  const SIZE = 30 * MB;
  let big: RunningApp;
  let bigPort: number;

  // A receiver whose limit and budget take one 30 MB message (a budget of exactly one such
  // message at INBOUND_MEMORY_PER_BYTE): its peak memory is read once the message is stored.
  beforeAll(async () => {
    bigPort = await freePort();
    big = await startApp(
      "inbound",
      testEnv({
        INBOUND_PORT: String(bigPort),
        INBOUND_HEALTH_PORT: String(await freePort()),
        DNS_SERVERS: dns.address,
        DNS_TIMEOUT_MS: "300",
        INBOUND_MAX_MESSAGE_BYTES: String(32 * MB),
        INBOUND_MESSAGE_BUDGET_MB: String(32 * INBOUND_MEMORY_PER_BYTE),
        INBOUND_BUDGET_CLIENT_SHARE: "1",
        INBOUND_RATE_PER_MINUTE: "100000",
      }),
      "INBOUND_HEALTH_PORT",
    );
  }, 120_000);

  afterAll(async () => {
    await big?.stop();
  });

  it("stores a 30 MB message with its process growing by less than INBOUND_MEMORY_PER_BYTE times its size", async () => {
    // Plain text, the costliest kind: besides the raw bytes, its text is decoded, made a string and sent.
    const warm = await openTransaction(bigPort);
    expect(await warm.data(64 * 1024)).toMatch(/^250/);
    warm.close();
    const pid = appPid(big);
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    const before = memoryOf(pid).rss;
    const client = await openTransaction(bigPort);
    const reply = await client.data(SIZE, { chunkBytes: 1024 * 1024 });
    client.close();
    const growth = memoryOf(pid).hwm - before;
    expect(reply).toMatch(/^250 2\.0\.0 Ok: stored as inb_/);
    const id = /inb_\w+/.exec(reply)![0];
    const { rows } = await handle.pool.query(
      `SELECT octet_length(raw) AS "rawBytes", length(text) AS "textLength" FROM inbound_emails WHERE id = $1`,
      [id],
    );
    expect(rows[0].rawBytes).toBeGreaterThan(SIZE);
    expect(rows[0].textLength).toBeGreaterThan(SIZE - MB);
    // The budget charges INBOUND_MEMORY_PER_BYTE per byte: the process must not need more (but
    // for a little churn of its own).
    expect(growth).toBeLessThan(INBOUND_MEMORY_PER_BYTE * SIZE + 32 * MB);
  }, 180_000);
});
