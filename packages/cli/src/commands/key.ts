import { AppError, createApiKey, KEY_ENVIRONMENTS, type KeyEnvironmentName, revokeApiKey, SCOPE_NAMES, type ScopeName } from "@svc/core";
import { type Command, optionalFlag, requireFlag } from "../command.ts";

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new AppError("validation_failed", `--${flag} must be one of ${allowed.join(", ")}.`);
  }
  return value as T;
}

export const keyCommands: Command[] = [
  {
    path: ["key", "create"],
    usage: "--workspace ID --env live|test --scope send-only|read-only|full-access [--name N]",
    run: async (flags, { db }) => {
      const created = await createApiKey(db.prisma, {
        workspaceId: requireFlag(flags, "workspace"),
        environment: oneOf<KeyEnvironmentName>("env", requireFlag(flags, "env"), KEY_ENVIRONMENTS),
        scope: oneOf<ScopeName>("scope", requireFlag(flags, "scope"), SCOPE_NAMES),
        name: optionalFlag(flags, "name"),
      });
      // The only time the key is shown.
      return { id: created.id, key: created.key, environment: created.environment, scope: created.scope, name: created.name };
    },
  },
  {
    path: ["key", "revoke"],
    usage: "--id KEY_ID",
    run: async (flags, { db }) => revokeApiKey(db.prisma, requireFlag(flags, "id")),
  },
];
