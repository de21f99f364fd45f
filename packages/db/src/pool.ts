import pg from "pg";

/** PostgreSQL's `name` type (catalog identifiers). */
const NAME_OID = 19;
const TEXT_OID = 25;

/**
 * A pg.Pool whose results report `name` columns as `text`.
 *
 * Why: @prisma/adapter-pg 6.19 cannot decode OID 19, which the JS schema engine reads from the
 * catalogs, so `prisma migrate deploy` fails with "Column type 'name' could not be deserialized"
 * (prisma/orm#27403). The values are plain strings either way; only the reported type changes.
 */
export class NameAsTextPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool#query is overloaded (promise or callback); this passes every form through.
  override query(...args: unknown[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    const result = (super.query as (...a: unknown[]) => any)(...args);
    if (result && typeof result.then === "function") {
      return result.then((value: pg.QueryResult) => {
        for (const field of value?.fields ?? []) {
          if (field.dataTypeID === NAME_OID) field.dataTypeID = TEXT_OID;
        }
        return value;
      });
    }
    return result;
  }
}

/**
 * A pg.Client that sends every statement unnamed, whatever name the caller gave it.
 *
 * Why: stores name their hot statements so that each connection parses them once. Behind a
 * pooler in transaction mode (PgBouncer before 1.21) consecutive transactions of one client
 * run on different server connections, where a name prepared on another one does not exist.
 * Dropping the name here keeps that decision out of every store.
 */
export class UnnamedStatementsClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg.Client#query is overloaded (promise or callback); this passes every form through.
  override query(...args: unknown[]): any {
    const [config] = args;
    if (config && typeof config === "object" && "name" in config && "text" in config) {
      const { name: _name, ...unnamed } = config as pg.QueryConfig;
      args[0] = unnamed;
    }
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    return (super.query as (...a: unknown[]) => any)(...args);
  }
}
