import { commonEnv, exitOnConfigError, loadEnv } from "@svc/config";
import { AppError } from "@svc/core";
import { createDb } from "@svc/db";
import { z } from "zod";
import { parseFlags, type CliContext } from "./command.ts";
import { COMMANDS } from "./commands/index.ts";

/**
 * `svc <group> <action> [--flags]`: JSON on stdout; on error one message on stderr and exit 1
 * (2 for usage errors). The same domain code as the dashboard, against the same env.
 */
function usage(): string {
  return ["Usage: svc <command> [options]", "", ...COMMANDS.map((c) => `  svc ${c.path.join(" ")} ${c.usage}`)].join("\n");
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function main(argv: string[]): Promise<number> {
  const [group, action, ...rest] = argv;
  const command = COMMANDS.find((c) => c.path[0] === group && c.path[1] === action);
  if (!command) {
    process.stderr.write(`${group ? `Unknown command: ${[group, action].filter(Boolean).join(" ")}\n\n` : ""}${usage()}\n`);
    return 2;
  }
  let env;
  try {
    env = loadEnv(z.object({ ...commonEnv }).passthrough());
  } catch (error) {
    exitOnConfigError(error);
  }
  const db = createDb({ url: env.DATABASE_URL, poolSize: 2 });
  const context: CliContext = { db, env: process.env, readStdin };
  try {
    const result = await command.run(parseFlags(rest), context);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      process.stderr.write(`Error: ${error.message}\n`);
      return error.code === "bad_request" ? 2 : 1;
    }
    process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
