import { newId, type SuppressionReason } from "@svc/db";
import type { Queryable } from "../sql.ts";
import type { DropReason } from "../suppressions/sendTime.ts";
import { verifiedDomainSql } from "./domains.ts";
import { topicSuppressedSql } from "./topicSuppressions.ts";

/**
 * The `suppressions` table: per workspace, the addresses never to mail again. Addresses are
 * stored bare, trimmed and lower-cased, unique per workspace. An entry whose `expiresAt` has
 * passed suppresses nothing (and is listed as expired). Provider verdicts are added by
 * `recordEmailEvents` (stores/emailEvents.ts), in the statement that stores their event.
 */

export interface SuppressionRow {
  id: string;
  workspaceId: string;
  address: string;
  reason: SuppressionReason;
  emailId: string | null;
  eventId: string | null;
  createdAt: Date;
  expiresAt: Date | null;
}

const COLUMNS = `id, "workspaceId", address, reason::text AS reason, "emailId", "eventId", "createdAt", "expiresAt"`;

/** The SQL condition "this entry suppresses now". */
const ACTIVE_SUPPRESSION_SQL = (alias: string, now: string) => `(${alias}."expiresAt" IS NULL OR ${alias}."expiresAt" > ${now})`;

/** What a handoff checks before it goes: its workspace, from-domain and recipients (bare, lower-cased). */
export interface HandoffCheckLookup {
  workspaceId: string;
  domain: string;
  addresses: readonly string[];
  /** The email's unsubscribe topic: its recipients who unsubscribed from it are suppressed too. */
  topic?: string | null;
}

export interface HandoffCheck {
  /** Whether the from-domain is still a verified domain of the workspace. */
  domainVerified: boolean;
  /**
   * The addresses an active entry of the workspace suppresses, with the entry's reason; and those
   * that unsubscribed from the email's topic (`unsubscribed`), where the list does not hold them.
   */
  suppressed: Map<string, DropReason>;
}

/**
 * For each lookup, whether its from-domain is still verified and which of its addresses are
 * suppressed now: both questions of a handoff in one statement, and many lookups (of any
 * workspaces) in it, so that concurrent handoffs share a round trip.
 */
export async function selectHandoffChecks(db: Queryable, lookups: readonly HandoffCheckLookup[]): Promise<HandoffCheck[]> {
  if (lookups.length === 0) return [];
  const { rows } = await db.query({
    name: "svc_select_handoff_checks",
    text: `SELECT p.n, ${verifiedDomainSql("p.w", "p.d")} AS verified,
                  (SELECT json_agg(json_build_array(s.address, s.reason))
                     FROM suppressions s
                    WHERE s."workspaceId" = p.w AND s.address = ANY (p.a) AND ${ACTIVE_SUPPRESSION_SQL("s", "now()")}) AS suppressed,
                  (SELECT array_agg(x.address) FROM unnest(p.a) AS x(address)
                    WHERE ${topicSuppressedSql("p.w", "p.t", "x.address")}) AS unsubscribed
             FROM json_to_recordset($1::json) AS p(n int, w text, d text, a text[], t text)`,
    values: [
      JSON.stringify(
        lookups.map((lookup, n) => ({
          n,
          w: lookup.workspaceId,
          d: lookup.domain.toLowerCase(),
          a: [...new Set(lookup.addresses)],
          t: lookup.topic ?? null,
        })),
      ),
    ],
  });
  const checks = lookups.map((): HandoffCheck => ({ domainVerified: false, suppressed: new Map() }));
  for (const row of rows as Array<{
    n: number;
    verified: boolean;
    suppressed: Array<[string, SuppressionReason]> | null;
    unsubscribed: string[] | null;
  }>) {
    const suppressed = new Map<string, DropReason>(row.suppressed ?? []);
    for (const address of row.unsubscribed ?? []) if (!suppressed.has(address)) suppressed.set(address, "unsubscribed");
    checks[row.n] = { domainVerified: row.verified, suppressed };
  }
  return checks;
}

export interface SuppressionFilter {
  /** Entries whose address contains this text (lower-cased). */
  addressContains?: string;
  reason?: SuppressionReason;
  /** Entries after this address, in address order (keyset paging). */
  after?: string;
  limit: number;
}

/** The workspace's entries in address order, filtered; expired ones included. */
export async function selectSuppressions(db: Queryable, workspaceId: string, filter: SuppressionFilter): Promise<SuppressionRow[]> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM suppressions
      WHERE "workspaceId" = $1
        AND ($2::text IS NULL OR strpos(address, $2) > 0)
        AND ($3::"SuppressionReason" IS NULL OR reason = $3)
        AND ($4::text IS NULL OR address > $4)
      ORDER BY address
      LIMIT $5`,
    [workspaceId, filter.addressContains ?? null, filter.reason ?? null, filter.after ?? null, filter.limit],
  );
  return rows as SuppressionRow[];
}

/** The workspace's entry for `address` (bare, lower-cased), expired or not, or null. */
export async function findSuppression(db: Queryable, workspaceId: string, address: string): Promise<SuppressionRow | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM suppressions WHERE "workspaceId" = $1 AND address = $2`, [workspaceId, address]);
  return (rows[0] as SuppressionRow | undefined) ?? null;
}

export interface NewSuppression {
  address: string;
  reason: SuppressionReason;
  expiresAt: Date | null;
}

/**
 * Adds entries to the workspace's list; an address already listed is left as it is, unless its
 * entry has expired, which the new one replaces. Answers the addresses added or replaced. Fails
 * with a foreign-key violation when the workspace does not exist.
 */
export async function insertSuppressions(db: Queryable, workspaceId: string, entries: readonly NewSuppression[]): Promise<string[]> {
  if (entries.length === 0) return [];
  const { rows } = await db.query(
    `INSERT INTO suppressions (id, "workspaceId", address, reason, "expiresAt")
     SELECT e.id, $1, e.address, e.reason, e.expires_at
       FROM json_to_recordset($2::json) AS e(id text, address text, reason "SuppressionReason", expires_at timestamptz)
      ORDER BY e.address
     ON CONFLICT ("workspaceId", address) DO UPDATE
        SET reason = EXCLUDED.reason, "expiresAt" = EXCLUDED."expiresAt", "emailId" = NULL, "eventId" = NULL, "createdAt" = now()
      WHERE suppressions."expiresAt" IS NOT NULL AND suppressions."expiresAt" <= now()
     RETURNING address`,
    [
      workspaceId,
      JSON.stringify(
        entries.map((entry) => ({ id: newId("suppression"), address: entry.address, reason: entry.reason, expires_at: entry.expiresAt })),
      ),
    ],
  );
  return (rows as Array<{ address: string }>).map((row) => row.address);
}

/**
 * Deletes the workspace's entry for `address` unless its reason is one of `keepReasons`.
 * Answers the deleted row, or null when nothing was deleted.
 */
export async function deleteSuppression(
  db: Queryable,
  workspaceId: string,
  address: string,
  keepReasons: readonly SuppressionReason[],
): Promise<SuppressionRow | null> {
  const { rows } = await db.query(
    `DELETE FROM suppressions WHERE "workspaceId" = $1 AND address = $2 AND NOT (reason::text = ANY ($3::text[])) RETURNING ${COLUMNS}`,
    [workspaceId, address, keepReasons],
  );
  return (rows[0] as SuppressionRow | undefined) ?? null;
}

/** Every entry of the workspace in address order, `batchSize` rows per query (CSV export). */
export async function* allSuppressions(db: Queryable, workspaceId: string, batchSize = 1000): AsyncGenerator<SuppressionRow[], void, void> {
  let after: string | undefined;
  for (;;) {
    const rows = await selectSuppressions(db, workspaceId, { limit: batchSize, ...(after !== undefined ? { after } : {}) });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.address;
  }
}

/**
 * An erasure's suppressions: each entry of the workspace for one of `addresses` keeps suppressing,
 * under its token instead (`tokens[i]` for `addresses[i]`); where the token is listed already (an
 * address erased before, suppressed again since), the plain entry simply goes. Answers how many
 * entries now hold a token instead of an address.
 */
export async function replaceSuppressedAddresses(
  db: Queryable,
  workspaceId: string,
  addresses: readonly string[],
  tokens: readonly string[],
): Promise<number> {
  if (addresses.length === 0) return 0;
  const { rows } = await db.query(
    `WITH pairs AS (SELECT * FROM unnest($2::text[], $3::text[]) AS p(address, token)),
     dropped AS (
       DELETE FROM suppressions s USING pairs p
        WHERE s."workspaceId" = $1 AND s.address = p.address
          AND EXISTS (SELECT 1 FROM suppressions t WHERE t."workspaceId" = $1 AND t.address = p.token)
       RETURNING s.id),
     hashed AS (
       UPDATE suppressions s SET address = p.token FROM pairs p
        WHERE s."workspaceId" = $1 AND s.address = p.address
          AND NOT EXISTS (SELECT 1 FROM suppressions t WHERE t."workspaceId" = $1 AND t.address = p.token)
       RETURNING s.id)
     SELECT (SELECT count(*) FROM dropped)::int + (SELECT count(*) FROM hashed)::int AS replaced`,
    [workspaceId, addresses, tokens],
  );
  return (rows[0] as { replaced: number }).replaced;
}
