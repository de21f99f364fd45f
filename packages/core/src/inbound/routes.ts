import type { InboundRoute } from "@svc/db";
import { AppError } from "../errors.ts";

/** The route that takes every address of its domain. */
export const CATCH_ALL = "*";

/** RFC 5321: 64 octets in a local part. */
const MAX_LOCAL_PART = 64;
const LOCAL_PART = /^[a-z0-9!#$%&'*/=?^_`{|}~.-]+$/;

/**
 * A route's local part as the workspace typed it, lower-cased: an exact address (`support`),
 * which also takes its `+tag` sub-addresses, or `*` for the catch-all. A `+` is refused: the tag
 * is what the route leaves open.
 */
export function parseRouteLocalPart(input: string): string {
  const value = input.trim().toLowerCase();
  if (value === CATCH_ALL) return value;
  if (!value)
    throw new AppError("validation_failed", "address: must not be empty (give a local part such as support, or * for every address).");
  if (value.includes("@")) throw new AppError("validation_failed", "address: give the part before the @ only (the domain is the route's).");
  if (value.includes("+")) throw new AppError("validation_failed", "address: without a +tag; a route takes every +tag of its address.");
  if (value.length > MAX_LOCAL_PART || !LOCAL_PART.test(value))
    throw new AppError(
      "validation_failed",
      `address: at most ${MAX_LOCAL_PART} characters of letters, digits and . ! # $ % & ' * / = ? ^ _ \` { | } ~ -.`,
    );
  return value;
}

/** A recipient split for routing: the local part lower-cased, its base (before any `+tag`) and the tag. */
export interface RecipientAddress {
  address: string;
  localPart: string;
  base: string;
  tag: string | null;
  domain: string;
}

export function splitRecipient(address: string): RecipientAddress | null {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0 || at === trimmed.length - 1) return null;
  const localPart = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1);
  const plus = localPart.indexOf("+");
  return {
    address: trimmed,
    localPart,
    domain,
    base: plus > 0 ? localPart.slice(0, plus) : localPart,
    tag: plus > 0 ? localPart.slice(plus + 1) : null,
  };
}

/** The route that takes `recipient`: its exact local part, then its base (`+tag` sub-addressing), then the catch-all. */
export function matchRoute(routes: readonly InboundRoute[], recipient: RecipientAddress): InboundRoute | null {
  return (
    routes.find((route) => route.localPart === recipient.localPart) ??
    routes.find((route) => route.localPart === recipient.base) ??
    routes.find((route) => route.localPart === CATCH_ALL) ??
    null
  );
}
