import { execFile, execFileSync } from "node:child_process";

/**
 * Debian's swaks, a real SMTP client with its own protocol implementation (Perl's Net::SSLeay for
 * TLS). infra/scripts/ensure-test-tools.sh installs it before `npm test`; a machine without it fails
 * here with the command that installs it.
 */
export function swaksPath(): string {
  try {
    return execFileSync("sh", ["-c", "command -v swaks"], { encoding: "utf8" }).trim();
  } catch {
    throw new Error("swaks is not installed: apt-get install swaks (infra/scripts/ensure-test-tools.sh does it for npm test)");
  }
}

export interface SwaksRun {
  /** swaks's exit code: 0 when the message was accepted. */
  code: number;
  /** The whole transcript (`<-` lines are the server's). */
  transcript: string;
  /** The server's reply lines, in order (without swaks's arrows). */
  replies: string[];
}

/** Runs swaks with these arguments and answers its transcript, whatever its exit code. */
export function swaks(args: string[]): Promise<SwaksRun> {
  const binary = swaksPath();
  return new Promise((resolve) => {
    execFile(binary, args, { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const transcript = `${stdout}${stderr}`;
      const replies = transcript
        .split("\n")
        .filter((line) => /^\s*<[-~*]{1,2}\s+\d{3}[ -]/.test(line))
        .map((line) => line.replace(/^\s*<[-~*]{1,2}\s+/, "").trim());
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, transcript, replies });
    });
  });
}

/** The email id from a transcript's `250 … queued as email_…` reply. */
export function queuedIdIn(transcript: string): string {
  const match = /250 2\.0\.0 Ok: queued as (email_[A-Za-z0-9]+)/.exec(transcript);
  if (!match) throw new Error(`no queued answer in the transcript:\n${transcript}`);
  return match[1]!;
}
