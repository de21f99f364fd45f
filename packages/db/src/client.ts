import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client.ts";
import { NameAsTextPool } from "./pool.ts";

export type Db = InstanceType<typeof PrismaClient>;

export interface DbOptions {
  url: string;
  poolSize?: number;
}

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
export function createDb({ url, poolSize = 10 }: DbOptions): DbHandle {
  const pool = new NameAsTextPool({ connectionString: url, max: poolSize });
  // A connection that dies while idle must not crash the process; the pool replaces it.
  pool.on("error", () => {});
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
