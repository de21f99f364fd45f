import type { Db, MemberRole, User } from "@svc/db";
import { Prisma, newId } from "@svc/db";
import { AppError, notFound } from "../errors.ts";
import { MAX_WORKSPACE_NAME_LENGTH } from "../workspaces/service.ts";
import { normalizeAccountEmail } from "./emailAddress.ts";
import { burnPasswordCheck, checkPasswordPolicy, hashPassword, verifyPassword } from "./passwords.ts";

export interface UserView {
  id: string;
  email: string;
  createdAt: string;
}

export function toUserView(user: User): UserView {
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

export interface SignUpInput {
  email: string;
  password: string;
  workspaceName: string;
}

/** A new user and their first workspace, with the user as its owner: one nested (atomic) write. */
export async function signUp(db: Db, input: SignUpInput): Promise<{ user: UserView; workspaceId: string }> {
  const email = normalizeAccountEmail(input.email);
  checkPasswordPolicy(input.password, email);
  const workspaceName = parseWorkspaceName(input.workspaceName);
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const workspaceId = newId("workspace");
  try {
    const user = await db.user.create({
      data: {
        id: newId("user"),
        email,
        passwordHash,
        memberships: {
          create: { id: newId("member"), role: "owner", workspace: { create: { id: workspaceId, name: workspaceName } } },
        },
      },
    });
    return { user: toUserView(user), workspaceId };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken(); // lost a race with another sign-up
    throw error;
  }
}

/**
 * The user with this email and password, or null. Unknown emails cost the same time as wrong
 * passwords, so the answer does not reveal who has an account.
 */
export async function authenticate(db: Db, emailInput: string, password: string): Promise<UserView | null> {
  const email = emailInput.trim().toLowerCase();
  const user = email ? await db.user.findUnique({ where: { email } }) : null;
  if (!user) return burnPasswordCheck(password).then(() => null);
  return (await verifyPassword(user.passwordHash, password)) ? toUserView(user) : null;
}

export interface AddUserToWorkspaceInput {
  email: string;
  workspaceId: string;
  role: MemberRole;
  /** Needed only when the user does not exist yet; an existing user's password is never changed. */
  password?: string;
}

export interface AddUserResult {
  user: UserView;
  workspaceId: string;
  role: MemberRole;
  userCreated: boolean;
}

/**
 * The operator's way in when sign-up is off (`svc user create`): creates the user if needed and
 * makes them a member of the workspace with the role.
 */
export async function addUserToWorkspace(db: Db, input: AddUserToWorkspaceInput): Promise<AddUserResult> {
  const email = normalizeAccountEmail(input.email);
  const workspace = await db.workspace.findUnique({ where: { id: input.workspaceId }, select: { id: true } });
  if (!workspace) throw notFound("Workspace");
  let user = await db.user.findUnique({ where: { email } });
  let userCreated = false;
  if (!user) {
    if (input.password === undefined) throw new AppError("validation_failed", "Password: required for a new user.");
    checkPasswordPolicy(input.password, email);
    try {
      user = await db.user.create({ data: { id: newId("user"), email, passwordHash: await hashPassword(input.password) } });
      userCreated = true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      user = await db.user.findUniqueOrThrow({ where: { email } });
    }
  }
  const existing = await db.member.findUnique({ where: { workspaceId_userId: { workspaceId: workspace.id, userId: user.id } } });
  if (existing) throw new AppError("conflict", `${email} is already a member of this workspace (${existing.role}).`);
  try {
    await db.member.create({ data: { id: newId("member"), workspaceId: workspace.id, userId: user.id, role: input.role } });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `${email} is already a member of this workspace.`);
    throw error;
  }
  return { user: toUserView(user), workspaceId: workspace.id, role: input.role, userCreated };
}
