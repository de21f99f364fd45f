import argon2 from "argon2";
import { AppError } from "../errors.ts";

/**
 * argon2id with OWASP's baseline parameters (19 MiB, 2 passes, 1 lane): slow enough for an
 * offline attacker, fast enough for a login form.
 */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const MIN_PASSWORD_LENGTH = 10;
/** argon2 hashes anything, but a megabyte "password" is a denial-of-service, not a secret. */
const MAX_PASSWORD_LENGTH = 200;

export function checkPasswordPolicy(password: string, email?: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError("validation_failed", `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new AppError("validation_failed", `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) {
    throw new AppError("validation_failed", "Password must not be your email address.");
  }
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

/**
 * Whether a stored hash is a password's: an account made by single sign-on holds a marker that is
 * no argon2 hash (so no password matches it), and has no password to ask for.
 */
export function isPasswordHash(hash: string): boolean {
  return hash.startsWith("$argon2");
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // a malformed stored hash is a failed login, not a crash
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real check when there is no such user, so that response times do
 * not reveal which email addresses have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password-just-for-timing");
  await verifyPassword(await dummyHash, password);
  return false;
}
