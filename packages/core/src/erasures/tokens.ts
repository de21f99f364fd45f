import { createHmac } from "node:crypto";

/** The domain every token is under: `.invalid` can never be mailed. */
const TOKEN_DOMAIN = "erased.invalid";

/**
 * Stands in for an erased address wherever a copy must stay (a recipient of a multi-recipient
 * email, a suppression): `erased-<hex>@erased.invalid`, the HMAC-SHA256 of the bare lower-cased
 * address under a key derived from the install's secret key. Stable, so a suppression made a token
 * still matches a later send to the same address (the sender computes the same token); without the
 * key, a token cannot be turned back into its address, not even by trying likely addresses.
 */
export class ErasureTokens {
  private readonly key: Buffer;

  constructor(installSecret: string) {
    // A key of its own, so that no other use of the install's secret ever yields these values.
    this.key = createHmac("sha256", installSecret).update("svc:erasure-token:v1").digest();
  }

  /** `address` must be bare and lower-cased (suppressionKey's form). */
  tokenOf(address: string): string {
    return `erased-${createHmac("sha256", this.key).update(address).digest("hex")}@${TOKEN_DOMAIN}`;
  }
}

export function isErasureToken(address: string): boolean {
  return address.endsWith(`@${TOKEN_DOMAIN}`) && address.startsWith("erased-");
}
