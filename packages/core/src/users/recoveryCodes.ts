import { createHash, randomBytes } from "node:crypto";
import type { Db, Prisma } from "@svc/db";
import { newId } from "@svc/db";
import { consumeRecoveryCode, replaceRecoveryCodes } from "../stores/recoveryCodes.ts";

export const RECOVERY_CODE_COUNT = 10;
/** Crockford-style base32 without look-alikes; 16 characters are 80 random bits. */
const ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ0123456789";
const CODE_LENGTH = 16;

function newCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let code = "";
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return code.match(/.{4}/g)!.join("-");
}

/** What the user may type: any case, dashes and spaces ignored. */
function canonical(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]+/g, "");
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

function hashCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

/** A fresh set of recovery codes for the user, replacing any old set; the codes are returned once. */
export async function issueRecoveryCodes(tx: Prisma.TransactionClient, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await replaceRecoveryCodes(
    tx,
    userId,
    codes.map((code) => ({ id: newId("recoveryCode"), codeHash: hashCode(canonical(code)!) })),
  );
  return codes;
}

export async function regenerateRecoveryCodes(prisma: Db, userId: string): Promise<string[]> {
  return prisma.$transaction((tx) => issueRecoveryCodes(tx, userId));
}

/**
 * Uses a recovery code: true once per code. Looked up by its hash (an index match), so the
 * comparison reveals nothing about the code through timing.
 */
export async function useRecoveryCode(prisma: Db, userId: string, input: string, now: Date = new Date()): Promise<boolean> {
  const code = canonical(input);
  if (!code) return false;
  return consumeRecoveryCode(prisma, userId, hashCode(code), now);
}
