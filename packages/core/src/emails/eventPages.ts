import type { Db } from "@svc/db";
import { AppError } from "../errors.ts";
import { findEventPosition, selectEventsOfEmail } from "../stores/emailEvents.ts";
import { emailExists } from "../stores/emails.ts";
import { type EmailEventView, toEventView } from "./views.ts";

/**
 * An email's events are read a page at a time: open and click tracking can give one email
 * thousands. GET /emails/{id} carries the first page and `eventsNextCursor`; GET
 * /emails/{id}/events?after=<cursor> reads the next ones, oldest first.
 */

/** Events GET /emails/{id} carries, and a page of GET /emails/{id}/events by default. */
export const EVENTS_PAGE_SIZE = 100;
export const MAX_EVENTS_PAGE_SIZE = 1000;

export interface EventPageQuery {
  /** The last event of the previous page (its id): the page starts after it. */
  after?: string;
  limit: number;
}

export interface EventPage {
  /** Oldest first. */
  events: EmailEventView[];
  /** What to pass as `after` for the next page; null when there is none. */
  nextCursor: string | null;
}

const invalid = (message: string) => new AppError("validation_failed", message);
const QUERY_PARAMETERS = ["after", "limit"] as const;

/** The query of GET /emails/{id}/events: `after` (an event id) and `limit` (1..1000, 100 by default). */
export function parseEventPageQuery(query: Record<string, unknown>): EventPageQuery {
  const unknown = Object.keys(query).filter((key) => !(QUERY_PARAMETERS as readonly string[]).includes(key));
  if (unknown.length > 0) throw invalid(`unknown query parameter(s): ${unknown.join(", ")}. Known: ${QUERY_PARAMETERS.join(", ")}.`);
  for (const name of QUERY_PARAMETERS) {
    if (query[name] !== undefined && typeof query[name] !== "string") throw invalid(`${name}: must be given once, as a plain value.`);
  }
  const result: EventPageQuery = { limit: EVENTS_PAGE_SIZE };
  const limit = query.limit as string | undefined;
  if (limit !== undefined) {
    const parsed = /^\d{1,4}$/.test(limit) ? Number(limit) : Number.NaN;
    if (!(parsed >= 1 && parsed <= MAX_EVENTS_PAGE_SIZE)) throw invalid(`limit: must be an integer from 1 to ${MAX_EVENTS_PAGE_SIZE}.`);
    result.limit = parsed;
  }
  const after = query.after as string | undefined;
  if (after !== undefined) {
    if (!/^evt_[A-Za-z0-9]{1,64}$/.test(after)) throw invalid("after: must be an event id (evt_…), the nextCursor of the previous page.");
    result.after = after;
  }
  return result;
}

/** The page from events read one past the page's size: the extra one only says that more follow. */
export function pageOf<T extends { id: string }>(rows: readonly T[], limit: number): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
}

/**
 * One page of the events of the workspace's email `emailId`. Another workspace's email is not
 * found; a cursor that is not an event of this email is refused (422).
 */
export async function listEmailEvents(db: Db, workspaceId: string, emailId: string, query: EventPageQuery): Promise<EventPage> {
  if (!(await emailExists(db, workspaceId, emailId))) throw new AppError("not_found", "Email not found.");
  let after = null;
  if (query.after !== undefined) {
    after = await findEventPosition(db, emailId, query.after);
    if (!after) throw invalid("after: no event with this id on this email.");
  }
  const { rows, nextCursor } = pageOf(await selectEventsOfEmail(db, emailId, after, query.limit + 1), query.limit);
  return { events: rows.map(toEventView), nextCursor };
}
