import { isIP } from "node:net";
import { AppError } from "../errors.ts";
import { nonPublicAddressReason } from "./addresses.ts";

const MAX_WEBHOOK_URL_LENGTH = 2048;

export interface WebhookUrlPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_URLS: also http, and hosts on private/loopback addresses. */
  allowPrivate: boolean;
}

const invalid = (message: string) => new AppError("validation_failed", `url: ${message}`);

/**
 * Checks a subscription URL when it is saved and returns it normalised. What can be known
 * without DNS is checked here (scheme, credentials, length, IP-literal and localhost hosts);
 * the resolved address is checked again by the dispatcher at connect time, which is the check
 * that counts, since DNS may answer differently later.
 */
export function validateWebhookUrl(input: unknown, policy: WebhookUrlPolicy): string {
  if (typeof input !== "string" || input.trim() === "") throw invalid("is required.");
  const raw = input.trim();
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) throw invalid(`at most ${MAX_WEBHOOK_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid("must be an absolute URL such as https://example.com/webhooks.");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && policy.allowPrivate)) {
    throw invalid(policy.allowPrivate ? "must use http or https." : "must use https.");
  }
  if (url.username || url.password) throw invalid("must not contain credentials.");
  if (!url.hostname) throw invalid("must have a host.");
  if (!policy.allowPrivate) {
    const reason = hostRefusal(url.hostname);
    if (reason) throw invalid(`the host ${url.hostname} is ${reason}; only public addresses are allowed.`);
  }
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) throw invalid(`at most ${MAX_WEBHOOK_URL_LENGTH} characters.`);
  return url.href;
}

/** Why a host is refused without a DNS lookup, or null. */
export function hostRefusal(hostname: string): string | null {
  const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  if (isIP(bare)) {
    const reason = nonPublicAddressReason(bare);
    return reason ? `a ${reason} address` : null;
  }
  const lower = bare.toLowerCase().replace(/\.$/, "");
  if (lower === "localhost" || lower.endsWith(".localhost")) return "a loopback name";
  return null;
}
