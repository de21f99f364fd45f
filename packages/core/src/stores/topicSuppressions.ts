import { newId } from "@svc/db";
import type { Queryable } from "../sql.ts";

/**
 * The `topic_suppressions` table: per workspace and topic, the addresses (bare, lower-cased) that
 * unsubscribed from that topic. Only emails naming the topic are held back by an entry.
 */

export interface TopicSuppressionRow {
  id: string;
  workspaceId: string;
  address: string;
  topic: string;
  emailId: string | null;
  createdAt: Date;
}

const COLUMNS = `id, "workspaceId", address, topic, "emailId", "createdAt"`;

/**
 * The SQL condition "`address` unsubscribed from `topic` in `workspace`", for the handoff check's
 * one statement (stores/suppressions.ts). A null topic matches nothing.
 */
export function topicSuppressedSql(workspace: string, topic: string, address: string): string {
  return `(${topic} IS NOT NULL AND EXISTS (SELECT 1 FROM topic_suppressions ts
             WHERE ts."workspaceId" = ${workspace} AND ts.topic = ${topic} AND ts.address = ${address}))`;
}

/** Adds the entry unless it is there; answers whether it was added. */
export async function insertTopicSuppression(
  db: Queryable,
  entry: { workspaceId: string; address: string; topic: string; emailId: string | null },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO topic_suppressions (id, "workspaceId", address, topic, "emailId") VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ("workspaceId", topic, address) DO NOTHING`,
    [newId("topicSuppression"), entry.workspaceId, entry.address, entry.topic, entry.emailId],
  );
  return (rowCount ?? 0) > 0;
}

export interface TopicSuppressionFilter {
  topic?: string;
  /** Entries whose address contains this text (lower-cased). */
  addressContains?: string;
  /** Entries after this (topic, address), in that order (keyset paging). */
  after?: { topic: string; address: string };
  limit: number;
}

/** The workspace's entries in (topic, address) order, filtered. */
export async function selectTopicSuppressions(
  db: Queryable,
  workspaceId: string,
  filter: TopicSuppressionFilter,
): Promise<TopicSuppressionRow[]> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM topic_suppressions
      WHERE "workspaceId" = $1
        AND ($2::text IS NULL OR topic = $2)
        AND ($3::text IS NULL OR strpos(address, $3) > 0)
        AND ($4::text IS NULL OR (topic, address) > ($4, $5::text))
      ORDER BY topic, address
      LIMIT $6`,
    [
      workspaceId,
      filter.topic ?? null,
      filter.addressContains ?? null,
      filter.after?.topic ?? null,
      filter.after?.address ?? null,
      filter.limit,
    ],
  );
  return rows as TopicSuppressionRow[];
}

/** Deletes the workspace's entry for (topic, address); answers it, or null when there was none. */
export async function deleteTopicSuppression(
  db: Queryable,
  workspaceId: string,
  topic: string,
  address: string,
): Promise<TopicSuppressionRow | null> {
  const { rows } = await db.query(
    `DELETE FROM topic_suppressions WHERE "workspaceId" = $1 AND topic = $2 AND address = $3 RETURNING ${COLUMNS}`,
    [workspaceId, topic, address],
  );
  return (rows[0] as TopicSuppressionRow | undefined) ?? null;
}

/**
 * An erasure's topic suppressions: each entry of the workspace for one of `addresses` keeps
 * suppressing under the address's token (`tokens[i]` for `addresses[i]`), and forgets its email;
 * where the token already has an entry for that topic the plain one simply goes. Answers how many
 * entries were replaced.
 */
export async function replaceTopicSuppressedAddresses(
  db: Queryable,
  workspaceId: string,
  addresses: readonly string[],
  tokens: readonly string[],
): Promise<number> {
  if (addresses.length === 0) return 0;
  const { rows } = await db.query(
    `WITH pairs AS (SELECT * FROM unnest($2::text[], $3::text[]) AS p(address, token)),
     dropped AS (
       DELETE FROM topic_suppressions s USING pairs p
        WHERE s."workspaceId" = $1 AND s.address = p.address
          AND EXISTS (SELECT 1 FROM topic_suppressions t WHERE t."workspaceId" = $1 AND t.topic = s.topic AND t.address = p.token)
       RETURNING s.id),
     hashed AS (
       UPDATE topic_suppressions s SET address = p.token, "emailId" = NULL FROM pairs p
        WHERE s."workspaceId" = $1 AND s.address = p.address
          AND NOT EXISTS (SELECT 1 FROM topic_suppressions t WHERE t."workspaceId" = $1 AND t.topic = s.topic AND t.address = p.token)
       RETURNING s.id)
     SELECT (SELECT count(*) FROM dropped)::int + (SELECT count(*) FROM hashed)::int AS replaced`,
    [workspaceId, addresses, tokens],
  );
  return (rows[0] as { replaced: number }).replaced;
}
