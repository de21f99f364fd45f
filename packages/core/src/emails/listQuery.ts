import { EmailStatus } from "@svc/db";
import { z } from "zod";
import { AppError } from "../errors.ts";
import type { EmailRange } from "../stores/emails.ts";
import { SEND_LIMITS } from "./input.ts";

/** GET /emails answers at most this many emails per page when `limit` is given. */
export const MAX_LIST_LIMIT = 1000;

const EMAIL_STATUSES = Object.values(EmailStatus) as EmailStatus[];

/** Tag names and values as the provider takes them: ASCII letters, digits, `_` and `-`. */
const TAG_PART = /^[A-Za-z0-9_-]{1,256}$/;

/** What GET /emails narrows the list to; every field optional, all of them must hold. */
export interface EmailListFilters {
  status?: EmailStatus;
  /** A recipient address (any of the email's recipients), compared case-insensitively. */
  to?: string;
  tag?: { name: string; value: string };
  createdAfter?: Date;
  createdBefore?: Date;
}

export interface EmailListQuery extends EmailListFilters {
  limit?: number;
  after?: string;
}

const QUERY_PARAMETERS = ["limit", "after", "status", "to", "tag", "createdAfter", "createdBefore"] as const;

const invalid = (message: string) => new AppError("validation_failed", message);

/** Either a full ISO 8601 date-time with a zone (`Z` or an offset), or a day (midnight UTC). */
const isoDateTime = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

function parseTime(value: string, name: string): Date {
  if (!isoDateTime.safeParse(value).success) {
    throw invalid(`${name}: must be an ISO 8601 time with a zone, like 2026-11-23T10:00:00Z, or a date, like 2026-11-23.`);
  }
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw invalid(`${name}: not a valid time.`);
  return time;
}

function parseLimit(raw: string): number {
  const limit = /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIST_LIMIT)) throw invalid(`limit: must be an integer from 1 to ${MAX_LIST_LIMIT}.`);
  return limit;
}

function parseStatus(raw: string): EmailStatus {
  if (!(EMAIL_STATUSES as string[]).includes(raw)) throw invalid(`status: must be one of ${EMAIL_STATUSES.join(", ")}.`);
  return raw as EmailStatus;
}

function parseRecipient(raw: string): string {
  const address = raw.trim();
  if (address.length === 0 || address.length > SEND_LIMITS.maxAddressLength || !z.email().safeParse(address).success) {
    throw invalid(`to: must be one email address (at most ${SEND_LIMITS.maxAddressLength} characters).`);
  }
  return address.toLowerCase();
}

function parseTag(raw: string): { name: string; value: string } {
  const colon = raw.indexOf(":");
  const name = colon < 0 ? "" : raw.slice(0, colon);
  const value = colon < 0 ? "" : raw.slice(colon + 1);
  if (!TAG_PART.test(name) || !TAG_PART.test(value)) {
    throw invalid("tag: must be name:value, each 1 to 256 ASCII letters, digits, _ or -.");
  }
  return { name, value };
}

/**
 * The query of GET /emails, validated: every parameter at most once and as a plain value, no
 * unknown parameter, each value in its syntax; a 422 names the first parameter that is wrong.
 */
export function parseEmailListQuery(query: Record<string, unknown>): EmailListQuery {
  const unknown = Object.keys(query).filter((key) => !(QUERY_PARAMETERS as readonly string[]).includes(key));
  if (unknown.length > 0) throw invalid(`unknown query parameter(s): ${unknown.join(", ")}. Known: ${QUERY_PARAMETERS.join(", ")}.`);
  const single = (name: (typeof QUERY_PARAMETERS)[number]): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw invalid(`${name}: must be given once, as a plain value.`);
    return value;
  };
  const result: EmailListQuery = {};
  const limit = single("limit");
  if (limit !== undefined) result.limit = parseLimit(limit);
  const after = single("after");
  if (after !== undefined) result.after = after;
  const status = single("status");
  if (status !== undefined) result.status = parseStatus(status);
  const to = single("to");
  if (to !== undefined) result.to = parseRecipient(to);
  const tag = single("tag");
  if (tag !== undefined) result.tag = parseTag(tag);
  const createdAfter = single("createdAfter");
  if (createdAfter !== undefined) result.createdAfter = parseTime(createdAfter, "createdAfter");
  const createdBefore = single("createdBefore");
  if (createdBefore !== undefined) result.createdBefore = parseTime(createdBefore, "createdBefore");
  if (result.createdAfter && result.createdBefore && result.createdBefore <= result.createdAfter) {
    throw invalid("createdBefore: must be later than createdAfter.");
  }
  return result;
}

/** The filters as the store's range conditions. */
export function filterRange(
  filters: EmailListFilters,
): Pick<EmailRange, "status" | "recipient" | "tag" | "createdAfter" | "createdBefore"> {
  return {
    ...(filters.status !== undefined ? { status: filters.status } : {}),
    ...(filters.to !== undefined ? { recipient: filters.to } : {}),
    ...(filters.tag !== undefined ? { tag: filters.tag } : {}),
    ...(filters.createdAfter !== undefined ? { createdAfter: filters.createdAfter } : {}),
    ...(filters.createdBefore !== undefined ? { createdBefore: filters.createdBefore } : {}),
  };
}
