import { createSign, createVerify, type KeyLike } from "node:crypto";
import { SIGNATURE_ALGORITHMS, type SignatureVersion, type SnsMessage } from "./message.ts";
import { buildStringToSign } from "./stringToSign.ts";

/** The fields a signer fills in; the rest of the message is what gets signed. */
export type UnsignedSnsMessage = SnsMessage extends infer M
  ? M extends SnsMessage
    ? Omit<M, "Signature" | "SignatureVersion">
    : never
  : never;

/**
 * Signs a message the way SNS does. Used by the provider simulator and by tests; production
 * messages are signed by SNS itself.
 */
export function signSnsMessage<M extends UnsignedSnsMessage>(
  message: M,
  privateKeyPem: KeyLike,
  version: SignatureVersion = "2",
): M & { SignatureVersion: SignatureVersion; Signature: string } {
  const signer = createSign(SIGNATURE_ALGORITHMS[version]);
  signer.update(stringToSignFor(message, version), "utf8");
  return { ...message, SignatureVersion: version, Signature: signer.sign(privateKeyPem, "base64") };
}

/** The text SNS signs for a message that will carry this SignatureVersion. */
export function stringToSignFor(message: UnsignedSnsMessage, version: SignatureVersion): string {
  return buildStringToSign({ ...message, SignatureVersion: version, Signature: "" } as unknown as SnsMessage);
}

/** True when `message.Signature` is a valid signature of its string to sign under `certificatePem`. */
export function hasValidSignature(message: SnsMessage, certificatePem: KeyLike, version: SignatureVersion): boolean {
  const verifier = createVerify(SIGNATURE_ALGORITHMS[version]);
  verifier.update(buildStringToSign(message), "utf8");
  try {
    return verifier.verify(certificatePem, message.Signature, "base64");
  } catch {
    // A malformed key or signature is simply not a valid signature.
    return false;
  }
}
