import type { z } from "zod";

/**
 * The one place that reads `process.env`. Each process declares the schema it needs from the
 * pieces in ./schemas and calls `loadEnv` once at start; a bad value stops the process with a
 * message naming the variable (never its value, which may be a secret).
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export function loadEnv<S extends z.ZodObject<z.ZodRawShape>>(
  schema: S,
  source: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`).join("; ");
  throw new ConfigError(`Invalid configuration: ${problems}`);
}

/**
 * `loadEnv` for a process's entry point: a bad value ends the process with one clear line on
 * stderr naming the variable, and exit code 78 (EX_CONFIG).
 */
export function loadEnvOrExit<S extends z.ZodObject<z.ZodRawShape>>(schema: S): z.infer<S> {
  try {
    return loadEnv(schema);
  } catch (error) {
    exitOnConfigError(error);
  }
}

function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  throw error;
}
