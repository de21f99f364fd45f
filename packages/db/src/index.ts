export { createDb, DB_TIMEOUT_DEFAULTS, type Db, type DbHandle, type DbOptions } from "./client.ts";
export { UnnamedStatementsClient } from "./pool.ts";
export { newId, hasPrefix, randomAlphanumeric, ID_PREFIXES, type IdKind } from "./ids.ts";
export { Prisma } from "./generated/client.ts";
export type * from "./generated/client.ts";
export * from "./generated/enums.ts";
