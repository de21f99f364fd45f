import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Db } from "@svc/db";
import { newId } from "@svc/db";
import { AppError } from "../errors.ts";
import { advancePasskeyCounter, deletePasskey, findPasskeyByCredentialId, findPasskeysOfUser, insertPasskey } from "../stores/passkeys.ts";
import { lockUser } from "../stores/users.ts";
import { checkCanRemovePasskey } from "./secondFactors.ts";

/** The relying party: the dashboard's own origin and its host name (the RP ID passkeys are bound to). */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

export function relyingPartyFor(baseUrl: string): RelyingParty {
  const url = new URL(baseUrl);
  return { name: "Svc", id: url.hostname, origin: url.origin };
}

const MAX_PASSKEYS = 10;
const MAX_NAME_LENGTH = 100;

const refused = () => new AppError("unauthorized", "That passkey could not be verified. Try again, or use another way to sign in.");

/** Registration options for the user; the caller keeps `challenge` for the answer (once). */
export async function passkeyRegistrationOptions(
  prisma: Db,
  rp: RelyingParty,
  user: { id: string; email: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await findPasskeysOfUser(prisma, user.id);
  if (existing.length >= MAX_PASSKEYS) throw new AppError("conflict", `At most ${MAX_PASSKEYS} passkeys per account: remove one first.`);
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
}

/** Verifies the authenticator's answer to the challenge and stores the new passkey. */
export async function registerPasskey(
  prisma: Db,
  rp: RelyingParty,
  input: { userId: string; expectedChallenge: string; response: unknown; name: string },
): Promise<{ id: string; name: string }> {
  const name = input.name.trim().slice(0, MAX_NAME_LENGTH) || "Passkey";
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw new AppError("validation_failed", "The passkey could not be registered: the browser's answer did not verify. Try again.");
  }
  if (!verification.verified) throw new AppError("validation_failed", "The passkey could not be registered. Try again.");
  const { credential } = verification.registrationInfo;
  if (await findPasskeyByCredentialId(prisma, credential.id)) throw new AppError("conflict", "This passkey is already registered.");
  const row = await insertPasskey(prisma, {
    id: newId("passkey"),
    userId: input.userId,
    credentialId: credential.id,
    publicKey: new Uint8Array(credential.publicKey),
    counter: BigInt(credential.counter),
    transports: credential.transports ?? [],
    name,
  });
  return { id: row.id, name: row.name };
}

/**
 * Sign-in options. With a user (the second factor), only their passkeys are allowed; without
 * one (passwordless), the authenticator offers its discoverable passkeys and must verify the person.
 */
export async function passkeySignInOptions(
  prisma: Db,
  rp: RelyingParty,
  userId: string | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowed = userId ? await findPasskeysOfUser(prisma, userId) : [];
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    userVerification: userId ? "preferred" : "required",
  });
}

/**
 * Verifies a sign-in assertion against the stored passkey and moves its counter. Returns the
 * user it belongs to. A challenge is used once (the caller removes it before calling), and the
 * counter moves only from the value read, so a replayed assertion is refused either way.
 */
export async function verifyPasskeySignIn(
  prisma: Db,
  rp: RelyingParty,
  input: { expectedChallenge: string; response: unknown; userId: string | null },
  now: Date = new Date(),
): Promise<{ userId: string; passkeyId: string }> {
  const response = input.response as AuthenticationResponseJSON | null;
  const credentialId = typeof response?.id === "string" ? response.id : "";
  const passkey = credentialId && credentialId.length <= 1_400 ? await findPasskeyByCredentialId(prisma, credentialId) : null;
  // Another user's passkey is as unknown as a missing one.
  if (!passkey || (input.userId && passkey.userId !== input.userId)) throw refused();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: Number(passkey.counter) },
      requireUserVerification: input.userId === null,
    });
  } catch {
    throw refused();
  }
  if (!verification.verified) throw refused();
  if (input.userId === null) {
    // Passwordless: the authenticator names the user it holds the passkey for; it must be the owner.
    const handle = response?.response.userHandle;
    if (!handle || Buffer.from(handle, "base64url").toString("utf8") !== passkey.userId) throw refused();
  }
  const next = BigInt(verification.authenticationInfo.newCounter);
  if (!(await advancePasskeyCounter(prisma, passkey.id, passkey.counter, next > passkey.counter ? next : passkey.counter, now)))
    throw refused();
  return { userId: passkey.userId, passkeyId: passkey.id };
}

export async function removePasskey(prisma: Db, userId: string, passkeyId: string): Promise<{ name: string }> {
  return prisma.$transaction(async (tx) => {
    await lockUser(tx, userId);
    await checkCanRemovePasskey(tx, userId);
    const removed = await deletePasskey(tx, userId, passkeyId);
    if (!removed) throw new AppError("not_found", "Passkey not found.");
    return { name: removed.name };
  });
}
