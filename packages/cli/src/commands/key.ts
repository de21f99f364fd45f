import {
  AppError,
  createApiKey,
  KEY_ENVIRONMENTS,
  type KeyEnvironmentName,
  listApiKeys,
  revokeApiKey,
  SCOPE_NAMES,
  type ScopeName,
  workspaceOfApiKey,
} from "@svc/core";
import { cliActor } from "../audit.ts";
import { type Command, listFlag, optionalFlag, requireFlag } from "../command.ts";

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new AppError("validation_failed", `--${flag} must be one of ${allowed.join(", ")}.`);
  }
  return value as T;
}

export const keyCommands: Command[] = [
  {
    path: ["key", "create"],
    usage: "--workspace ID --env live|test --scope send-only|read-only|full-access [--name N] [--domain D,…] [--cidr CIDR,…]",
    run: async (flags, { db }) => {
      const created = await createApiKey(db.prisma, {
        workspaceId: requireFlag(flags, "workspace"),
        environment: oneOf<KeyEnvironmentName>("env", requireFlag(flags, "env"), KEY_ENVIRONMENTS),
        scope: oneOf<ScopeName>("scope", requireFlag(flags, "scope"), SCOPE_NAMES),
        name: optionalFlag(flags, "name"),
        domains: listFlag(flags, "domain"),
        cidrs: listFlag(flags, "cidr"),
      });
      // The only time the key is shown.
      return {
        id: created.id,
        key: created.key,
        environment: created.environment,
        scope: created.scope,
        name: created.name,
        allowedDomains: created.allowedDomains,
        allowedCidrs: created.allowedCidrs,
      };
    },
  },
  {
    path: ["key", "list"],
    usage: "--workspace ID",
    // Records only (bindings included): never a key or its hash.
    run: async (flags, { db }) => listApiKeys(db.prisma, requireFlag(flags, "workspace")),
  },
  {
    path: ["key", "revoke"],
    usage: "--id KEY_ID",
    // Named by id alone: the owner is looked up first, so the revocation is scoped to it and its
    // audit entry lands in that workspace.
    run: async (flags, { db }) => {
      const workspaceId = await workspaceOfApiKey(db.prisma, requireFlag(flags, "id"));
      // The entry is written in the revocation's transaction (so "key revoke" is not in AUDITED).
      return { ...(await revokeApiKey(db.prisma, requireFlag(flags, "id"), workspaceId, cliActor())), workspaceId };
    },
  },
];
