import type { DbHandle } from "@svc/db";
import { AppError } from "@svc/core";

export type Flags = Record<string, string | true>;

export interface CliContext {
  db: DbHandle;
  env: Record<string, string | undefined>;
  /** Standard input, read lazily (for --password-stdin and the like). */
  readStdin(): Promise<string>;
}

export interface Command {
  /** e.g. ["workspace", "create"] */
  path: [string, string];
  usage: string;
  run(flags: Flags, context: CliContext): Promise<unknown>;
}

/** `--name value` and `--flag` (true) after the command path; anything else is a usage error. */
export function parseFlags(argv: string[]): Flags {
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) throw new AppError("bad_request", `Unexpected argument: ${arg}`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) flags[name] = inline;
    else if (i + 1 < argv.length && !argv[i + 1]!.startsWith("--")) flags[name] = argv[++i]!;
    else flags[name] = true;
  }
  return flags;
}

export function requireFlag(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== "string" || value.trim() === "") throw new AppError("bad_request", `Missing required option --${name}.`);
  return value;
}

export function optionalFlag(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  if (value === true) throw new AppError("bad_request", `Option --${name} needs a value.`);
  return value;
}
