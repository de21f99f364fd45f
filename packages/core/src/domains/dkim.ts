import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";

const generateRsaKeyPair = promisify(generateKeyPair);

interface DkimKeyPair {
  /** Base64 of the DER SubjectPublicKeyInfo: the `p=` tag of the DNS record. */
  publicKey: string;
  /** PKCS#8 PEM, kept for signing and never shown. */
  privateKeyPem: string;
}

/** RSA 2048: what SES's bring-your-own-DKIM and most receivers expect. Async, so a busy process keeps serving. */
export async function generateDkimKeyPair(): Promise<DkimKeyPair> {
  const { publicKey, privateKey } = await generateRsaKeyPair("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "der" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return { publicKey: publicKey.toString("base64"), privateKeyPem: privateKey };
}

export function dkimRecordValue(publicKey: string): string {
  return `v=DKIM1; k=rsa; p=${publicKey}`;
}
