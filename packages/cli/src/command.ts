import { AppError } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { CliConfig } from "./env.ts";

export type Flags = Record<string, string | true>;

export interface CliContext {
  db: DbHandle;
  /** The parsed, validated environment (DATABASE_URL, DNS_SERVERS, …). */
  config: CliConfig;
  env: Record<string, string | undefined>;
  /** Standard input, read lazily (for --password-stdin and the like). */
  readStdin(): Promise<string>;
}

/** A command result printed as it is (CSV and the like) rather than as JSON; `exitCode` when it is not success. */
export class RawOutput {
  constructor(
    readonly text: string,
    readonly exitCode = 0,
  ) {}
}

export interface Command {
  /** e.g. ["workspace", "create"], or one word (["doctor"]) */
  path: [string, string] | [string];
  usage: string;
  run(flags: Flags, context: CliContext): Promise<unknown>;
}

/**
 * `--name value` and `--flag` (true) after the command path; anything else is a usage error, and
 * so is an option given twice (lists are one comma-separated value), which would otherwise keep
 * only the last.
 */
export function parseFlags(argv: string[]): Flags {
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) throw new AppError("bad_request", `Unexpected argument: ${arg}`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (Object.hasOwn(flags, name)) {
      throw new AppError("bad_request", `Option --${name} is given twice; give a list as one comma-separated value.`);
    }
    if (inline !== undefined) flags[name] = inline;
    else if (i + 1 < argv.length && !argv[i + 1]!.startsWith("--")) flags[name] = argv[++i]!;
    else flags[name] = true;
  }
  return flags;
}

/** The options a command takes are the `--names` its usage line shows; anything else is a typo to report, not ignore. */
function knownFlags(command: Command): Set<string> {
  return new Set([...command.usage.matchAll(/--([a-z][a-z0-9-]*)/g)].map((match) => match[1]!));
}

export function rejectUnknownFlags(command: Command, flags: Flags): void {
  const known = knownFlags(command);
  const unknown = Object.keys(flags).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new AppError(
      "bad_request",
      `Unknown option ${unknown.map((name) => `--${name}`).join(", ")} for svc ${command.path.join(" ")}. Usage: svc ${command.path.join(" ")} ${command.usage}`,
    );
  }
}

export function requireFlag(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== "string" || value.trim() === "") throw new AppError("bad_request", `Missing required option --${name}.`);
  return value;
}

/** A comma-separated option as its entries (none when the option is absent). */
export function listFlag(flags: Flags, name: string): string[] {
  const value = optionalFlag(flags, name);
  if (value === undefined) return [];
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

export function optionalFlag(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  if (value === true) throw new AppError("bad_request", `Option --${name} needs a value.`);
  return value;
}
