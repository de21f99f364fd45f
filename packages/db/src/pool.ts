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

type QueryCallback = (error: Error | null, result?: pg.QueryResult) => void;

/** What pg answers when a statement's answer does not arrive in time (databaseErrors.ts reads it as unavailable). */
export const READ_TIMEOUT_MESSAGE = "Query read timeout";

/**
 * A pg.Client with a client-side deadline on every statement's answer (`readTimeoutMs`), for a
 * dead network path, where even the server's statement_timeout cannot reach us. On the deadline
 * the caller gets `Query read timeout` and the connection is closed, so the pool discards it.
 *
 * Why not pg's own `query_timeout`: pg wraps each query's callback in a closure created inside
 * `Client#query`, whose context holds the Query and so every row it accumulates. With it, the
 * rows of a listing's batches survived young-generation collections and were promoted to the old
 * space (2.6 MB a batch of 500), which only a full collection frees: the API grew by 100 to 180 MB
 * while streaming 100,000 emails, against 5 MB without. Here the deadline's closures are made
 * outside pg's frame and hold only the caller's callback, never the Query.
 */
export class ReadDeadlineClient extends pg.Client {
  readonly #readTimeoutMs: number;

  constructor(config?: pg.ClientConfig & { readTimeoutMs?: number }) {
    super(config);
    this.#readTimeoutMs = config?.readTimeoutMs ?? 0;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg.Client#query is overloaded (promise or callback); this passes every form through.
  override query(...args: unknown[]): any {
    const [config] = args;
    // A submittable (a cursor) reads at its caller's pace: no deadline applies to it.
    const submittable = typeof (config as { submit?: unknown } | null)?.submit === "function";
    if (this.#readTimeoutMs <= 0 || submittable) return (super.query as (...a: unknown[]) => unknown)(...args);
    const callback = typeof args[args.length - 1] === "function" ? (args.pop() as QueryCallback) : undefined;
    const run = (done: QueryCallback) => (super.query as (...a: unknown[]) => unknown)(...args, done);
    return withReadDeadline(this, this.#readTimeoutMs, run, callback);
  }
}

/**
 * Runs `run` (one statement, callback form) with a deadline; answers through `callback`, or a
 * promise when there is none (as pg does).
 */
function withReadDeadline(
  client: pg.Client,
  timeoutMs: number,
  run: (done: QueryCallback) => unknown,
  callback: QueryCallback | undefined,
): Promise<pg.QueryResult> | undefined {
  let answer = callback;
  const promise = callback
    ? undefined
    : new Promise<pg.QueryResult>((resolve, reject) => {
        answer = (error, result) => (error ? reject(error) : resolve(result as pg.QueryResult));
      });
  let settled = false;
  const timer = setTimeout(() => {
    settled = true;
    answer?.(new Error(READ_TIMEOUT_MESSAGE));
    // The statement is still in flight on this connection; closing it frees the pool's slot.
    client.connection.stream.destroy();
  }, timeoutMs);
  run((error, result) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    answer?.(error, result);
  });
  return promise;
}

/**
 * A pg.Client that sends every statement unnamed, whatever name the caller gave it.
 *
 * Why: stores name their hot statements so that each connection parses them once. Behind a
 * pooler in transaction mode (PgBouncer before 1.21) consecutive transactions of one client
 * run on different server connections, where a name prepared on another one does not exist.
 * Dropping the name here keeps that decision out of every store.
 */
export class UnnamedStatementsClient extends ReadDeadlineClient {
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
