/**
 * Attacks on the edges added last: the MX receiver (a 1 GB DATA stream, 100 parallel 40 MB
 * messages), templates (a render bomb from one workspace while another sends), downloads (a burst
 * of raw inbound messages with a read-only key) and replays (a loop of wide ones). Each says what
 * it measured and whether it held: the attacker answered with codes that say why, the process
 * under attack within its memory budget, nothing lost, and the other workspace's p99 within 2×
 * its quiet value. `pnpm chaos attacks` runs them alone; sizes come from CHAOS_* variables
 * (listed in docs/reliability.md) so that a development run can be small.
 */
import { writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import {
  addInboundRoute,
  addReceivingDomain,
  createRenderPool,
  createTemplate,
  createWebhookSubscription,
  EVENT_TYPES,
  markReceivingDomainVerified,
  publishTemplate,
  SecretBox,
  sqlPool,
} from "@svc/core";
import { memoryOf } from "../bench/lib/processes.ts";
import { createWorkspaceFixture, type WorkspaceFixture } from "../test/support/fixtures.ts";
import type { AppProcess } from "./infra.ts";
import { duringAttack, LatencyProbe, type LatencyWindow } from "./latency.ts";
import { messageParts, sendData } from "./mx.ts";
import type { PressureReport } from "./pressure.ts";
import { INBOUND_MESSAGE_BUDGET_MB, type Stack } from "./stack.ts";

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const numberFrom = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/**
 * Memory budgets the attacks hold each process to (growth of the resident set's peak over its
 * level before the attack), with a margin for the process's own churn, as largeBodyBurst does.
 * inbound: the MX receiver's budget for messages in flight, as the stack sets it. api: its body
 * budget (API_BODY_MEMORY_BUDGET_MB's default), which downloads are charged to or stream under.
 */
export const MEMORY_BUDGETS = {
  inbound: { budgetMb: INBOUND_MESSAGE_BUDGET_MB, marginMb: 128 },
  api: { budgetMb: numberFrom("CHAOS_API_BUDGET_MB", 480), marginMb: 128 },
} as const;
/** Past the allowed growth by this much, an attack stops sending: the machine is shared. */
const GUARD_MB = numberFrom("CHAOS_GUARD_MB", 512);

const SIZES = {
  mxStreamMb: numberFrom("CHAOS_MX_STREAM_MB", 1024),
  mxParallel: numberFrom("CHAOS_MX_PARALLEL", 100),
  /** Under the receiver's 40 MiB limit with the headers, so that each one is takeable alone. */
  mxParallelMb: numberFrom("CHAOS_MX_PARALLEL_MB", 38),
  downloads: numberFrom("CHAOS_DOWNLOADS", 100),
  downloadMb: numberFrom("CHAOS_DOWNLOAD_MB", 35),
  bombEmails: numberFrom("CHAOS_BOMB_EMAILS", 100),
  bombRenderers: numberFrom("CHAOS_BOMB_RENDERERS", 4),
  attackSeconds: numberFrom("CHAOS_ATTACK_SECONDS", 20),
  quietSeconds: numberFrom("CHAOS_QUIET_SECONDS", 15),
  probeRate: numberFrom("CHAOS_PROBE_RATE", 20),
  replaySeed: numberFrom("CHAOS_REPLAY_SEED", 100),
  replayLoops: numberFrom("CHAOS_REPLAY_LOOPS", 8),
  /** Accepted replays after which the loop stops, whatever the server does: guards the machine. */
  replayMaxAccepted: numberFrom("CHAOS_REPLAY_MAX_ACCEPTED", 50),
};

/**
 * Samples a process's resident set every 50 ms from a clean peak (clear_refs): `tripped` once
 * its growth passes the allowed growth plus GUARD_MB, so that an attack can stop before it takes
 * the machine down with the process.
 */
class MemoryWatch {
  readonly beforeMb: number;
  tripped = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    readonly allowedGrowthMb: number,
  ) {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    this.beforeMb = memoryOf(pid).rss / MB;
    this.timer = setInterval(() => {
      try {
        if (memoryOf(pid).rss / MB - this.beforeMb > allowedGrowthMb + GUARD_MB) this.tripped = true;
      } catch {
        this.tripped = true; // the process is gone
      }
    }, 50);
  }

  stop(): { rssBeforeMb: number; peakRssMb: number; growthMb: number; allowedGrowthMb: number; guardTripped: boolean } {
    clearInterval(this.timer);
    let peakMb = Number.NaN;
    try {
      peakMb = memoryOf(this.pid).hwm / MB;
    } catch {
      // gone: NaN fails the comparison below
    }
    return {
      rssBeforeMb: Math.round(this.beforeMb),
      peakRssMb: Math.round(peakMb),
      growthMb: Math.round(peakMb - this.beforeMb),
      allowedGrowthMb: this.allowedGrowthMb,
      guardTripped: this.tripped,
    };
  }
}

function watch(app: AppProcess, budget: { budgetMb: number; marginMb: number }): MemoryWatch | null {
  const pid = app.appPid();
  return pid === null ? null : new MemoryWatch(pid, budget.budgetMb + budget.marginMb);
}

const withinBudget = (memory: ReturnType<MemoryWatch["stop"]>) => !memory.guardTripped && memory.growthMb <= memory.allowedGrowthMb;

interface InboundTarget {
  fx: WorkspaceFixture;
  /** A routed address of a verified receiving domain of `fx`'s workspace. */
  address: string;
}

const inboundTargets = new WeakMap<Stack, InboundTarget>();

/** A workspace of its own with a verified receiving domain and a `support@` route (made once per stack). */
export async function inboundTarget(stack: Stack): Promise<InboundTarget> {
  const known = inboundTargets.get(stack);
  if (known) return known;
  const fx = await createWorkspaceFixture(stack.db, { plan: "unlimited" });
  const added = await addReceivingDomain(
    stack.db.prisma,
    { workspaceId: fx.workspaceId, domain: `reply.${fx.domain}` },
    { mxHost: "mx.chaos.example", region: "us-east-1" },
  );
  await markReceivingDomainVerified(stack.db.prisma, added.id);
  await addInboundRoute(stack.db.prisma, { receivingDomainId: added.id, address: "support", workspaceId: fx.workspaceId });
  const target = { fx, address: `support@${added.domain}` };
  inboundTargets.set(stack, target);
  return target;
}

async function inboundRows(stack: Stack, workspaceId: string): Promise<number> {
  const { rows } = await stack.db.pool.query(`SELECT count(*)::int AS n FROM inbound_emails WHERE "workspaceId" = $1`, [workspaceId]);
  return (rows[0] as { n: number }).n;
}

/** The inbound ids a 250 names (`2.0.0 Ok: stored as inb_… inb_…`). */
const storedIds = (text: string) => /stored as ((?:\S+ ?)+)/.exec(text)?.[1]?.trim().split(/\s+/) ?? [];

/**
 * One connection streams a DATA body of CHAOS_MX_STREAM_MB (1 GB) to a routed address, written
 * in 1 MB chunks as fast as the socket takes them, stopping as soon as the server answers or
 * hangs up. Holds when the answer is 552 (or another 5xx), nothing is stored, and the receiver's
 * peak RSS grows by less than its budget plus margin.
 */
export async function mxStream(stack: Stack, log: (message: string) => void): Promise<PressureReport> {
  const fault = `MX DATA stream of ${SIZES.mxStreamMb} MB`;
  const target = await inboundTarget(stack);
  const memory = watch(stack.apps.inbound, MEMORY_BUDGETS.inbound);
  if (!memory) return { fault, ok: false, details: { error: "inbound is not running" } };
  log(`${fault} to ${target.address}`);
  const rowsBefore = await inboundRows(stack, target.fx.workspaceId);
  const { head, chunk } = messageParts(target.address, "stranger@attacker.chaos.example");
  const started = Date.now();
  const outcome = await sendData(stack.inboundSmtpPort, {
    from: "stranger@attacker.chaos.example",
    to: target.address,
    head,
    chunk,
    totalBytes: SIZES.mxStreamMb * MB,
    abort: () => memory.tripped,
  });
  const seconds = (Date.now() - started) / 1000;
  const measured = memory.stop();
  const stored = (await inboundRows(stack, target.fx.workspaceId)) - rowsBefore;
  const details = {
    reply: outcome.reply?.text.slice(0, 120) ?? (outcome.refusedBefore ? `refused before DATA: ${outcome.refusedBefore.text}` : "none"),
    mbWritten: Math.round(outcome.bytesWritten / MB),
    answeredEarly: outcome.answeredEarly,
    seconds: Math.round(seconds * 10) / 10,
    stored,
    ...measured,
    inboundRunning: stack.apps.inbound.running,
  };
  const code = outcome.reply?.code ?? 0;
  const ok = code >= 500 && code < 600 && stored === 0 && withinBudget(measured) && stack.apps.inbound.running;
  log(`  ${fault}: ${JSON.stringify(details)}`);
  return { fault, ok, details };
}

/**
 * CHAOS_MX_PARALLEL (100) connections each send a CHAOS_MX_PARALLEL_MB (38 MB) message to the
 * routed address at once. Holds when every message is answered: 250 naming stored rows that
 * exist, or 451 4.3.1 (the receiver's budget is full: the client retries) or 552; none closed
 * without an answer or answered otherwise; the rows stored are exactly the 250s'; and the
 * receiver's peak RSS grows by less than its budget plus margin.
 */
export async function mxParallel(stack: Stack, log: (message: string) => void): Promise<PressureReport> {
  const fault = `${SIZES.mxParallel} parallel ${SIZES.mxParallelMb} MB messages to the MX`;
  const target = await inboundTarget(stack);
  const memory = watch(stack.apps.inbound, MEMORY_BUDGETS.inbound);
  if (!memory) return { fault, ok: false, details: { error: "inbound is not running" } };
  log(fault);
  const rowsBefore = await inboundRows(stack, target.fx.workspaceId);
  const started = Date.now();
  const outcomes = await Promise.all(
    Array.from({ length: SIZES.mxParallel }, () => {
      const { head, chunk } = messageParts(target.address, "sender@customer.chaos.example");
      return sendData(stack.inboundSmtpPort, {
        from: "sender@customer.chaos.example",
        to: target.address,
        head,
        chunk,
        totalBytes: SIZES.mxParallelMb * MB,
        abort: () => memory.tripped,
      });
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const measured = memory.stop();
  const answers: Record<string, number> = {};
  const ids: string[] = [];
  const others: string[] = [];
  for (const outcome of outcomes) {
    const reply = outcome.reply ?? outcome.refusedBefore;
    const kind =
      reply === null
        ? "no answer"
        : reply.code === 451 && reply.text.includes("4.3.1")
          ? "451 4.3.1"
          : reply.code === 552 || reply.code === 250
            ? String(reply.code)
            : `${reply.code} other`;
    answers[kind] = (answers[kind] ?? 0) + 1;
    if (reply?.code === 250) ids.push(...storedIds(reply.text));
    else if (!["451 4.3.1", "552"].includes(kind) && others.length < 3)
      others.push(reply?.text.slice(0, 120) ?? "closed without an answer");
  }
  const { rows } = await stack.db.pool.query(`SELECT count(*)::int AS n FROM inbound_emails WHERE id = ANY($1)`, [ids]);
  const withRow = (rows[0] as { n: number }).n;
  const stored = (await inboundRows(stack, target.fx.workspaceId)) - rowsBefore;
  const accepted = answers["250"] ?? 0;
  const details = {
    answers,
    acceptedWithRow: `${withRow}/${ids.length}`,
    rowsStored: stored,
    ...(others.length > 0 ? { otherAnswers: others } : {}),
    seconds: Math.round(seconds * 10) / 10,
    ...measured,
    inboundRunning: stack.apps.inbound.running,
  };
  const ok =
    accepted > 0 &&
    accepted + (answers["451 4.3.1"] ?? 0) + (answers["552"] ?? 0) === outcomes.length &&
    withRow === ids.length &&
    ids.length === accepted &&
    stored === accepted &&
    withinBudget(measured) &&
    stack.apps.inbound.running;
  log(`  ${fault}: ${JSON.stringify(details)}`);
  return { fault, ok, details };
}

/** GET with a key, the body read and thrown away as it comes: status, bytes, a `code` from a JSON error body, Retry-After. */
function download(
  url: string,
  key: string,
  abort: () => boolean,
): Promise<{ status: number; bytes: number; code: string | null; retryAfter: string | undefined }> {
  return new Promise((resolve) => {
    const req = request(url, { headers: { authorization: `Bearer ${key}` }, timeout: 120_000 }, (res) => {
      let bytes = 0;
      let head = "";
      const timer = setInterval(() => abort() && req.destroy(), 50);
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (head.length < 2000) head += chunk.toString("utf8", 0, Math.min(chunk.length, 2000));
      });
      const done = () => {
        clearInterval(timer);
        let code: string | null = null;
        if (res.statusCode !== 200) {
          try {
            code = (JSON.parse(head) as { code?: string }).code ?? null;
          } catch {
            code = null;
          }
        }
        resolve({ status: res.statusCode ?? 0, bytes, code, retryAfter: res.headers["retry-after"] as string | undefined });
      };
      res.on("end", done);
      res.on("error", () => resolve({ status: 0, bytes, code: null, retryAfter: undefined }));
    });
    req.on("error", () => resolve({ status: 0, bytes: 0, code: null, retryAfter: undefined }));
    req.on("timeout", () => req.destroy());
    req.end();
  });
}

/**
 * A CHAOS_DOWNLOAD_MB (35 MB) message is received through the MX, then CHAOS_DOWNLOADS (100)
 * concurrent GET /inbound/{id}/raw with a read-only key. Holds when every answer is a whole 200
 * or a 503/429 with a `code`, none 5xx otherwise nor unanswered, and the api's peak RSS grows
 * by less than its budget plus margin.
 */
export async function downloadBurst(stack: Stack, log: (message: string) => void): Promise<PressureReport> {
  const fault = `${SIZES.downloads} concurrent raw downloads of a ${SIZES.downloadMb} MB inbound message`;
  const target = await inboundTarget(stack);
  // Stored as a client would: tried again after a 4xx (the receiver may still be freeing an earlier attack's memory).
  let stored: Awaited<ReturnType<typeof sendData>> | null = null;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const { head, chunk } = messageParts(target.address, "sender@customer.chaos.example");
    stored = await sendData(stack.inboundSmtpPort, {
      from: "sender@customer.chaos.example",
      to: target.address,
      head,
      chunk,
      totalBytes: SIZES.downloadMb * MB,
    });
    if (stored.reply?.code === 250 || (stored.reply && stored.reply.code >= 500)) break;
    await sleep(5_000);
  }
  const [id] = stored?.reply?.code === 250 ? storedIds(stored.reply.text) : [];
  if (!stored || !id) {
    const error = `the message was not stored: ${stored?.reply?.text ?? "no answer"}`;
    log(`  ${fault}: ${error}; the receiver's last output:\n${stack.apps.inbound.output.slice(-1500)}`);
    return { fault, ok: false, details: { error } };
  }
  const memory = watch(stack.apps.api, MEMORY_BUDGETS.api);
  if (!memory) return { fault, ok: false, details: { error: "the api is not running" } };
  log(`${fault} (${id}), read-only key`);
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: SIZES.downloads }, () =>
      download(`${stack.apps.api.url}/inbound/${id}/raw`, target.fx.keys["read-only"], () => memory.tripped),
    ),
  );
  const seconds = (Date.now() - started) / 1000;
  const measured = memory.stop();
  const byStatus: Record<number, number> = {};
  for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
  const whole = answers.filter((a) => a.status === 200 && a.bytes >= stored.bytesWritten).length;
  const refused = answers.filter((a) => a.status === 503 || a.status === 429);
  const codes: Record<string, number> = {};
  for (const answer of refused) codes[answer.code ?? "(none)"] = (codes[answer.code ?? "(none)"] ?? 0) + 1;
  const details = {
    byStatus,
    whole200: whole,
    refusedCodes: codes,
    refusedWithRetryAfter: refused.filter((a) => a.retryAfter !== undefined).length,
    messageMb: Math.round(stored.bytesWritten / MB),
    seconds: Math.round(seconds * 10) / 10,
    ...measured,
  };
  const ok =
    whole > 0 &&
    whole + refused.length === answers.length &&
    refused.every((a) => a.code !== null) &&
    withinBudget(measured) &&
    stack.apps.api.running;
  log(`  ${fault}: ${JSON.stringify(details)}`);
  return { fault, ok, details };
}

/** Nested loops no render finishes: every pass of the engine runs until a limit stops it. */
const BOMB = {
  name: "Bomb",
  alias: "bomb",
  subject: "bomb",
  html: "{% for a in (1..1000) %}{% for b in (1..1000) %}{% for c in (1..1000) %}<b>{{ c }}</b>{% endfor %}{% endfor %}{% endfor %}",
  text: null,
};

const headersFor = (key: string) => ({ authorization: `Bearer ${key}`, "content-type": "application/json" });

async function post(
  url: string,
  key: string,
  body: unknown,
): Promise<{ status: number; code: string | null; retryAfter: string | null; text: string }> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: headersFor(key),
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let code: string | null = null;
    try {
      code = (JSON.parse(text) as { code?: string }).code ?? null;
    } catch {
      code = null;
    }
    return { status: response.status, code, retryAfter: response.headers.get("retry-after"), text };
  } catch {
    return { status: 0, code: null, retryAfter: null, text: "" };
  }
}

const count = <T>(items: T[], key: (item: T) => string) => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

const latencyDetails = (quiet: LatencyWindow, during: LatencyWindow, limits: { acceptMs: number; webhookMs: number }) => ({
  otherWorkspace: {
    acceptP99Ms: { quiet: quiet.acceptP99Ms, during: during.acceptP99Ms, informative2x: limits.acceptMs },
    webhookP99Ms: { quiet: quiet.webhookP99Ms, during: during.webhookP99Ms, limit: limits.webhookMs },
    sentDuring: during.sent,
    notAcceptedDuring: during.notAccepted,
    withoutWebhookDuring: during.withoutWebhook,
  },
});

/**
 * One workspace publishes a template no render finishes, sends it CHAOS_BOMB_EMAILS (100) times
 * spread over the attack and renders it through POST /templates/{id}/render with a read-only key
 * from CHAOS_BOMB_RENDERERS (4) loops, while the main workspace's probe sends. Holds when every
 * bomb email ends `failed` with a rendering_failed event (or is refused with a 4xx and a code),
 * every render answer is a 4xx with a code (429 with Retry-After), and the other workspace's
 * p99 from request to first webhook stays within 2× its quiet value.
 */
/** Creates and publishes a template as the API would, with a render pool of its own for the draft's parse. */
export async function createPublishedTemplate(db: Stack["db"], workspaceId: string, body: unknown): Promise<{ id: string }> {
  const renderPool = createRenderPool({ threads: 1 });
  try {
    const pool = sqlPool(db);
    const template = await createTemplate(pool, renderPool, workspaceId, body);
    await publishTemplate(pool, workspaceId, template.id, {});
    return template;
  } finally {
    await renderPool.close();
  }
}

export async function renderBomb(stack: Stack, probe: LatencyProbe, log: (message: string) => void): Promise<PressureReport> {
  const fault = "render bomb";
  const fx = await createWorkspaceFixture(stack.db, { plan: "unlimited" });
  const template = await createPublishedTemplate(stack.db, fx.workspaceId, BOMB);
  log(
    `render bomb: ${SIZES.bombEmails} sends and ${SIZES.bombRenderers} render loops for ${SIZES.attackSeconds} s, after ${SIZES.quietSeconds} s quiet`,
  );
  const api = stack.apps.api.url;
  const { result, quiet, during, withinLimit, limits } = await duringAttack(probe, SIZES.quietSeconds * 1000, async () => {
    const end = Date.now() + SIZES.attackSeconds * 1000;
    const renders: Array<Awaited<ReturnType<typeof post>>> = [];
    const loops = Array.from({ length: SIZES.bombRenderers }, async () => {
      while (Date.now() < end) {
        const answer = await post(`${api}/templates/${template.id}/render`, fx.keys["read-only"], {});
        renders.push(answer);
        if (answer.status === 429) await sleep(Math.min(1000, Number(answer.retryAfter ?? 1) * 1000));
      }
    });
    // Each send at its time, not after the previous answer: a stalled api must not slow the attacker down.
    const gapMs = (SIZES.attackSeconds * 1000) / Math.max(1, SIZES.bombEmails);
    const sending = Promise.all(
      Array.from({ length: SIZES.bombEmails }, async (_, n) => {
        await sleep(n * gapMs);
        return post(`${api}/emails`, fx.keys["full-access"], {
          from: `Bomb <bomb@${fx.domain}>`,
          to: [`someone+bomb${n}@example.com`],
          template: { id: template.id, variables: {} },
        });
      }),
    );
    const [sends] = await Promise.all([sending, ...loops]);
    return { renders, sends };
  });
  const ids = result.sends.filter((s) => s.status === 202).map((s) => (JSON.parse(s.text) as { id: string }).id);
  // The bombs the sender still has to get through: it has until then to fail them all.
  const deadline = Date.now() + 180_000;
  let settled: Array<{ status: string; failed_by_render: boolean }> = [];
  for (;;) {
    const { rows } = await stack.db.pool.query(
      `SELECT e.status::text AS status,
              EXISTS (SELECT 1 FROM email_events ev WHERE ev."emailId" = e.id AND ev.type::text = 'rendering_failed') AS failed_by_render
         FROM emails e WHERE e.id = ANY($1)`,
      [ids],
    );
    settled = rows as typeof settled;
    if (settled.every((r) => r.status === "failed") || Date.now() > deadline) break;
    await sleep(1000);
  }
  const refusedSends = result.sends.filter((s) => s.status !== 202);
  const details = {
    sends: count(result.sends, (s) => `${s.status}${s.code ? ` ${s.code}` : ""}`),
    bombEmails: count(settled, (r) => `${r.status}${r.failed_by_render ? " (rendering_failed)" : ""}`),
    renderAnswers: count(result.renders, (r) => `${r.status}${r.code ? ` ${r.code}` : ""}`),
    renders429WithRetryAfter: `${result.renders.filter((r) => r.status === 429 && r.retryAfter !== null).length}/${result.renders.filter((r) => r.status === 429).length}`,
    ...latencyDetails(quiet, during, limits),
  };
  const ok =
    settled.length === ids.length &&
    settled.every((r) => r.status === "failed" && r.failed_by_render) &&
    refusedSends.every((s) => s.status >= 400 && s.status < 500 && s.code !== null) &&
    result.renders.length > 0 &&
    result.renders.every((r) => r.status >= 400 && r.status < 500 && r.code !== null && (r.status !== 429 || r.retryAfter !== null)) &&
    withinLimit;
  log(`  ${fault}: ${JSON.stringify(details)}`);
  return { fault, ok, details };
}

/** A webhook endpoint that takes everything (the attacker's own). */
async function startSink(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received += 1;
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`,
    received: () => received,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/**
 * One workspace with CHAOS_REPLAY_SEED (100) emails' deliveries behind it replays its whole
 * history (a range replay at 100/s) from CHAOS_REPLAY_LOOPS (8) loops for the attack's length
 * (taking at most CHAOS_REPLAY_MAX_ACCEPTED, 50, replays: the deliveries they pace out are the
 * load on the dispatchers), while the main workspace's probe sends. Holds when the loop is refused past the caps (409 for a second active replay, 429 with
 * Retry-After for the daily quota, each with a code), nothing answers 5xx, and the other
 * workspace's webhook p99 stays within 2× its quiet value.
 */
export async function replayLoop(stack: Stack, probe: LatencyProbe, log: (message: string) => void): Promise<PressureReport> {
  const fault = "replay loop";
  const fx = await createWorkspaceFixture(stack.db, { plan: "unlimited" });
  const sink = await startSink();
  try {
    const subscription = await createWebhookSubscription(
      stack.db.prisma,
      new SecretBox(stack.webhookSecretKey),
      { workspaceId: fx.workspaceId, url: sink.url, events: [...EVENT_TYPES] },
      { allowPrivate: true },
    );
    const since = new Date(Date.now() - 60_000).toISOString();
    const api = stack.apps.api.url;
    for (let start = 0; start < SIZES.replaySeed; start += 50) {
      const batch = Array.from({ length: Math.min(50, SIZES.replaySeed - start) }, (_, i) => ({
        from: `Replay <replay@${fx.domain}>`,
        to: [`someone+replay${start + i}@example.com`],
        subject: "to be replayed",
        text: "hi",
      }));
      await post(`${api}/emails/batch`, fx.keys["full-access"], batch);
    }
    // The seed's deliveries done (two events an email: sent, delivered), or a minute.
    const seedDeadline = Date.now() + 60_000;
    while (sink.received() < SIZES.replaySeed * 2 && Date.now() < seedDeadline) await sleep(500);
    log(
      `replay loop: ${sink.received()} deliveries to replay; ${SIZES.replayLoops} loops of range replays for ${SIZES.attackSeconds} s, after ${SIZES.quietSeconds} s quiet`,
    );
    const { result, quiet, during, withinLimit, limits } = await duringAttack(probe, SIZES.quietSeconds * 1000, async () => {
      const end = Date.now() + SIZES.attackSeconds * 1000;
      const answers: Array<Awaited<ReturnType<typeof post>>> = [];
      let accepted = 0;
      await Promise.all(
        Array.from({ length: SIZES.replayLoops }, async () => {
          while (Date.now() < end) {
            if (accepted >= SIZES.replayMaxAccepted) {
              await sleep(100);
              continue;
            }
            const answer = await post(`${api}/webhooks/${subscription.id}/replays`, fx.keys["full-access"], {
              kind: "range",
              since,
              until: new Date(Date.now() + 3_600_000).toISOString(),
              perSecond: 100,
            });
            answers.push(answer);
            if (answer.status === 202) accepted += 1;
            // An attacker does not wait for Retry-After; a short pause keeps the loop from spinning on the suite's CPU.
            else await sleep(50);
          }
        }),
      );
      return answers;
    });
    // Whatever is still paced to go out stops here (disabling fails the pending deliveries).
    await fetch(`${api}/webhooks/${subscription.id}`, {
      method: "PATCH",
      headers: headersFor(fx.keys["full-access"]),
      body: JSON.stringify({ isActive: false }),
    }).then((r) => r.body?.cancel());
    const accepted = result.filter((a) => a.status === 202).length;
    const refused = result.filter((a) => a.status === 409 || a.status === 429);
    const details = {
      answers: count(result, (a) => `${a.status}${a.code ? ` ${a.code}` : ""}`),
      refused429WithRetryAfter: `${refused.filter((a) => a.status === 429 && a.retryAfter !== null).length}/${refused.filter((a) => a.status === 429).length}`,
      replayedToAttacker: sink.received(),
      ...latencyDetails(quiet, during, limits),
    };
    const ok =
      accepted > 0 &&
      refused.length > 0 &&
      accepted + refused.length === result.length &&
      refused.every((a) => a.code !== null && (a.status !== 429 || a.retryAfter !== null)) &&
      withinLimit;
    log(`  ${fault}: ${JSON.stringify(details)}`);
    return { fault, ok, details };
  } finally {
    await sink.close();
  }
}

/** Every attack in turn, each alone; the latency probe runs throughout (for the two that compare with it). */
/** The api's body budget in use, as its metrics say (a leak there refuses every send of the workspace holding it). */
async function bodyBytesHeld(stack: Stack): Promise<string> {
  try {
    const text = await (await fetch(`${stack.apps.api.url}/metrics`)).text();
    return (
      text
        .split("\n")
        .find((line) => line.startsWith("svc_api_body_budget_held_bytes"))
        ?.split(" ")
        .pop() ?? "unknown"
    );
  } catch {
    return "unknown";
  }
}

export async function runAttacks(stack: Stack, log: (message: string) => void): Promise<PressureReport[]> {
  const only = (process.env.CHAOS_ATTACKS ?? "mx-stream,mx-parallel,downloads,render-bomb,replays").split(",").map((s) => s.trim());
  const reports: PressureReport[] = [];
  const probe = new LatencyProbe(stack, SIZES.probeRate);
  probe.start();
  log(`attacks: ${only.join(", ")}; the main workspace sends ${SIZES.probeRate}/s throughout (its latency probe)`);
  try {
    const steps: Array<[string, () => Promise<PressureReport>]> = [
      ["mx-stream", () => mxStream(stack, log)],
      ["mx-parallel", () => mxParallel(stack, log)],
      ["downloads", () => downloadBurst(stack, log)],
      ["render-bomb", () => renderBomb(stack, probe, log)],
      ["replays", () => replayLoop(stack, probe, log)],
    ];
    for (const [name, run] of steps) {
      if (!only.includes(name)) continue;
      log(`before ${name}: the api holds ${await bodyBytesHeld(stack)} body bytes`);
      reports.push(await run().catch((error: unknown) => ({ fault: name, ok: false, details: { error: String(error) } })));
      await sleep(3_000);
    }
  } finally {
    await probe.stop();
  }
  return reports;
}
