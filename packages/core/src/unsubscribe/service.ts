import { AppError } from "../errors.ts";
import { parseRecipientAddress } from "../recipients/address.ts";
import type { Queryable } from "../sql.ts";
import { deleteTopicSuppression, selectTopicSuppressions, type TopicSuppressionRow } from "../stores/topicSuppressions.ts";
import { isTopic } from "./topic.ts";

/**
 * The workspace's topic suppressions: recipients who unsubscribed from a topic with an email's
 * one-click link. Listed and removed over REST and the CLI; only the link adds them.
 */
export interface TopicSuppressionView {
  id: string;
  topic: string;
  address: string;
  /** The email whose link was used (it may since have been removed by retention). */
  emailId: string | null;
  createdAt: string;
}

export function toTopicSuppressionView(row: TopicSuppressionRow): TopicSuppressionView {
  return { id: row.id, topic: row.topic, address: row.address, emailId: row.emailId, createdAt: row.createdAt.toISOString() };
}

const TOPIC_LIST_DEFAULT_LIMIT = 100;
export const TOPIC_LIST_MAX_LIMIT = 1000;
const MAX_SEARCH_LENGTH = 254;

export interface TopicSuppressionListQuery {
  topic?: string;
  address?: string;
  /** The last entry of the previous page, as its two parts (keyset paging). */
  afterTopic?: string;
  afterAddress?: string;
  limit?: number;
}

const invalid = (message: string) => new AppError("validation_failed", message);

/** Reads GET /suppressions/topics' query; throws a 422 naming the field. */
export function parseTopicSuppressionListQuery(query: Record<string, unknown>): TopicSuppressionListQuery {
  const names = ["topic", "address", "afterTopic", "afterAddress", "limit"];
  const unknown = Object.keys(query).filter((key) => !names.includes(key));
  if (unknown.length > 0) throw invalid(`unknown query parameter(s): ${unknown.join(", ")}.`);
  const single = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw invalid(`${name}: must be given once, as a plain value.`);
    if (/[\u0000-\u001f\u007f]/.test(value)) throw invalid(`${name}: must not contain control characters.`);
    if (value.length > MAX_SEARCH_LENGTH) throw invalid(`${name}: at most ${MAX_SEARCH_LENGTH} characters.`);
    return value;
  };
  const result: TopicSuppressionListQuery = {};
  for (const name of ["topic", "afterTopic"] as const) {
    const value = single(name);
    if (value === undefined) continue;
    if (!isTopic(value)) throw invalid(`${name}: not a topic (ASCII letters, digits, _ . : and -, at most 64 characters).`);
    result[name] = value;
  }
  const address = single("address");
  if (address !== undefined && address.trim() !== "") result.address = address.trim().toLowerCase();
  const afterAddress = single("afterAddress");
  if (afterAddress !== undefined) result.afterAddress = afterAddress.trim().toLowerCase();
  if ((result.afterTopic === undefined) !== (result.afterAddress === undefined))
    throw invalid("afterTopic and afterAddress: give both (the last entry of the previous page) or neither.");
  const limit = single("limit");
  if (limit !== undefined) {
    const n = /^\d{1,4}$/.test(limit) ? Number(limit) : Number.NaN;
    if (!(n >= 1 && n <= TOPIC_LIST_MAX_LIMIT)) throw invalid(`limit: must be an integer from 1 to ${TOPIC_LIST_MAX_LIMIT}.`);
    result.limit = n;
  }
  return result;
}

/** The workspace's topic suppressions in (topic, address) order. */
export async function listTopicSuppressions(
  db: Queryable,
  workspaceId: string,
  query: TopicSuppressionListQuery = {},
): Promise<TopicSuppressionView[]> {
  const rows = await selectTopicSuppressions(db, workspaceId, {
    limit: query.limit ?? TOPIC_LIST_DEFAULT_LIMIT,
    ...(query.topic !== undefined ? { topic: query.topic } : {}),
    ...(query.address !== undefined ? { addressContains: query.address } : {}),
    ...(query.afterTopic !== undefined && query.afterAddress !== undefined
      ? { after: { topic: query.afterTopic, address: query.afterAddress } }
      : {}),
  });
  return rows.map(toTopicSuppressionView);
}

const topicSuppressionNotFound = () => new AppError("not_found", "Topic suppression not found.");

/**
 * Removes the workspace's entry for (topic, address): the recipient gets that topic's mail again.
 * Anything that names no entry of this workspace (another workspace's, a malformed value) is a 404.
 */
export async function removeTopicSuppression(
  db: Queryable,
  workspaceId: string,
  topic: string,
  rawAddress: string,
): Promise<TopicSuppressionView> {
  if (!isTopic(topic) || rawAddress.length > 1000 || /[\u0000-\u001f\u007f]/.test(rawAddress)) throw topicSuppressionNotFound();
  let address: string;
  try {
    address = parseRecipientAddress(rawAddress, "address");
  } catch {
    throw topicSuppressionNotFound();
  }
  const removed = await deleteTopicSuppression(db, workspaceId, topic, address);
  if (!removed) throw topicSuppressionNotFound();
  return toTopicSuppressionView(removed);
}
