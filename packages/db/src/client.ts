import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client.ts";
import { NameAsTextPool, ReadDeadlineClient, UnnamedStatementsClient } from "./pool.ts";

export type Db = InstanceType<typeof PrismaClient>;

export interface DbOptions {
  url: string;
  poolSize?: number;
  /** How long taking a new connection may take before the caller gets an error (pg `connectionTimeoutMillis`). */
  connectTimeoutMs?: number;
  /**
   * Server-side `statement_timeout` of every connection: a statement waiting on a lock or running
   * away is cancelled (57014) instead of holding its request and its connection. 0 turns it off.
   */
  statementTimeoutMs?: number;
  /** False: every statement is sent unnamed, for poolers in transaction mode (DATABASE_PREPARED_STATEMENTS). */
  preparedStatements?: boolean;
}

/** Defaults for processes that do not pass their own (see DATABASE_* in packages/config). */
export const DB_TIMEOUT_DEFAULTS = { connectTimeoutMs: 5_000, statementTimeoutMs: 30_000 } as const;

/**
 * The client-side deadline of a query, behind the server's own: it fires only when the server
 * cannot even answer the cancellation (a dead network path).
 */
const CLIENT_MARGIN_MS = 5_000;

export interface DbHandle {
  prisma: Db;
  /** The same pool Prisma uses, for the few places that need raw SQL or a streaming cursor. */
  pool: NameAsTextPool;
  /** Resolves when Postgres answers a trivial query: the readiness check of every app. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One pool per process. Prisma runs on it through the driver adapter, and hot paths that must
 * stream (GET /emails) borrow connections from it directly, so there is one connection budget.
 */
export function createDb({
  url,
  poolSize = 10,
  connectTimeoutMs = DB_TIMEOUT_DEFAULTS.connectTimeoutMs,
  statementTimeoutMs = DB_TIMEOUT_DEFAULTS.statementTimeoutMs,
  preparedStatements = true,
}: DbOptions): DbHandle {
  const pool = new NameAsTextPool({
    Client: preparedStatements ? ReadDeadlineClient : UnnamedStatementsClient,
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs, readTimeoutMs: statementTimeoutMs + CLIENT_MARGIN_MS } : {}),
  });
  // A connection that dies while idle must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Nor one that dies while checked out (a transaction or an advisory-lock holder between
  // statements, a streaming cursor, Prisma's interactive transaction): pg-pool listens to a
  // client's 'error' only while it is idle, and a server restart then ends every process that
  // holds one. This listener lives as long as the connection. The caller learns of the loss
  // from its next statement, which fails, and the pool discards the dead client on release.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    pool,
    async ping() {
      await pool.query("SELECT 1");
    },
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}
