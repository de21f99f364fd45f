/**
 * Tags a caller puts on an email: stored with it, passed to the provider as message tags (so they
 * follow the provider's charset and length), and carried in every webhook payload of the email so
 * that a receiver can route an event without looking the email up.
 */
export const TAG_LIMITS = {
  maxTags: 50,
  maxLength: 256,
} as const;

export interface EmailTag {
  name: string;
  value: string;
}

/** The provider's tag charset. */
export const TAG_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/** Tag names the service uses itself (it tags every message with its email id). */
export const RESERVED_TAG_PREFIX = "svc_";
