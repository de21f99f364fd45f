import type { Db, MemberRole } from "@svc/db";
import { newId, Prisma } from "@svc/db";
import { findMembership, insertMember } from "../stores/members.ts";
import { findOidcDomain } from "../stores/oidcDomains.ts";
import { deleteSessionsOfUser } from "../stores/sessions.ts";
import { findUserByEmail, insertUser } from "../stores/users.ts";
import { OidcRefusal } from "./client.ts";

/**
 * What users made by OIDC hold as password hash: not an argon2 hash, so no password ever
 * matches it (verification of a malformed hash fails). They sign in through the provider.
 */
const NO_PASSWORD = "!oidc-only";

export interface OidcSignIn {
  userId: string;
  email: string;
  userCreated: boolean;
  /** The membership made by this sign-in (just in time), if any. */
  joined: { workspaceId: string; role: MemberRole } | null;
}

/**
 * The user an ID token names: by its verified email, whose domain must be allowed. A first
 * sign-in creates the user, and the membership of the domain's workspace with its role. A known
 * user refused here (address no longer verified, domain no longer allowed) loses their sessions.
 */
export async function oidcSignIn(prisma: Db, claims: Record<string, unknown>): Promise<OidcSignIn> {
  const raw = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  const email = raw.length <= 254 && /^[^@\s]+@[^@\s]+$/.test(raw) ? raw : "";
  if (!email) throw new OidcRefusal("no_email", "The sign-in provider did not tell us your email address.");
  const known = await findUserByEmail(prisma, email);
  const refuse = async (reason: string, message: string): Promise<never> => {
    if (known) await deleteSessionsOfUser(prisma, known.id);
    throw new OidcRefusal(reason, message, email);
  };
  if (claims.email_verified !== true) await refuse("email_not_verified", "Your sign-in provider has not verified your email address.");
  const mapping = await findOidcDomain(prisma, email.slice(email.lastIndexOf("@") + 1));
  if (!mapping) await refuse("domain_not_allowed", "Addresses at your domain cannot sign in here. Ask the operator of this server.");

  const { workspaceId, role } = mapping!;
  try {
    return await prisma.$transaction(async (tx) => {
      const user = known ?? (await insertUser(tx, { id: newId("user"), email, passwordHash: NO_PASSWORD }));
      let joined: OidcSignIn["joined"] = null;
      if (!(await findMembership(tx, user.id, workspaceId))) {
        await insertMember(tx, { id: newId("member"), workspaceId, userId: user.id, role });
        joined = { workspaceId, role };
      }
      return { userId: user.id, email, userCreated: !known, joined };
    });
  } catch (error) {
    // A parallel first sign-in made the user or the membership: the second one finds them.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return oidcSignIn(prisma, claims);
    throw error;
  }
}
