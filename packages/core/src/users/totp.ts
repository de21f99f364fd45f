import type { Db } from "@svc/db";
import { Secret, TOTP } from "otpauth";
import type { SecretBox } from "../crypto/secretBox.ts";
import { AppError } from "../errors.ts";
import { advanceTotpStep, confirmTotp, findUserTotp, upsertPendingTotp } from "../stores/userTotp.ts";
import { issueRecoveryCodes } from "./recoveryCodes.ts";

/** RFC 6238 defaults, which every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side: a phone clock a little off still works; three codes are valid at once. */
const WINDOW = 1;
const ISSUER = "Svc";

export type CodeCheck = "ok" | "wrong" | "reused";

function totpFor(secret: Secret, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: DIGITS, period: PERIOD_SECONDS, secret });
}

/** Six digits, spaces allowed (as apps show them); anything else is not a code. */
export function normalizeTotpCode(input: string): string | null {
  const code = input.replace(/\s+/g, "");
  return /^\d{6}$/.test(code) ? code : null;
}

/**
 * The time-step the code belongs to, or null when it matches none within the window. The
 * library compares codes in constant time.
 */
function matchingStep(totp: TOTP, code: string, now: Date): bigint | null {
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return BigInt(TOTP.counter({ period: PERIOD_SECONDS, timestamp: now.getTime() }) + delta);
}

/**
 * Starts enrolment: a new secret, sealed at rest, unconfirmed until a code from it is entered.
 * The secret is returned once, to be shown as a QR code and as text; a confirmed authenticator
 * must be removed before another is enrolled.
 */
export async function beginTotpEnrolment(
  prisma: Db,
  box: SecretBox,
  user: { id: string; email: string },
): Promise<{ secret: string; uri: string }> {
  const secret = new Secret({ size: 20 });
  if (!(await upsertPendingTotp(prisma, user.id, box.seal(secret.base32)))) {
    throw new AppError("conflict", "An authenticator app is already set up. Remove it first to set up another.");
  }
  return { secret: secret.base32, uri: totpFor(secret, user.email).toString() };
}

/**
 * Confirms enrolment with a code from the new authenticator and issues 10 recovery codes
 * (returned once, stored hashed). The code's time-step counts as used.
 */
export async function confirmTotpEnrolment(
  prisma: Db,
  box: SecretBox,
  userId: string,
  codeInput: string,
  now: Date = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  const row = await findUserTotp(prisma, userId);
  if (!row || row.confirmedAt) throw new AppError("conflict", "There is no authenticator waiting to be confirmed. Start again.");
  const code = normalizeTotpCode(codeInput);
  if (!code) throw new AppError("validation_failed", "Enter the 6-digit code your authenticator app shows.");
  const step = matchingStep(totpFor(Secret.fromBase32(box.open(row.secretSealed)), ""), code, now);
  if (step === null)
    throw new AppError("validation_failed", "That code doesn't match. Check the time on your phone and enter the current code.");
  return prisma.$transaction(async (tx) => {
    if (!(await confirmTotp(tx, userId, step, now))) throw new AppError("conflict", "The authenticator was already confirmed.");
    return { recoveryCodes: await issueRecoveryCodes(tx, userId) };
  });
}

/**
 * Checks a sign-in code: "reused" when it (or a later one) was already accepted, since a code
 * seen over someone's shoulder stays valid for its whole window otherwise.
 */
export async function verifyTotpCode(
  prisma: Db,
  box: SecretBox,
  userId: string,
  codeInput: string,
  now: Date = new Date(),
): Promise<CodeCheck> {
  const row = await findUserTotp(prisma, userId);
  const code = normalizeTotpCode(codeInput);
  if (!row?.confirmedAt || !code) return "wrong";
  const step = matchingStep(totpFor(Secret.fromBase32(box.open(row.secretSealed)), ""), code, now);
  if (step === null) return "wrong";
  return (await advanceTotpStep(prisma, userId, step)) ? "ok" : "reused";
}
