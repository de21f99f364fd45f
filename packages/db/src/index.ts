export { createDb, DB_TIMEOUT_DEFAULTS, type Db, type DbHandle, type DbOptions } from "./client.ts";
export type * from "./generated/client.ts";
export { Prisma } from "./generated/client.ts";
export * from "./generated/enums.ts";
export { hasPrefix, ID_PREFIXES, type IdKind, newId, randomAlphanumeric } from "./ids.ts";
export { UnnamedStatementsClient } from "./pool.ts";
