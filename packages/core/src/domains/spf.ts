import { lookupTxt, type TxtResolver } from "./resolver.ts";

/** RFC 7208 §4.6.4: more DNS-querying terms than this and the SPF check is a permerror. */
export const SPF_LOOKUP_LIMIT = 10;
/** How deep includes are followed; a loop or a chain this deep is past the limit anyway. */
const MAX_DEPTH = 10;

export function isSpfRecord(value: string): boolean {
  return /^v=spf1(\s|$)/i.test(value.trim());
}

/** The SPF records among a name's TXT values (more than one is itself a permerror). */
export function spfRecords(values: string[]): string[] {
  return values.filter(isSpfRecord);
}

export function spfIncludesSes(record: string): boolean {
  return record.trim().toLowerCase().split(/\s+/).includes("include:amazonses.com");
}

export interface SpfLookupCount {
  /** DNS-querying terms counted, stopped just past the limit. */
  lookups: number;
  /** A nested lookup timed out or failed: the count may be short. */
  incomplete: boolean;
}

/** `include:x` / `redirect=x` → `x`; other terms that cost a lookup → ""; the rest → null. */
function lookupTerm(term: string): string | null {
  const bare = term.replace(/^[+\-~?]/, "").toLowerCase();
  const target = /^(?:include:|redirect=)(.+)$/.exec(bare);
  if (target) return target[1]!;
  if (/^(a|mx|ptr)([:/]|$)/.test(bare) || bare.startsWith("exists:")) return "";
  return null;
}

/**
 * The DNS lookups evaluating `record` costs (include, a, mx, ptr, exists, redirect), following
 * include and redirect recursively. Bounded: it stops once past SPF_LOOKUP_LIMIT or MAX_DEPTH, so
 * a hostile or looping chain costs at most about as many queries as the limit.
 */
export async function countSpfLookups(resolver: TxtResolver, record: string): Promise<SpfLookupCount> {
  const count: SpfLookupCount = { lookups: 0, incomplete: false };
  await walk(resolver, record, 0, count);
  return count;
}

async function walk(resolver: TxtResolver, record: string, depth: number, count: SpfLookupCount): Promise<void> {
  for (const term of record.trim().split(/\s+/).slice(1)) {
    if (count.lookups > SPF_LOOKUP_LIMIT) return;
    const target = lookupTerm(term);
    if (target === null) continue;
    count.lookups += 1;
    // A macro target (%{…}) depends on the message being checked: counted, not followed.
    if (target === "" || target.includes("%{")) continue;
    if (depth >= MAX_DEPTH) {
      count.lookups = SPF_LOOKUP_LIMIT + 1;
      return;
    }
    const lookup = await lookupTxt(resolver, target);
    if (lookup.error !== null && lookup.transient) {
      count.incomplete = true;
      continue;
    }
    const nested = spfRecords(lookup.found)[0];
    if (nested) await walk(resolver, nested, depth + 1, count);
  }
}
