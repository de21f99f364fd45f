import { pino, type Logger, type LoggerOptions } from "pino";

export type { Logger };

/**
 * Structured JSON logs. Anything that could hold a credential is redacted by path, so a
 * careless `log.info({ req })` cannot leak a key or a signature.
 */
export function createLogger(name: string, level = "info", options: LoggerOptions = {}): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: [
        "authorization",
        "*.authorization",
        "headers.authorization",
        "req.headers.authorization",
        "req.headers.cookie",
        "*.secret",
        "secret",
        "key",
        "*.key",
        "password",
        "*.password",
        "*.signature",
      ],
      censor: "[redacted]",
    },
    ...options,
  });
}
