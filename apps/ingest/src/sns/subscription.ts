import { isSnsHostUrl } from "@svc/sns";

/** Confirms a subscription by visiting its SubscribeURL. Injectable: tests cannot reach SNS. */
export type ConfirmSubscription = (subscribeUrl: string) => Promise<void>;

/** A plain GET, as SNS expects; no redirects, bounded in time. */
export const confirmByGet: ConfirmSubscription = async (subscribeUrl) => {
  const response = await fetch(subscribeUrl, { redirect: "error", signal: AbortSignal.timeout(10_000) });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`SubscribeURL answered HTTP ${response.status}`);
};

/**
 * Only SNS's own hosts are visited. The message has already been verified, but a verified
 * message must still not turn the ingester into a client for arbitrary URLs (SSRF).
 */
export function isAcceptableSubscribeUrl(url: string): boolean {
  return isSnsHostUrl(url);
}
