import { AppError } from "../errors.ts";

/** RFC 1035: 253 characters for a name written without the trailing dot, 63 per label. */
export const MAX_DOMAIN_NAME_LENGTH = 253;
const MAX_DOMAIN_LABEL_LENGTH = 63;

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

const invalid = (field: string, reason: string) => new AppError("validation_failed", `${field}: ${reason}`);

/**
 * A sending domain as the operator typed it, checked and normalised to lower case. Rejects what
 * people paste by mistake (a URL, an address, a trailing dot) with a message saying what to type
 * instead, and anything DNS could not hold. Internationalised names are taken in their ASCII
 * (punycode, `xn--…`) form only, so the stored name is the one DNS is queried with.
 */
export function parseDomainName(input: string, field = "domain"): string {
  const raw = input.trim();
  if (!raw) throw invalid(field, "must not be empty.");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) throw invalid(field, "give the bare domain (example.com), not a URL.");
  if (raw.includes("@")) throw invalid(field, "give the domain (example.com), not an email address.");
  if (/[/?#:\s]/.test(raw)) throw invalid(field, "must be a bare domain name such as example.com (no path, port or spaces).");
  if (raw.endsWith(".")) throw invalid(field, "must not end with a dot.");
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(raw)) throw invalid(field, "use the ASCII (punycode, xn--…) form of an internationalised domain.");
  const name = raw.toLowerCase();
  if (name.length > MAX_DOMAIN_NAME_LENGTH) throw invalid(field, `at most ${MAX_DOMAIN_NAME_LENGTH} characters.`);
  const labels = name.split(".");
  if (labels.length < 2) throw invalid(field, "must have at least two labels (example.com).");
  for (const label of labels) {
    if (!label) throw invalid(field, "must not contain empty labels (two dots in a row or a leading dot).");
    if (label.length > MAX_DOMAIN_LABEL_LENGTH)
      throw invalid(field, `each label (between dots) is at most ${MAX_DOMAIN_LABEL_LENGTH} characters.`);
    if (!LABEL.test(label)) {
      throw invalid(field, "labels may hold only letters, digits and hyphens, and may not start or end with a hyphen.");
    }
  }
  if (/^[0-9]+$/.test(labels[labels.length - 1]!)) throw invalid(field, "must be a domain name, not an IP address.");
  return name;
}
