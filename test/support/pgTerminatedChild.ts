/**
 * A child process for test/e2e/pgTerminated.test.ts: holds every kind of checked-out connection
 * (a transaction idle between statements, an advisory-lock holder, a client checked out and idle,
 * a Prisma interactive transaction) while the test terminates its backends, then does each kind
 * of work again, retrying, and says `done`. If a connection's 'error' had no listener, the process
 * would exit before that.
 */
import { createInterface } from "node:readline";
import { inTransaction, sqlPool } from "@svc/core";
import { withAdvisoryLock } from "@svc/core/stores";
import { createDb } from "@svc/db";

const db = createDb({ url: process.env.DATABASE_URL!, poolSize: 6 });
const lines = createInterface({ input: process.stdin });
const terminated = new Promise<void>((resolve) => lines.once("line", () => resolve()));

async function retry<T>(what: string, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 50) throw new Error(`${what}: still failing after ${attempt} attempts: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Each holder says when it holds its connection. */
const holding: Array<Promise<void>> = [];
function holder(): () => void {
  let said = () => {};
  holding.push(new Promise<void>((resolve) => (said = resolve)));
  return said;
}
const [inTx, inLock, inPrisma] = [holder(), holder(), holder()];

const held = [
  inTransaction(db, async (client) => {
    await client.query("SELECT 1");
    inTx();
    await terminated;
    await client.query("SELECT 2");
  }),
  withAdvisoryLock(sqlPool(db), 0x7465_7374, async () => {
    inLock();
    await terminated;
  }),
  db.prisma.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      inPrisma();
      await terminated;
      await tx.$queryRaw`SELECT 2`;
    },
    { timeout: 30_000 },
  ),
];
const idle = await db.pool.connect();
await idle.query("SELECT 1");
await Promise.all(holding);
console.log("holding");

await terminated;
const outcomes = (await Promise.allSettled(held)).map((outcome) => outcome.status);
idle.release(true);

await retry("a transaction", () => inTransaction(db, (client) => client.query("SELECT 1")));
const lock = await retry("an advisory lock", () => withAdvisoryLock(sqlPool(db), 0x7465_7374, async () => "ran"));
await retry("a Prisma transaction", () => db.prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 1`));
console.log(`done ${JSON.stringify({ outcomes, lock })}`);
lines.close();
// Not db.close(): after the broken transactions it does not settle here (a client still counted
// as checked out), and an app's shutdown has a deadline for that. Surviving is what is tested.
process.exit(0);
