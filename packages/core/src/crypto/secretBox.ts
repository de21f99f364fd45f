import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for secrets we must read back (webhook signing secrets). Stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url, so the format can change without a guess.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    const key = /^[0-9a-fA-F]{64}$/.test(keyMaterial) ? Buffer.from(keyMaterial, "hex") : Buffer.from(keyMaterial, "base64");
    if (key.length !== 32) throw new Error("WEBHOOK_SECRET_KEY must decode to exactly 32 bytes");
    this.key = key;
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
      .join(".");
  }

  open(sealed: string): string {
    const [version, iv, tag, ciphertext] = sealed.split(".");
    if (version !== "v1" || !iv || !tag || ciphertext === undefined) throw new Error("Unrecognised sealed secret");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  }
}
