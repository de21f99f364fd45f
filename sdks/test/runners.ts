import { spawn } from "node:child_process";

export interface RunResult {
  code: number | null;
  output: string;
  ms: number;
}

/** Runs a language's test command as a child process, with the output of both streams kept. */
export function run(command: string, args: string[], cwd: string, env: Record<string, string>, timeoutMs = 240_000): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const hint = command === "go" ? "bash infra/scripts/ensure-go.sh (or apt-get install golang-go)" : `install ${command}`;
      reject(error.code === "ENOENT" ? new Error(`${command} is not installed: ${hint}`) : error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

export type Outcome = "pass" | "fail" | "skip";

/** `python3 -m unittest -v`: `test_send_and_read (module.Class.test_send_and_read) ... ok` names scenario `send-and-read`. */
export function unittestOutcomes(output: string): Map<string, Outcome> {
  const outcomes = new Map<string, Outcome>();
  for (const match of output.matchAll(
    /^test_(\w+) \([^)]*\)(?:\n[^\n]*?)? \.\.\. (ok|FAIL|ERROR|skipped|expected failure|unexpected success)/gm,
  )) {
    const id = match[1]!.replaceAll("_", "-");
    const verdict = match[2] === "ok" ? "pass" : match[2] === "skipped" ? "skip" : "fail";
    outcomes.set(id, worst(outcomes.get(id), verdict));
  }
  return outcomes;
}

/** `go test -v`: `--- PASS: TestConformance/send-and-read (0.01s)` names scenario `send-and-read` (the last part of the name). */
export function goTestOutcomes(output: string): Map<string, Outcome> {
  const outcomes = new Map<string, Outcome>();
  for (const match of output.matchAll(/^\s*--- (PASS|FAIL|SKIP): (\S+)/gm)) {
    const id = match[2]!.split("/").pop()!;
    const verdict = match[1] === "PASS" ? "pass" : match[1] === "SKIP" ? "skip" : "fail";
    outcomes.set(id, worst(outcomes.get(id), verdict));
  }
  return outcomes;
}

function worst(a: Outcome | undefined, b: Outcome): Outcome {
  if (a === "fail" || b === "fail") return "fail";
  if (a === "skip" || b === "skip") return "skip";
  return "pass";
}

// --- Java (JUnit 5's console launcher) ---

/**
 * The JUnit console launcher's `--details=tree --details-theme=ascii` output: `|   +-- send-and-read [OK]`
 * names scenario `send-and-read` (each test's display name is its scenario id); `[X]` failed,
 * `[A]` aborted, `[S]` skipped.
 */
export function junitTreeOutcomes(output: string): Map<string, Outcome> {
  const outcomes = new Map<string, Outcome>();
  for (const match of output.matchAll(/^[|' ]*[+']-- (.+?) \[(OK|X|A|S)\]/gm)) {
    const id = match[1]!;
    const verdict = match[2] === "OK" ? "pass" : match[2] === "S" ? "skip" : "fail";
    outcomes.set(id, worst(outcomes.get(id), verdict));
  }
  return outcomes;
}
