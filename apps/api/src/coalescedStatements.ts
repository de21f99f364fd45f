import {
  type ApiKeyLookup,
  type ApiKeyRecord,
  type CountedEmailRowInsert,
  type EmailRowInsert,
  type NewEmailRow,
  type SharedSendJob,
  type SharingWrite,
  settledWrite,
  sqlPool,
  writeSharingSendJobs,
} from "@svc/core";
import {
  type CountedInsertOutcome,
  type EmailInsertOutcome,
  insertCountedEmails,
  insertEmailsIfDomainVerified,
  lookUpApiKeys,
} from "@svc/core/batched";
import type { DbHandle } from "@svc/db";
import { Batcher, KeyedBatcher } from "@svc/runtime";

/** Requests waiting at once share one statement, up to this many (lookups are tiny rows). */
const MAX_LOOKUPS_PER_STATEMENT = 100;
/**
 * Email rows carry their bodies (up to 1 MB each), so their statements stay smaller. A
 * workspace's rows of one statement share a send job, which carries up to MAX_EMAILS_PER_SEND_JOB.
 */
const MAX_EMAILS_PER_STATEMENT = 50;
/**
 * Statements of each kind in flight at once. Few: while they run, newly arrived requests gather
 * into the next batch, which is what keeps the round trips per request low; the pool (10 by
 * default) keeps room for the transactional sends, touches and reads.
 */
const MAX_CONCURRENT_STATEMENTS = 2;

/** The two statements of every POST /emails, each shared by the requests that arrive together. */
export interface CoalescedStatements {
  lookUpKey: ApiKeyLookup;
  insertEmail: EmailRowInsert;
  /** The insert of a workspace under a daily limit: its concurrent sends share one transaction. */
  insertCountedEmail: CountedEmailRowInsert;
}

/**
 * Every send needs two Postgres round trips (key lookup, insert), and their socket writes would
 * be the largest share of the API's CPU, so concurrent requests share them: N sends arriving
 * together cost two round trips and one commit, each still getting its own answer (its own key
 * row, its own domain check). Nothing is cached: every lookup reads the current row.
 *
 * A workspace's sends written in one statement also share one send job (sharedSendJobs.ts),
 * which `enqueueShared` adds once they are committed: it must not fail (the sweeper enqueues any
 * queued email whose job is missing).
 */
export function coalescedStatements(
  db: DbHandle,
  enqueueShared: (job: SharedSendJob) => Promise<unknown>,
  groupCommitMs = 0,
): CoalescedStatements {
  const pool = sqlPool(db);
  const sharingSendJobs =
    <Outcome>(insert: (rows: NewEmailRow[]) => Promise<Outcome[]>) =>
    (rows: NewEmailRow[]) =>
      writeSharingSendJobs(rows, insert, (outcome) => outcome === "inserted", enqueueShared);
  const lookups = new Batcher<string, ApiKeyRecord | null>({
    maxSize: MAX_LOOKUPS_PER_STATEMENT,
    maxConcurrent: MAX_CONCURRENT_STATEMENTS,
    run: (keyHashes) => lookUpApiKeys(pool, keyHashes),
  });
  const inserts = new Batcher<NewEmailRow, SharingWrite<EmailInsertOutcome>>({
    maxSize: MAX_EMAILS_PER_STATEMENT,
    maxConcurrent: MAX_CONCURRENT_STATEMENTS,
    lingerMs: groupCommitMs,
    run: sharingSendJobs((rows) => insertEmailsIfDomainVerified(pool, rows)),
  });
  // A workspace's counted transactions run one at a time (its turn, see insertCountedEmails); the
  // sends that arrive meanwhile gather into its next batch.
  const countedInserts = new KeyedBatcher<NewEmailRow, SharingWrite<CountedInsertOutcome>>(() => ({
    maxSize: MAX_EMAILS_PER_STATEMENT,
    maxConcurrent: 1,
    lingerMs: groupCommitMs,
    run: sharingSendJobs((rows) => insertCountedEmails(pool, rows)),
  }));
  return {
    lookUpKey: (keyHash) => lookups.submit(keyHash),
    insertEmail: async (row) => settledWrite(await inserts.submit(row)),
    // By workspace and plan: a plan changed mid-burst counts the sends that follow against its own limit.
    insertCountedEmail: async (row) => settledWrite(await countedInserts.submit(`${row.context.workspaceId} ${row.context.plan}`, row)),
  };
}
