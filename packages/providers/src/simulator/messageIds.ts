import { randomUUID } from "node:crypto";

/**
 * An id shaped like SES's: `0100` + the send time in milliseconds as 12 hex digits, a UUID, and
 * `-000000`, e.g. `0100019a8b7c6d5e-3f1c…-000000`. Used for message ids and feedback ids.
 */
export function sesLikeId(now: number = Date.now()): string {
  return `0100${now.toString(16).padStart(12, "0")}-${randomUUID()}-000000`;
}
