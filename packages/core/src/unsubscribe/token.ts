import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * One-click unsubscribe tokens: what a List-Unsubscribe URL carries. A token names the workspace,
 * the recipient, the topic and the email; whoever holds it can unsubscribe that recipient from
 * that topic in that workspace, and nothing else.
 *
 * The recipient's address must not be readable from a URL that mail systems, proxies and logs
 * see, so the fields are encrypted (AES-256-CTR) and the whole token is then signed
 * (HMAC-SHA256, encrypt-then-MAC). The MAC is checked in constant time before anything is
 * decrypted: a forged or altered token is refused without being read. Both keys are derived
 * (HKDF) from one install secret, so the secret itself never signs or encrypts anything directly.
 * Tokens do not expire: an unsubscribe link must keep working for as long as the mail exists.
 *
 * Form: `u1.` + base64url(iv(16) ‖ ciphertext ‖ mac(16)).
 */
export interface UnsubscribeClaims {
  workspaceId: string;
  /** Bare, lower-cased (a suppression key). */
  address: string;
  topic: string;
  emailId: string;
}

const VERSION = "u1.";
const IV_BYTES = 16;
// 128 bits: forging stays out of reach, and the URL stays short enough for one header line.
const MAC_BYTES = 16;
/** Longer than any token of valid claims (address 254, topic 64, ids): bounds the work on a hostile one. */
export const MAX_UNSUBSCRIBE_TOKEN_LENGTH = 1024;

export class UnsubscribeTokens {
  private readonly encryptionKey: Buffer;
  private readonly macKey: Buffer;

  constructor(installSecret: string) {
    if (Buffer.byteLength(installSecret) < 32) throw new Error("The install secret (WEBHOOK_SECRET_KEY) must be at least 32 bytes");
    const derive = (info: string) => Buffer.from(hkdfSync("sha256", installSecret, "svc-unsubscribe", info, 32));
    this.encryptionKey = derive("encryption");
    this.macKey = derive("mac");
  }

  sign(claims: UnsubscribeClaims): string {
    const plaintext = Buffer.from(JSON.stringify([claims.workspaceId, claims.address, claims.topic, claims.emailId]), "utf8");
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-ctr", this.encryptionKey, iv);
    const sealed = Buffer.concat([iv, cipher.update(plaintext), cipher.final()]);
    return VERSION + Buffer.concat([sealed, this.mac(sealed)]).toString("base64url");
  }

  /** The token's claims, or null for anything that is not a token this install signed. */
  verify(token: string): UnsubscribeClaims | null {
    if (token.length > MAX_UNSUBSCRIBE_TOKEN_LENGTH || !token.startsWith(VERSION)) return null;
    const body = token.slice(VERSION.length);
    if (!/^[A-Za-z0-9_-]+$/.test(body)) return null;
    const bytes = Buffer.from(body, "base64url");
    if (bytes.length <= IV_BYTES + MAC_BYTES) return null;
    const sealed = bytes.subarray(0, bytes.length - MAC_BYTES);
    if (!timingSafeEqual(this.mac(sealed), bytes.subarray(bytes.length - MAC_BYTES))) return null;
    const decipher = createDecipheriv("aes-256-ctr", this.encryptionKey, sealed.subarray(0, IV_BYTES));
    const plaintext = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES)), decipher.final()]).toString("utf8");
    let fields: unknown;
    try {
      fields = JSON.parse(plaintext);
    } catch {
      return null;
    }
    if (!Array.isArray(fields) || fields.length !== 4 || !fields.every((field) => typeof field === "string")) return null;
    const [workspaceId, address, topic, emailId] = fields as [string, string, string, string];
    return { workspaceId, address, topic, emailId };
  }

  private mac(sealed: Buffer): Buffer {
    return createHmac("sha256", this.macKey).update(VERSION).update(sealed).digest().subarray(0, MAC_BYTES);
  }
}
