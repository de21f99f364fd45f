import { type Logger, type LoggerOptions, pino } from "pino";
import { PinoPretty } from "pino-pretty";

export type { Logger };

/** `json` (one object a line) for log collectors, `pretty` for people at a terminal. */
export type LogFormat = "json" | "pretty";

export interface CreateLoggerOptions extends LoggerOptions {
  /** `json` unless given. */
  format?: LogFormat;
}

/**
 * Structured logs. Anything that could hold a credential is redacted by path, so a careless
 * `log.info({ req })` cannot leak a key or a signature; redaction happens before formatting, so
 * pretty lines are redacted the same way.
 */
export function createLogger(name: string, level = "info", { format = "json", ...options }: CreateLoggerOptions = {}): Logger {
  const settings: LoggerOptions = {
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
  };
  // Synchronous, in this thread: a line logged just before the process exits is never lost.
  if (format === "pretty") return pino(settings, PinoPretty({ sync: true, ignore: "pid,hostname", translateTime: "SYS:HH:MM:ss.l" }));
  return pino(settings);
}
