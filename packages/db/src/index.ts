export { createDb, DB_TIMEOUT_DEFAULTS, type Db, type DbHandle, type DbOptions } from "./client.ts";
export type * from "./generated/client.ts";
export { Prisma } from "./generated/client.ts";
export * from "./generated/enums.ts";
export {
  derivedId,
  encodeIdTime,
  hasPrefix,
  ID_PREFIXES,
  type IdKind,
  idLowerBoundAt,
  newId,
  newIdBeside,
  newTimeId,
  randomAlphanumeric,
  TIME_ID_KINDS,
  TIME_PART_LENGTH,
  type TimeIdKind,
  timeOfId,
  timePartOf,
} from "./ids.ts";
export { UnnamedStatementsClient } from "./pool.ts";
