/**
 * Which SigningCertURLs we fetch certificates from. A message can name any URL; trusting it
 * blindly would let anyone sign with their own key, so the URL must match SNS's own pattern
 * (HTTPS, sns.<region>.amazonaws.com, SimpleNotificationService-….pem) or be listed exactly.
 */
export interface CertUrlPolicy {
  /** Matched against the whole URL: the pattern is anchored even if it was written without ^…$. */
  pattern: RegExp;
  /** Exact URLs trusted besides the pattern (the local provider simulator's, when enabled). */
  exactUrls: readonly string[];
}

export function certUrlPolicy(pattern: string, exactUrls: readonly string[] = []): CertUrlPolicy {
  return { pattern: new RegExp(`^(?:${pattern})$`), exactUrls };
}

export function isTrustedCertUrl(url: string, policy: CertUrlPolicy): boolean {
  if (policy.exactUrls.includes(url)) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // Credentials, a query or a fragment have no place in a certificate URL; refusing them keeps a
  // loose custom pattern from being stretched (e.g. "https://evil.test/?x=sns.…").
  if (parsed.username || parsed.password || parsed.search || parsed.hash) return false;
  return policy.pattern.test(url);
}

/** SNS's own hosts: sns.<region>.amazonaws.com (and .com.cn). Used for SubscribeURL too. */
export const SNS_HOST_PATTERN = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/** True for an HTTPS URL on one of SNS's own hosts (default port). */
export function isSnsHostUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === "https:" && parsed.port === "" && !parsed.username && !parsed.password && SNS_HOST_PATTERN.test(parsed.hostname)
  );
}
