/**
 * `svc doctor`'s checks and how they are printed: one line per check (ok, warning or failed, and
 * what to do), or one JSON document with `--json`. Any failed check makes the exit status 1.
 */
export type CheckStatus = "ok" | "warning" | "failed";

export interface DoctorCheck {
  /** What was checked, e.g. `dns acme.com dkim`, `sns subscription`. */
  name: string;
  status: CheckStatus;
  /** What was found. */
  detail: string;
  /** What to do about it; absent when the check is ok. */
  fix?: string;
}

export function ok(name: string, detail: string): DoctorCheck {
  return { name, status: "ok", detail };
}

export function warning(name: string, detail: string, fix: string): DoctorCheck {
  return { name, status: "warning", detail, fix };
}

export function failed(name: string, detail: string, fix: string): DoctorCheck {
  return { name, status: "failed", detail, fix };
}

/** A check that could not run (an endpoint that does not answer, a refused call) fails with its reason, never a stack trace. */
export async function guarded(name: string, fix: string, run: () => Promise<DoctorCheck[]>): Promise<DoctorCheck[]> {
  try {
    return await run();
  } catch (error) {
    return [failed(name, `could not check: ${describeError(error)}`, fix)];
  }
}

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const code = (error as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code;
  const name = error.name && error.name !== "Error" ? `${error.name}: ` : "";
  return `${name}${error.message}${typeof code === "string" && !error.message.includes(code) ? ` (${code})` : ""}`;
}

export function exitCodeOf(checks: readonly DoctorCheck[]): number {
  return checks.some((check) => check.status === "failed") ? 1 : 0;
}

const MARK: Record<CheckStatus, string> = { ok: "ok     ", warning: "warning", failed: "failed " };

export function renderLines(checks: readonly DoctorCheck[]): string {
  const lines = checks.map((check) => `${MARK[check.status]} ${check.name}: ${check.detail}${check.fix ? ` -> ${check.fix}` : ""}`);
  const counts = (status: CheckStatus) => checks.filter((check) => check.status === status).length;
  lines.push(`${counts("ok")} ok, ${counts("warning")} warning(s), ${counts("failed")} failed`);
  return `${lines.join("\n")}\n`;
}
