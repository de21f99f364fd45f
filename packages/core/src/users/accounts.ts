import type { Db, MemberRole, User } from "@svc/db";
import { newId, Prisma } from "@svc/db";
import { AppError, notFound } from "../errors.ts";
import { findMembership, insertMember } from "../stores/members.ts";
import { findUserByEmail, insertUser, userExistsWithEmail } from "../stores/users.ts";
import { insertWorkspace, workspaceExists } from "../stores/workspaces.ts";
import { MAX_WORKSPACE_NAME_LENGTH } from "../workspaces/service.ts";
import { normalizeAccountEmail } from "./emailAddress.ts";
import { burnPasswordCheck, checkPasswordPolicy, hashPassword, verifyPassword } from "./passwords.ts";

interface UserView {
  id: string;
  email: string;
  createdAt: string;
}

function toUserView(user: User): UserView {
  return { id: user.id, email: user.email, createdAt: user.createdAt.toISOString() };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

const emailTaken = () => new AppError("conflict", "An account with this email already exists. Log in instead.");

function parseWorkspaceName(value: string): string {
  const name = value.trim();
  if (!name) throw new AppError("validation_failed", "Workspace name: must not be empty.");
  if (name.length > MAX_WORKSPACE_NAME_LENGTH) {
    throw new AppError("validation_failed", `Workspace name: at most ${MAX_WORKSPACE_NAME_LENGTH} characters.`);
  }
  return name;
}

interface SignUpInput {
  email: string;
  password: string;
  workspaceName: string;
}

/** The checks a sign-up passes before anything is stored or mailed: the same for every address. */
export function checkSignUpInput(input: SignUpInput): { email: string; workspaceName: string } {
  const email = normalizeAccountEmail(input.email);
  checkPasswordPolicy(input.password, email);
  return { email, workspaceName: parseWorkspaceName(input.workspaceName) };
}

/**
 * A new user and their first workspace, with the user as its owner, in one transaction.
 * `passwordHash` is already hashed (sign-up confirmed by email hashed it when asked).
 */
export async function createAccount(
  prisma: Db,
  input: { email: string; passwordHash: string; workspaceName: string },
): Promise<{ user: UserView; workspaceId: string }> {
  const workspaceId = newId("workspace");
  try {
    const user = await prisma.$transaction(async (tx) => {
      await insertWorkspace(tx, { id: workspaceId, name: input.workspaceName, plan: "free" });
      const created = await insertUser(tx, { id: newId("user"), email: input.email, passwordHash: input.passwordHash });
      await insertMember(tx, { id: newId("member"), workspaceId, userId: created.id, role: "owner" });
      return created;
    });
    return { user: toUserView(user), workspaceId };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken(); // lost a race with another sign-up
    throw error;
  }
}

/**
 * Sign-up without confirming the address (no system sender to mail a link with, as in local
 * development): the answer says when the address already has an account.
 */
export async function signUp(prisma: Db, input: SignUpInput): Promise<{ user: UserView; workspaceId: string }> {
  const { email, workspaceName } = checkSignUpInput(input);
  if (await userExistsWithEmail(prisma, email)) throw emailTaken();
  return createAccount(prisma, { email, workspaceName, passwordHash: await hashPassword(input.password) });
}

/**
 * The user with this email and password, or null. Unknown emails cost the same time as wrong
 * passwords, so the answer does not reveal who has an account.
 */
export async function authenticate(prisma: Db, emailInput: string, password: string): Promise<UserView | null> {
  const email = emailInput.trim().toLowerCase();
  const user = email ? await findUserByEmail(prisma, email) : null;
  if (!user) return burnPasswordCheck(password).then(() => null);
  return (await verifyPassword(user.passwordHash, password)) ? toUserView(user) : null;
}

interface AddUserToWorkspaceInput {
  email: string;
  workspaceId: string;
  role: MemberRole;
  /** Needed only when the user does not exist yet; an existing user's password is never changed. */
  password?: string;
}

interface AddUserResult {
  user: UserView;
  workspaceId: string;
  role: MemberRole;
  userCreated: boolean;
}

/**
 * The operator's way in when sign-up is off (`svc user create`): creates the user if needed and
 * makes them a member of the workspace with the role.
 */
export async function addUserToWorkspace(prisma: Db, input: AddUserToWorkspaceInput): Promise<AddUserResult> {
  const email = normalizeAccountEmail(input.email);
  const { workspaceId } = input;
  if (!(await workspaceExists(prisma, workspaceId))) throw notFound("Workspace");
  let user = await findUserByEmail(prisma, email);
  let userCreated = false;
  if (!user) {
    if (input.password === undefined) throw new AppError("validation_failed", "Password: required for a new user.");
    checkPasswordPolicy(input.password, email);
    try {
      user = await insertUser(prisma, { id: newId("user"), email, passwordHash: await hashPassword(input.password) });
      userCreated = true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Created by someone else since the read above.
      user = await findUserByEmail(prisma, email);
      if (!user) throw error;
    }
  }
  const existing = await findMembership(prisma, user.id, workspaceId);
  if (existing) throw new AppError("conflict", `${email} is already a member of this workspace (${existing.role}).`);
  try {
    await insertMember(prisma, { id: newId("member"), workspaceId, userId: user.id, role: input.role });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `${email} is already a member of this workspace.`);
    throw error;
  }
  return { user: toUserView(user), workspaceId, role: input.role, userCreated };
}
