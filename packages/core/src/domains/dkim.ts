import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import type { SecretBox } from "../crypto/secretBox.ts";

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

/** A DKIM private key as stored: sealed with the service's secret key, so a database dump holds no usable key. */
export function sealDkimKey(secrets: SecretBox, privateKeyPem: string): string {
  return secrets.seal(privateKeyPem);
}

/** Rows written before keys were sealed hold PEM; they are read as they are until the re-check seals them. */
export function isPlainDkimKey(stored: string): boolean {
  return stored.startsWith("-----BEGIN");
}

export function openDkimKey(secrets: SecretBox, stored: string): string {
  return isPlainDkimKey(stored) ? stored : secrets.open(stored);
}

/** The form SES's bring-your-own-DKIM takes: the base64 of the DER key, i.e. the PEM without its armour. */
export function pemBody(privateKeyPem: string): string {
  return privateKeyPem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, "").replace(/\s+/g, "");
}
