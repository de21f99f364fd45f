import { createHash, randomUUID } from "node:crypto";

/**
 * An id shaped like SES's: `0100` + the send time in milliseconds as 12 hex digits, a UUID, and
 * `-000000`, e.g. `0100019a8b7c6d5e-3f1c…-000000`. Used for message ids and feedback ids. With a
 * `seed` the UUID part is derived from it, so the same seed always gives the same id.
 */
export function sesLikeId(now: number = Date.now(), seed?: string): string {
  return `0100${now.toString(16).padStart(12, "0")}-${seed === undefined ? randomUUID() : uuidFrom(seed)}-000000`;
}

/** The send time a `sesLikeId` carries; null for an id of another shape. */
export function timeOfSesLikeId(id: string): Date | null {
  const match = /^0100([0-9a-f]{12})-/.exec(id);
  return match ? new Date(Number.parseInt(match[1]!, 16)) : null;
}

function uuidFrom(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
