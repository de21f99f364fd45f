import type { Db } from "@svc/db";
import { newId } from "@svc/db";
import { AppError } from "../errors.ts";
import {
  deletePendingSignupsOf,
  findPendingSignupByTokenHash,
  insertPendingSignup,
  newestPendingSignupTime,
} from "../stores/pendingSignups.ts";
import { userExistsWithEmail } from "../stores/users.ts";
import { checkSignUpInput, createAccount } from "./accounts.ts";
import { hashPassword } from "./passwords.ts";
import { hashOpaqueToken, newOpaqueToken } from "./tokens.ts";

const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
const DEFAULT_COOLDOWN_MS = 10 * 60 * 1000;

/**
 * What to mail after a sign-up request. The page answers the same in every case, so it reveals
 * nothing about which addresses have accounts; the mailbox's owner learns the rest.
 */
export type SignUpRequest =
  /** A new address: mail it this link token. */
  | { kind: "confirm"; email: string; token: string; expiresAt: Date }
  /** The address has an account: tell its owner (someone tried to sign up with it). */
  | { kind: "existing"; email: string }
  /** Asked again within the cooldown: mail nothing, so the form cannot bomb a mailbox. */
  | { kind: "too-soon"; email: string };

/**
 * Asks to sign up: stores the sign-up (password already hashed) until its address confirms it.
 * Until then nothing exists, so nobody can claim an address they cannot read: a squatter cannot
 * block an invitee. Every request past the cooldown costs one password hash, whoever owns the
 * address; one within it costs none, for a new address and an existing one alike.
 */
export async function requestSignUp(
  prisma: Db,
  input: { email: string; password: string; workspaceName: string },
  options: { ttlMs?: number; cooldownMs?: number; now?: Date } = {},
): Promise<SignUpRequest> {
  const { email, workspaceName } = checkSignUpInput(input);
  const now = options.now ?? new Date();
  // The cooldown first: a repeated request costs one indexed read, never a password hash.
  const previous = await newestPendingSignupTime(prisma, email);
  if (previous && previous.getTime() + (options.cooldownMs ?? DEFAULT_COOLDOWN_MS) > now.getTime()) return { kind: "too-soon", email };
  // Hashed whether or not the address has an account, so both take the same work and time.
  const passwordHash = await hashPassword(input.password);
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + (options.ttlMs ?? DEFAULT_TTL_MS));
  const exists = await userExistsWithEmail(prisma, email);
  // Stored for an existing account too: its timestamp is what holds the cooldown.
  await insertPendingSignup(prisma, {
    id: newId("pendingSignup"),
    email,
    passwordHash: exists ? "" : passwordHash,
    workspaceName,
    tokenHash: hashOpaqueToken(token),
    createdAt: now,
    expiresAt,
  });
  return exists ? { kind: "existing", email } : { kind: "confirm", email, token, expiresAt };
}

const invalidLink = () =>
  new AppError("not_found", "This sign-up link is invalid, has expired or has already been used. Sign up again to get a new one.");

/** The address behind a sign-up link that can still be confirmed. */
export async function openSignUp(prisma: Db, token: string, now: Date = new Date()): Promise<{ email: string; workspaceName: string }> {
  if (!token || token.length > 200) throw invalidLink();
  const row = await findPendingSignupByTokenHash(prisma, hashOpaqueToken(token));
  if (!row?.passwordHash || row.expiresAt <= now) throw invalidLink();
  return { email: row.email, workspaceName: row.workspaceName };
}

/**
 * Confirms a sign-up from the link mailed to its address: creates the account and its workspace.
 * Single use: every pending sign-up of the address goes with it.
 */
export async function confirmSignUp(prisma: Db, token: string, now: Date = new Date()) {
  if (!token || token.length > 200) throw invalidLink();
  const row = await findPendingSignupByTokenHash(prisma, hashOpaqueToken(token));
  if (!row?.passwordHash || row.expiresAt <= now) throw invalidLink();
  if ((await deletePendingSignupsOf(prisma, row.email)) === 0) throw invalidLink(); // a concurrent confirm won
  return createAccount(prisma, { email: row.email, passwordHash: row.passwordHash, workspaceName: row.workspaceName });
}
