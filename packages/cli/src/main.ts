import { databaseOptions, loadEnvOrExit } from "@svc/config";
import { AppError } from "@svc/core";
import { createDb } from "@svc/db";
import { cliAuditEntry, ownerBeforeChange, recordCliChange } from "./audit.ts";
import { type CliContext, type Command, type Flags, parseFlags, RawOutput, rejectUnknownFlags } from "./command.ts";
import { COMMANDS } from "./commands/index.ts";
import { type CliConfig, cliEnvSchema } from "./env.ts";

/**
 * `svc <group> <action> [--flags]`: JSON on stdout; on error one message on stderr, nothing on
 * stdout, and exit 1 (2 for usage errors, 78 for bad configuration). The same domain code as the
 * dashboard, against the same env.
 */
function usage(): string {
  return ["Usage: svc <command> [options]", "", ...COMMANDS.map((c) => `  svc ${c.path.join(" ")} ${c.usage}`)].join("\n");
}

function commandUsage(command: Command): string {
  return `Usage: svc ${command.path.join(" ")} ${command.usage}`;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** One line on stderr; the exit code says what kind of failure it was. */
function report(error: unknown): number {
  if (error instanceof AppError) {
    process.stderr.write(`Error: ${error.message}\n`);
    return error.code === "bad_request" ? 2 : 1;
  }
  process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
}

export async function main(argv: string[]): Promise<number> {
  const [group, action] = argv;
  if (group === "help" || group === "--help") {
    process.stdout.write(`${usage()}\n`);
    return 0;
  }
  const command = COMMANDS.find((c) => c.path[0] === group && (c.path.length === 1 || c.path[1] === action));
  if (!command) {
    process.stderr.write(`${group ? `Unknown command: ${[group, action].filter(Boolean).join(" ")}\n\n` : ""}${usage()}\n`);
    return 2;
  }

  let flags: Flags;
  try {
    flags = parseFlags(argv.slice(command.path.length));
    if (flags.help === true) {
      process.stdout.write(`${commandUsage(command)}\n`);
      return 0;
    }
    rejectUnknownFlags(command, flags);
  } catch (error) {
    return report(error);
  }

  const config: CliConfig = loadEnvOrExit(cliEnvSchema);
  const db = createDb({ ...databaseOptions(config), poolSize: 2 });
  const context: CliContext = { db, config, env: process.env, readStdin };
  try {
    const owner = await ownerBeforeChange(db, command.path, flags);
    const result = await command.run(flags, context);
    // A change is recorded before its result is printed: one whose entry could not be written is
    // reported as a failure (it has happened, and the operator must know it went unrecorded).
    // Not in the change's transaction: the commands run the same use cases as the dashboard, each
    // committing its own; the few that record in their transaction are absent from AUDITED.
    const entry = cliAuditEntry(command.path, flags, result instanceof RawOutput ? {} : result, owner);
    if (entry) {
      try {
        await recordCliChange(db, entry);
      } catch (error) {
        process.stderr.write(
          `Error: the change was made but its audit log entry could not be written: ${error instanceof Error ? error.message : String(error)}\n`,
        );
        return 1;
      }
    }
    process.stdout.write(result instanceof RawOutput ? result.text : `${JSON.stringify(result, null, 2)}\n`);
    return result instanceof RawOutput ? result.exitCode : 0;
  } catch (error) {
    return report(error);
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
