import { spawn } from "node:child_process";

export interface RunResult {
  code: number | null;
  output: string;
  ms: number;
}

/** How to install each test command's toolchain, for the error when it is missing. */
/** The Debian packages of each toolchain (infra/scripts/ensure-test-tools.sh installs them for npm test). */
const TOOLCHAIN_HINTS: Record<string, string> = {
  go: "apt-get install golang-go",
  php: "apt-get install php-cli phpunit",
  phpunit: "apt-get install php-cli phpunit",
  ruby: "apt-get install ruby",
  gem: "apt-get install ruby",
};

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
      const hint = TOOLCHAIN_HINTS[command] ?? `install ${command}`;
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

// PHP and Ruby (sdks/php, sdks/ruby)

/**
 * `phpunit --teamcity`: `##teamcity[testStarted name='test_send_and_read' …]`, then `testFailed` or
 * `testIgnored` (skipped, incomplete) for that name when it did not pass, then `testFinished`. A
 * test counts only once finished: one that started and took the process down is missing.
 */
export function phpunitOutcomes(output: string): Map<string, Outcome> {
  const outcomes = new Map<string, Outcome>();
  for (const match of output.matchAll(/^##teamcity\[(testFinished|testFailed|testIgnored) name='test_(\w+)'/gm)) {
    const id = match[2]!.replaceAll("_", "-");
    const verdict = match[1] === "testFinished" ? "pass" : match[1] === "testIgnored" ? "skip" : "fail";
    outcomes.set(id, worst(outcomes.get(id), verdict));
  }
  return outcomes;
}

/** minitest `-v`: `Conformance#test_send_and_read = 0.12 s = .` (`F` failed, `E` errored, `S` skipped). */
export function minitestOutcomes(output: string): Map<string, Outcome> {
  const outcomes = new Map<string, Outcome>();
  for (const match of output.matchAll(/^[A-Z][\w:]*#test_(\w+) = [^\n]*?[\d.]+ s = ([.FES])$/gm)) {
    const id = match[1]!.replaceAll("_", "-");
    const verdict = match[2] === "." ? "pass" : match[2] === "S" ? "skip" : "fail";
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
