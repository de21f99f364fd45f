/**
 * The chaos suite: the whole service on a PostgreSQL cluster and a Redis of its own (never the
 * shared ones), every app its own process, under steady load while processes are killed, Redis
 * is flushed and PostgreSQL restarts, a burst of large bodies presses on the api's memory and a
 * sign-up flood on the dashboard's system sender; then a check, from Postgres and the webhook receiver, that
 * nothing accepted was lost or doubled. Then (or alone, `pnpm chaos bad-input`) malformed input
 * to every HTTP endpoint. Exits 1 on any loss or finding.
 *
 *   pnpm chaos              faults, then bad input, then the attacks
 *   pnpm chaos faults       faults only
 *   pnpm chaos bad-input    bad input only
 *   pnpm chaos attacks      the attacks on the edges only (MX, templates, downloads, replays)
 *   pnpm chaos regions      SES in two regions (two aws-local processes), the primary black-holed
 *                           for a minute under load (regions.ts); last in `pnpm chaos`, on a stack of its own
 */
import { PLANS, runRetentionOnce } from "@svc/core";
import { runAttacks } from "./attacks.ts";
import { type BadInputReport, runBadInput } from "./badInput.ts";
import { checkOutcome, type Outcome } from "./check.ts";
import type { AppName } from "./infra.ts";
import { largeBodyBurst, type PressureReport, signupFlood } from "./pressure.ts";
import { runRegions } from "./regions.ts";
import { type Stack, startStack, stopStack } from "./stack.ts";

const mode = process.argv[2] ?? "all";
if (!["all", "faults", "bad-input", "attacks", "regions"].includes(mode)) {
  console.error("usage: pnpm chaos [faults|bad-input|attacks|regions]");
  process.exit(64);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RATE_PER_S = Number(process.env.CHAOS_RATE ?? 40);
const RECIPIENTS = ["someone", "bounce", "complaint", "delay", "click", "open", "reject", "suppressionlist", "renderfail", "user2"];
const SETTLE_LIMIT_MS = 120_000;
const started = Date.now();
const log = (message: string) => console.log(`[chaos ${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s] ${message}`);

/** Every this many ticks of the load, a batch of BATCH_SIZE emails instead of one. */
const BATCH_EVERY = 8;
const BATCH_SIZE = 4;

function emailTo(domain: string, to: string) {
  return {
    from: `Chaos <load@${domain}>`,
    to: [to],
    subject: "chaos",
    text: "hi",
    html: '<p><a href="https://example.com/x">hi</a></p>',
  };
}

/** Steady load on POST /emails (and now and then POST /emails/batch); remembers when sends succeed, to time recovery. */
class Load {
  accepted = 0;
  refused = 0;
  failed = 0;
  /** When each 202 arrived, in order. */
  readonly successes: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private count = 0;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly stack: Stack) {}

  start(): void {
    const intervalMs = 1000 / RATE_PER_S;
    this.timer = setInterval(() => {
      // Every BATCH_EVERY-th tick a batch (its emails share one send job), else one email.
      const recipients = Array.from({ length: this.count % BATCH_EVERY === 0 ? BATCH_SIZE : 1 }, () => this.nextRecipient());
      const work = (recipients.length === 1 ? this.send(recipients[0]!) : this.sendBatch(recipients)).finally(() =>
        this.inFlight.delete(work),
      );
      this.inFlight.add(work);
    }, intervalMs);
  }

  /**
   * A label per email: a bounce or complaint suppresses its exact address, and the next email of
   * the same scenario must still reach the simulator.
   */
  private nextRecipient(): string {
    const local = RECIPIENTS[this.count % RECIPIENTS.length]!;
    return `${local}+${this.count++}@example.com`;
  }

  send(to: string): Promise<void> {
    return this.post("/emails", emailTo(this.stack.fx.domain, to), 1);
  }

  private sendBatch(recipients: string[]): Promise<void> {
    return this.post(
      "/emails/batch",
      recipients.map((to) => emailTo(this.stack.fx.domain, to)),
      recipients.length,
    );
  }

  private async post(path: string, body: unknown, emails: number): Promise<void> {
    const { fx, apps } = this.stack;
    try {
      const response = await fetch(`${apps.api.url}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      if (response.status === 202) {
        this.accepted += emails;
        this.successes.push(Date.now());
      } else this.refused += emails;
    } catch {
      this.failed += emails;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }
}

export interface FaultResult {
  fault: string;
  /** From the fault to the restart being done (process healthy, server accepting). */
  restartMs: number;
  /** From the fault being over (restartMs) to the first 202 / the first event stored after that. */
  sendRecoveryMs: number | null;
  eventRecoveryMs: number | null;
  webhookRecoveryMs: number | null;
}

async function timeRecovery(stack: Stack, load: Load, fault: string, since: number): Promise<FaultResult> {
  const back = Date.now();
  const restartMs = back - since;
  const deadline = back + 60_000;
  let sendAt: number | null = null;
  let eventAt: number | null = null;
  let webhookAt: number | null = null;
  while (Date.now() < deadline && (sendAt === null || eventAt === null || webhookAt === null)) {
    if (webhookAt === null) webhookAt = stack.receiver.receivedAt.find((t) => t >= back) ?? null;
    if (sendAt === null) sendAt = load.successes.find((t) => t >= back) ?? null;
    if (eventAt === null) {
      const rows = await stack.db.pool
        .query(`SELECT min("createdAt") AS at FROM email_events WHERE "createdAt" >= $1`, [new Date(back)])
        .catch(() => ({ rows: [] as Array<{ at: Date | null }> }));
      const at = (rows.rows[0] as { at: Date | null } | undefined)?.at;
      if (at) eventAt = at.getTime();
    }
    await sleep(100);
  }
  const result = {
    fault,
    restartMs,
    sendRecoveryMs: sendAt === null ? null : sendAt - back,
    eventRecoveryMs: eventAt === null ? null : Math.max(0, eventAt - back),
    webhookRecoveryMs: webhookAt === null ? null : webhookAt - back,
  };
  log(
    `  ${fault}: back after ${restartMs} ms; then first 202 after ${result.sendRecoveryMs ?? "never"} ms, first event stored after ${result.eventRecoveryMs ?? "never"} ms, first webhook after ${result.webhookRecoveryMs ?? "never"} ms`,
  );
  return result;
}

/**
 * An email scheduled past its plan's retention age (its creation is moved back beyond it, as if
 * scheduled that far ahead), due during the faults. Retention runs while it waits, and again
 * after; `check` says whether it was sent and is still there.
 */
class ScheduledAcrossRetention {
  private id: string | null = null;

  constructor(private readonly stack: Stack) {}

  async schedule(dueInMs: number): Promise<void> {
    const { fx, apps, db } = this.stack;
    const response = await fetch(`${apps.api.url}/emails`, {
      method: "POST",
      headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
      body: JSON.stringify({
        from: `Chaos <later@${fx.domain}>`,
        to: ["someone+scheduled@example.com"],
        subject: "scheduled across retention",
        text: "later",
        scheduledAt: new Date(Date.now() + dueInMs).toISOString(),
      }),
    });
    const body = (await response.json()) as { id?: string };
    if (response.status !== 202 || !body.id) throw new Error(`scheduling the email failed: ${response.status} ${JSON.stringify(body)}`);
    this.id = body.id;
    const ageMs = (PLANS.unlimited.retentionDays + 5) * 86_400_000;
    await db.pool.query(`UPDATE emails SET "createdAt" = now() - $2::double precision * interval '1 millisecond' WHERE id = $1`, [
      this.id,
      ageMs,
    ]);
    await this.retention("while it is scheduled");
  }

  async retention(when: string): Promise<void> {
    const run = await runRetentionOnce(this.stack.db);
    log(`retention run ${when}: ${run.ran ? `${run.result.emailsDeleted} emails deleted` : "skipped (lock held)"}`);
  }

  /** Null when the email was sent and is still stored (delivered), else what is wrong. */
  async check(): Promise<string | null> {
    if (!this.id) return "never scheduled";
    const { rows } = await this.stack.db.pool.query(`SELECT status::text AS status FROM emails WHERE id = $1`, [this.id]);
    const status = (rows[0] as { status: string } | undefined)?.status;
    if (!status) return `${this.id} was deleted by retention`;
    return status === "delivered" ? null : `${this.id} is ${status}, not delivered`;
  }
}

async function runFaults(stack: Stack): Promise<{
  faults: FaultResult[];
  pressure: PressureReport[];
  outcome: Outcome;
  load: Load;
  settleMs: number;
  scheduledAcrossRetention: string | null;
}> {
  const load = new Load(stack);
  load.start();
  log(`load: ${RATE_PER_S} requests/s (every ${BATCH_EVERY}th a batch of ${BATCH_SIZE}) to ${RECIPIENTS.length} simulator scenarios`);
  const scheduled = new ScheduledAcrossRetention(stack);
  log("an email scheduled past its plan's retention age, due in 40 s; retention runs while it waits");
  await scheduled.schedule(40_000);
  await sleep(8_000);
  const faults: FaultResult[] = [];
  const pressure: PressureReport[] = [];
  const gap = () => sleep(6_000);

  for (const name of ["api", "ingest", "sender", "dispatcher", "dashboard"] as AppName[]) {
    log(`kill -9 ${name}, then restart it`);
    const at = Date.now();
    await stack.apps[name].crash();
    await sleep(1_000);
    await stack.apps[name].start();
    faults.push(await timeRecovery(stack, load, `kill -9 ${name}`, at));
    await gap();
  }

  log("FLUSHDB on Redis (every queued job and slot gone)");
  stack.redis.cli("FLUSHDB");
  faults.push(await timeRecovery(stack, load, "redis FLUSHDB", Date.now()));
  await gap();

  log("PostgreSQL: immediate stop, 3 s down, start");
  const pgAt = Date.now();
  await stack.pg.restart(3_000);
  faults.push(await timeRecovery(stack, load, "postgres restart", pgAt));
  await gap();

  for (let n = 1; n <= 5; n++) {
    log(`PostgreSQL restart ${n} of 5 in a row (immediate stop, 2 s down, start)`);
    const at = Date.now();
    await stack.pg.restart(2_000);
    faults.push(await timeRecovery(stack, load, `postgres restart ${n}/5`, at));
  }
  await scheduled.retention("after the restarts");
  await gap();

  log("kill -9 api with requests in flight");
  const apiAt = Date.now();
  const burst = Array.from({ length: 30 }, (_, i) => load.send(`${RECIPIENTS[i % RECIPIENTS.length]}+burst${i}@example.com`));
  await sleep(15);
  await stack.apps.api.crash();
  await Promise.allSettled(burst);
  await stack.apps.api.start();
  faults.push(await timeRecovery(stack, load, "kill -9 api mid-request", apiAt));
  await gap();

  pressure.push(await largeBodyBurst(stack.db, stack.apps.api, load, log));
  await gap();
  pressure.push(await signupFlood(stack.db, stack.apps.dashboard, stack.systemWorkspaceId, log));
  await gap();

  await load.stop();
  log(`load stopped: ${load.accepted} accepted (202), ${load.refused} refused, ${load.failed} failed to connect or answer`);
  const settleStart = Date.now();
  let outcome = await checkOutcome(stack.db, stack.fx.workspaceId, stack.receiver);
  while (!outcome.settled && Date.now() - settleStart < SETTLE_LIMIT_MS) {
    await sleep(2_000);
    outcome = await checkOutcome(stack.db, stack.fx.workspaceId, stack.receiver);
  }
  const settleMs = Date.now() - settleStart;
  log(`settled: ${outcome.settled} after ${(settleMs / 1000).toFixed(1)} s`);
  await scheduled.retention("after everything settled");
  const scheduledAcrossRetention = await scheduled.check();
  log(`scheduled email across retention runs: ${scheduledAcrossRetention ?? "sent, delivered and kept"}`);
  return { faults, pressure, outcome, load, settleMs, scheduledAcrossRetention };
}

/** The regions fault, on a stack of its own (SES in two regions rather than the simulator). */
async function regions(): Promise<number> {
  const report = await runRegions(log);
  console.log("\n== regions: the primary black-holed ==");
  console.log(JSON.stringify(report.figures, null, 2));
  for (const finding of report.findings.slice(0, 20)) console.log(`  finding: ${finding}`);
  console.log(`${report.ok ? "ok  " : "FAIL"} regions`);
  return report.ok ? 0 : 1;
}

async function main(): Promise<number> {
  if (mode === "regions") return regions();
  const failures = await simulatorStack();
  return mode === "all" ? failures + (await regions()) : failures;
}

async function simulatorStack(): Promise<number> {
  const stack = await startStack(log);
  let failures = 0;
  const cleanup = () => void stopStack(stack);
  process.once("SIGINT", cleanup);
  try {
    for (const [name, app] of Object.entries(stack.apps)) if (!app.running) throw new Error(`${name} is not running`);
    if (mode === "all" || mode === "faults") {
      const { faults, pressure, outcome, load, settleMs, scheduledAcrossRetention } = await runFaults(stack);
      console.log("\n== faults ==");
      console.table(
        faults.map((f) => ({
          fault: f.fault,
          "back (ms)": f.restartMs,
          "then first 202 (ms)": f.sendRecoveryMs ?? "never",
          "then first event (ms)": f.eventRecoveryMs ?? "never",
          "then first webhook (ms)": f.webhookRecoveryMs ?? "never",
        })),
      );
      console.log("== pressure ==");
      for (const report of pressure) console.log(`${report.ok ? "ok  " : "FAIL"} ${report.fault}: ${JSON.stringify(report.details)}`);
      if (pressure.some((report) => !report.ok)) failures += 1;
      console.log("== outcome ==");
      console.log(
        JSON.stringify(
          {
            sent: { accepted202: load.accepted, refused: load.refused, failed: load.failed },
            settleSeconds: Math.round(settleMs / 100) / 10,
            ...outcome.summary,
            invalidSignatures: stack.receiver.invalidSignatures,
          },
          null,
          2,
        ),
      );
      for (const example of outcome.examples.slice(0, 10)) console.log(`  e.g. ${example}`);
      const lossy =
        outcome.summary.lost +
        outcome.summary.duplicateEvents +
        outcome.summary.missingWebhookDeliveries +
        stack.receiver.invalidSignatures;
      if (lossy > 0) failures += 1;
      if (faults.some((f) => f.sendRecoveryMs === null || f.eventRecoveryMs === null || f.webhookRecoveryMs === null)) failures += 1;
      if (scheduledAcrossRetention !== null) failures += 1;
    }
    if (mode === "all" || mode === "bad-input") {
      const report: BadInputReport = await runBadInput(stack, log);
      console.log("\n== bad input ==");
      console.log(JSON.stringify(report.summary, null, 2));
      for (const example of report.examples.slice(0, 15)) console.log(`  e.g. ${example}`);
      if (!report.ok) failures += 1;
    }
    if (mode === "all" || mode === "attacks") {
      const reports = await runAttacks(stack, log);
      console.log("\n== attacks ==");
      for (const report of reports) console.log(`${report.ok ? "ok  " : "FAIL"} ${report.fault}: ${JSON.stringify(report.details)}`);
      if (reports.some((report) => !report.ok)) failures += 1;
    }
    // Every fault above is one the suite causes; an app that exited by itself is a finding.
    const exits = Object.values(stack.apps).flatMap((app) => app.unexpectedExits);
    console.log(`\n== exits the suite did not cause: ${exits.length} ==`);
    for (const exit of exits) console.log(exit);
    if (exits.length > 0) failures += 1;
  } finally {
    await stopStack(stack);
    log("stopped every process and removed the temporary directories");
  }
  return failures;
}

main().then(
  (failures) => {
    console.log(failures === 0 ? "\nchaos: PASS" : `\nchaos: FAIL (${failures} check(s) failed)`);
    process.exit(failures === 0 ? 0 : 1);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
