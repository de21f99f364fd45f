/**
 * The soak (`pnpm soak`, not in CI): the chaos stack under a steady mixed load for a long time,
 * to see whether any process grows. The main workspace sends SOAK_RATE emails a second (every
 * fourth by template), the MX receiver takes SOAK_INBOUND_PER_S messages a second, and every
 * minute the main subscription replays its last seconds of deliveries. Every 10 s each app's
 * resident set is sampled; after the warm-up (a third of the run, at most 5 minutes) its slope is
 * fitted by least squares and stated in MB per hour, next to the p99 of each minute (request →
 * 202, and request → first webhook). Prints tables and writes the whole to
 * chaos/results/soak-<time>.json. It reports; it fails (exit 1) only on an absurd slope over a
 * long enough run, or when the load could not run at all.
 *
 *   pnpm soak                                   30 minutes at 150 emails/s
 *   SOAK_MINUTES=3 SOAK_RATE=20 pnpm soak       a short one
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { memoryOf } from "../bench/lib/processes.ts";
import { createPublishedTemplate, inboundTarget } from "./attacks.ts";
import { checkOutcome } from "./check.ts";
import { type AppName, ROOT } from "./infra.ts";
import { LatencyProbe } from "./latency.ts";
import { messageParts, sendData } from "./mx.ts";
import { startStack, stopStack } from "./stack.ts";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
/**
 * About half the pipeline benchmark's saturated rate (336 emails/s on the two-core machine of
 * BENCHMARKS.md, 168/s its half-rate point), rounded down for the inbound, template and replay
 * work mixed in here and the two apps (dashboard, inbound) the benchmark does not run.
 */
const RATE = Number(process.env.SOAK_RATE ?? 150);
const INBOUND_PER_S = Number(process.env.SOAK_INBOUND_PER_S ?? 2);
const INBOUND_KB = Number(process.env.SOAK_INBOUND_KB ?? 50);
const SAMPLE_MS = 10_000;
const WARMUP_MS = Math.min(5 * 60_000, (MINUTES * 60_000) / 3);
/** A slope this steep over at least ABSURD_AFTER_MS after warm-up is a leak, not noise. */
const ABSURD_MB_PER_HOUR = 500;
const ABSURD_AFTER_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started = Date.now();
const log = (message: string) => console.log(`[soak ${((Date.now() - started) / 1000).toFixed(1).padStart(7)}s] ${message}`);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx === 0 ? Number.NaN : sxy / sxx;
}

async function main(): Promise<number> {
  const stack = await startStack(log);
  process.once("SIGINT", () => void stopStack(stack).then(() => process.exit(130)));
  try {
    const { fx, db, apps } = stack;
    await createPublishedTemplate(db, fx.workspaceId, {
      name: "Receipt",
      alias: "receipt",
      subject: "Your receipt #{{ n }}",
      html: "<p>Hello,</p>{% for line in lines %}<p>{{ line }}</p>{% endfor %}<p>Order #{{ n }}.</p>",
      variables: [
        { name: "n", type: "number" },
        { name: "lines", type: "list" },
      ],
    });
    const target = await inboundTarget(stack);

    const probe = new LatencyProbe(stack, RATE, (n) =>
      n % 4 === 3
        ? {
            from: `Soak <soak@${fx.domain}>`,
            to: [`someone+soak${n}@example.com`],
            template: { alias: "receipt", variables: { n, lines: ["one widget", "two gadgets", "shipping"] } },
          }
        : { from: `Soak <soak@${fx.domain}>`, to: [`someone+soak${n}@example.com`], subject: `soak ${n}`, text: "hi", html: "<p>hi</p>" },
    );
    const names = Object.keys(apps) as AppName[];
    const rss: Record<string, Array<[number, number]>> = Object.fromEntries(names.map((name) => [name, []]));
    const inbound: Record<string, number> = {};
    const replays: Record<string, number> = {};
    const durationMs = MINUTES * 60_000;
    log(
      `soak: ${MINUTES} min, ${RATE} emails/s (every 4th templated), ${INBOUND_PER_S} inbound ${INBOUND_KB} KB messages/s, a replay a minute; RSS every ${SAMPLE_MS / 1000} s, warm-up ${round(WARMUP_MS / 60_000)} min`,
    );
    const loadStart = Date.now();
    const end = loadStart + durationMs;
    probe.start();

    const sampling = (async () => {
      while (Date.now() < end) {
        const at = Date.now() - loadStart;
        for (const name of names) {
          const pid = apps[name].appPid();
          if (pid !== null) rss[name]!.push([at, memoryOf(pid).rss / 1024 / 1024]);
        }
        await sleep(SAMPLE_MS);
      }
    })();

    const receiving = (async () => {
      const inFlight = new Set<Promise<void>>();
      while (Date.now() < end) {
        // A Message-ID of its own each: the same message twice is one message.
        const { head, chunk } = messageParts(target.address, "customer@customer.chaos.example");
        const work = sendData(stack.inboundSmtpPort, {
          from: "customer@customer.chaos.example",
          to: target.address,
          head,
          chunk,
          totalBytes: INBOUND_KB * 1024,
        }).then((outcome) => {
          const key = String(outcome.reply?.code ?? outcome.refusedBefore?.code ?? "no answer");
          inbound[key] = (inbound[key] ?? 0) + 1;
        });
        inFlight.add(work);
        void work.finally(() => inFlight.delete(work));
        await sleep(1000 / INBOUND_PER_S);
      }
      await Promise.allSettled([...inFlight]);
    })();

    const replaying = (async () => {
      const untilNext = () => sleep(Math.max(0, Math.min(60_000, end - Date.now())));
      for (await untilNext(); Date.now() < end; await untilNext()) {
        const now = Date.now();
        const response = await fetch(`${apps.api.url}/webhooks/${stack.subscriptionId}/replays`, {
          method: "POST",
          headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
          body: JSON.stringify({
            kind: "range",
            since: new Date(now - 10_000).toISOString(),
            until: new Date(now - 5_000).toISOString(),
            perSecond: 100,
          }),
        }).catch(() => null);
        const key = String(response?.status ?? "no answer");
        await response?.body?.cancel();
        replays[key] = (replays[key] ?? 0) + 1;
      }
    })();

    for (let minute = 1; Date.now() < end; minute++) {
      await sleep(Math.max(0, Math.min(end, loadStart + minute * 60_000) - Date.now()));
      const samples = probe.sentSoFar();
      log(`minute ${minute}: ${samples} emails sent so far; inbound ${JSON.stringify(inbound)}; replays ${JSON.stringify(replays)}`);
    }
    await probe.stop();
    await Promise.all([sampling, receiving, replaying]);
    log("load stopped; waiting for the last webhooks");

    const minutes = [];
    for (let m = 0; m * 60_000 < durationMs; m++) {
      const window = await probe.window(loadStart + m * 60_000, Math.min(end, loadStart + (m + 1) * 60_000), m === 0 ? 60_000 : 5_000);
      minutes.push({ minute: m + 1, ...window });
    }
    const processes = names.map((name) => {
      const points = rss[name]!;
      const after = points.filter(([at]) => at >= WARMUP_MS);
      const mbPerHour = slope(after.map(([at, mb]) => [at / 3_600_000, mb]));
      const spanMs = after.length > 1 ? after[after.length - 1]![0] - after[0]![0] : 0;
      return {
        process: name,
        samples: points.length,
        firstMb: round(points[0]?.[1] ?? Number.NaN),
        afterWarmupMb: round(after[0]?.[1] ?? Number.NaN),
        lastMb: round(points[points.length - 1]?.[1] ?? Number.NaN),
        peakMb: round(Math.max(...points.map(([, mb]) => mb))),
        slopeMbPerHour: round(mbPerHour),
        absurd: spanMs >= ABSURD_AFTER_MS && mbPerHour > ABSURD_MB_PER_HOUR,
      };
    });
    let outcome = await checkOutcome(db, fx.workspaceId, stack.receiver);
    for (const settleEnd = Date.now() + 120_000; !outcome.settled && Date.now() < settleEnd; ) {
      await sleep(2_000);
      outcome = await checkOutcome(db, fx.workspaceId, stack.receiver);
    }
    const exits = Object.values(apps).flatMap((app) => app.unexpectedExits);

    console.log("\n== RSS per process (MB; slope after warm-up, least squares) ==");
    console.table(processes);
    console.log("== p99 per minute (ms; request → 202, request → first webhook) ==");
    console.table(
      minutes.map((m) => ({
        minute: m.minute,
        sent: m.sent,
        accepted: m.accepted,
        notAccepted: JSON.stringify(m.notAccepted),
        acceptP99: m.acceptP99Ms,
        webhookP50: m.webhookP50Ms,
        webhookP99: m.webhookP99Ms,
        withoutWebhook: m.withoutWebhook,
      })),
    );
    console.log(`inbound answers ${JSON.stringify(inbound)}; replay answers ${JSON.stringify(replays)}`);
    console.log(`outcome (main workspace, after up to 120 s of settling): ${JSON.stringify(outcome.summary)}`);
    console.log(`exits the soak did not cause: ${exits.length}`);
    for (const exit of exits) console.log(exit);

    const dir = path.join(ROOT, "chaos/results");
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `soak-${new Date(started).toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          startedAt: new Date(started).toISOString(),
          minutes: MINUTES,
          ratePerS: RATE,
          inboundPerS: INBOUND_PER_S,
          inboundKb: INBOUND_KB,
          warmupMinutes: round(WARMUP_MS / 60_000),
          processes,
          rssSamples: rss,
          perMinute: minutes,
          inbound,
          replays,
          outcome: outcome.summary,
          unexpectedExits: exits,
        },
        null,
        2,
      ),
    );
    log(`wrote ${path.relative(ROOT, file)}`);
    const sent = minutes.reduce((s, m) => s + m.accepted, 0);
    return processes.some((p) => p.absurd) || exits.length > 0 || sent === 0 ? 1 : 0;
  } finally {
    await stopStack(stack);
    log("stopped every process and removed the temporary directories");
  }
}

main().then(
  (code) => {
    console.log(code === 0 ? "\nsoak: done" : "\nsoak: FAIL (an absurd RSS slope, an exit, or no load)");
    process.exit(code);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
