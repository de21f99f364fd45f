/**
 * `pnpm chaos regions`: SES in two regions, each an aws-local process of its own, under steady
 * load from a workspace that may fail over and one pinned to the primary, while the primary is
 * black-holed (it takes connections and never answers) for a minute. Checked afterwards, from
 * Postgres, the sender's circuit and what each region's SES took (counted by email id):
 *
 * - nothing lost (every accepted email delivered, with its events) and nothing sent twice (each
 *   email taken by one region once);
 * - the failover workspace's mail goes through the second region once the primary's circuit is
 *   open; an email whose handoff's outcome was unknown waits (SES_UNKNOWN_OUTCOME_WAIT_MS) before
 *   it moves, as docs/decisions/0002-region-failover.md says;
 * - the pinned workspace's mail waits, saying why (region_unavailable or handoff_unknown), never
 *   leaves its region, and goes once the region returns.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { setWorkspaceRegions } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { EMAIL_ID_TAG } from "@svc/providers";
import { createProducerConnection, Producer, sendQueueFacts } from "@svc/queues";
import { type AwsLocalProcess, startAwsLocalProcess } from "../test/support/awsLocalProcess.ts";
import { createWorkspaceFixture, type WorkspaceFixture } from "../test/support/fixtures.ts";
import { checkOutcome } from "./check.ts";
import { ROOT } from "./infra.ts";
import { type Stack, startStack, stopStack } from "./stack.ts";

const PRIMARY = "eu-west-1";
const SECOND = "us-east-1";
const RATE_PER_S = Number(process.env.CHAOS_REGIONS_RATE ?? 60);
const BLACKHOLE_MS = Number(process.env.CHAOS_REGIONS_BLACKHOLE_MS ?? 60_000);
const BEFORE_MS = 10_000;
const AFTER_MS = 15_000;
const SETTLE_LIMIT_MS = 180_000;
/** Short enough for the run to see emails whose outcome was unknown move; the rule is the same at 10 minutes. */
const UNKNOWN_WAIT_MS = 20_000;
/** Past the answers of a loaded aws-local (a shared two-core machine), short beside the fault. */
const REQUEST_TIMEOUT_MS = 5_000;
const VALID_WAITS = new Set(["region_unavailable", "handoff_unknown"]);
const CREDENTIALS = { AWS_ACCESS_KEY_ID: "AKIDCHAOSLOCAL", AWS_SECRET_ACCESS_KEY: "chaos-local-secret" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RegionsReport {
  ok: boolean;
  figures: Record<string, unknown>;
  findings: string[];
}

interface Posted {
  id: string;
  workspace: "failover" | "pinned";
}

/** POST /emails at a steady rate, alternating between the two workspaces. */
class AlternatingLoad {
  readonly posted: Posted[] = [];
  refused = 0;
  failed = 0;
  private timer: NodeJS.Timeout | null = null;
  private count = 0;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly apiUrl: string,
    private readonly workspaces: Record<Posted["workspace"], WorkspaceFixture>,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      const work = this.post().finally(() => this.inFlight.delete(work));
      this.inFlight.add(work);
    }, 1000 / RATE_PER_S);
  }

  private async post(): Promise<void> {
    const n = this.count++;
    const workspace = n % 2 === 0 ? "failover" : "pinned";
    const fx = this.workspaces[workspace];
    try {
      const response = await fetch(`${this.apiUrl}/emails`, {
        method: "POST",
        headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
        body: JSON.stringify({ from: `Chaos <load@${fx.domain}>`, to: [`someone+r${n}@example.com`], subject: "regions", text: "hi" }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json().catch(() => ({}))) as { id?: string };
      if (response.status === 202 && body.id) this.posted.push({ id: body.id, workspace });
      else this.refused += 1;
    } catch {
      this.failed += 1;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }
}

/** `svc ses setup` as an operator runs it for both regions; the subscriptions are confirmed by each region's process. */
async function setUpSes(env: Readonly<Record<string, string>>, regions: AwsLocalProcess[]): Promise<void> {
  const ingestUrl = `http://127.0.0.1:${env.INGEST_PORT}/sns/ses`;
  const child = spawn(
    path.join(ROOT, "node_modules/.bin/tsx"),
    [path.join(ROOT, "packages/cli/src/main.ts"), "ses", "setup", "--ingest-url", ingestUrl, "--wait-seconds", "0"],
    { cwd: ROOT, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`svc ses setup exited with ${code}: ${output.slice(-3000)}`);
  for (const region of regions) await region.control("confirm-subscriptions", { endpoint: ingestUrl });
}

/** 1 while the sender's circuit of `region` is open, 0 closed, null when /metrics does not answer. */
async function circuitOpen(stack: Stack, region: string): Promise<boolean | null> {
  try {
    const response = await fetch(`${stack.apps.sender.url}/metrics`, { signal: AbortSignal.timeout(2_000) });
    const text = await response.text();
    const line = text.split("\n").find((row) => row.startsWith("svc_sender_region_circuit_open{") && row.includes(`region="${region}"`));
    return line ? line.trim().endsWith(" 1") : null;
  } catch {
    return null;
  }
}

/** When a circuit was seen open: spans of time, the last one open-ended while it still is. */
class OpenSpans {
  readonly spans: Array<[number, number | null]> = [];

  observe(open: boolean | null): void {
    if (open === null) return;
    const last = this.spans[this.spans.length - 1];
    const isOpen = last !== undefined && last[1] === null;
    if (open && !isOpen) this.spans.push([Date.now(), null]);
    if (!open && isOpen) last[1] = Date.now();
  }

  /** `from..to` in seconds since `origin`. */
  describe(origin: number): string[] {
    const seconds = (at: number) => `${Math.round((at - origin) / 100) / 10}s`;
    return this.spans.map(([from, to]) => `${seconds(from)}..${to === null ? "end" : seconds(to)}`);
  }

  get isOpen(): boolean {
    const last = this.spans[this.spans.length - 1];
    return last !== undefined && last[1] === null;
  }

  overlaps(from: number, to: number): boolean {
    return this.spans.some(([start, end]) => start <= to && (end ?? Number.POSITIVE_INFINITY) >= from);
  }
}

interface EmailRow {
  id: string;
  organizationId: string;
  status: string;
  region: string | null;
  createdAt: Date;
  sentAt: Date | null;
  unknownHandoffRegion: string | null;
  unknownHandoffAt: Date | null;
  attempts: number;
}

async function emailRows(db: DbHandle, workspaceIds: string[]): Promise<EmailRow[]> {
  const { rows } = await db.pool.query(
    `SELECT id, "organizationId", status::text AS status, region, "createdAt", "sentAt", "unknownHandoffRegion", "unknownHandoffAt", attempts
       FROM emails WHERE "organizationId" = ANY($1)`,
    [workspaceIds],
  );
  return rows as EmailRow[];
}

export async function runRegions(log: (message: string) => void): Promise<RegionsReport> {
  Object.assign(process.env, CREDENTIALS);
  const [primary, second] = await Promise.all([startAwsLocalProcess(PRIMARY), startAwsLocalProcess(SECOND)]);
  log(`aws-local as two processes: ${PRIMARY} at ${primary.url} (pid ${primary.pid}), ${SECOND} at ${second.url} (pid ${second.pid})`);
  let pinned: WorkspaceFixture | null = null;
  let stack: Stack | null = null;
  try {
    stack = await startStack(log, {
      env: {
        ...CREDENTIALS,
        EMAIL_PROVIDER: "ses",
        AWS_REGION: PRIMARY,
        SES_REGIONS: `${PRIMARY},${SECOND}`,
        SES_REGION_ENDPOINTS: `${PRIMARY}=${primary.url},${SECOND}=${second.url}`,
        // Each region's SNS signs with a certificate of its own, served on its own port.
        SNS_CERT_URL_PATTERN: "^http://127\\.0\\.0\\.1:[0-9]+/SimpleNotificationService-[A-Za-z0-9]+\\.pem$",
        SES_TENANTS: "off",
        SES_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        SES_UNKNOWN_OUTCOME_WAIT_MS: String(UNKNOWN_WAIT_MS),
      },
      beforeApps: async (env, db, fx) => {
        pinned = await createWorkspaceFixture(db);
        const configured = [PRIMARY, SECOND];
        const by = { actor: { type: "operator" as const, id: "chaos" }, source: null };
        await setWorkspaceRegions(db, fx.workspaceId, { failover: [SECOND] }, configured, by);
        await setWorkspaceRegions(db, pinned.workspaceId, { primary: PRIMARY, failover: "none" }, configured, by);
        await setUpSes(env, [primary, second]);
      },
    });
    return await underLoad(stack, pinned!, primary, second, log);
  } finally {
    if (stack) await stopStack(stack);
    await Promise.all([primary.stop(), second.stop()]);
  }
}

async function underLoad(
  stack: Stack,
  pinned: WorkspaceFixture,
  primary: AwsLocalProcess,
  second: AwsLocalProcess,
  log: (message: string) => void,
): Promise<RegionsReport> {
  const findings: string[] = [];
  const redis = createProducerConnection(stack.redis.url(0));
  const queue = new Producer("sendEmail", redis, "chaos");
  const load = new AlternatingLoad(stack.apps.api.url, { failover: stack.fx, pinned });
  try {
    load.start();
    log(`load: ${RATE_PER_S} emails/s, alternating between a workspace that fails over and one pinned to ${PRIMARY}`);
    // Both circuits are watched from the start: on a loaded machine a region may time out by itself.
    const primaryOpen = new OpenSpans();
    const secondOpen = new OpenSpans();
    const watch = async () => {
      primaryOpen.observe(await circuitOpen(stack, PRIMARY));
      secondOpen.observe(await circuitOpen(stack, SECOND));
    };
    const startedAt = Date.now();
    while (Date.now() < startedAt + BEFORE_MS) {
      await watch();
      await sleep(250);
    }
    if (primaryOpen.isOpen) findings.push(`the circuit of ${PRIMARY} was open before the black hole began`);

    log(`${PRIMARY} black-holed for ${BLACKHOLE_MS / 1000} s (takes connections, never answers)`);
    // From when the fault is surely in force (aws-local answered) to when it surely is no longer
    // (before it is asked to heal): a loaded aws-local may take a moment to answer its control API.
    await primary.fault("blackhole");
    const blackholeAt = Date.now();
    let openedAt: number | null = null;
    const waits = new Map<string, number>();
    let sampled = false;
    while (Date.now() < blackholeAt + BLACKHOLE_MS) {
      await watch();
      if (openedAt === null && primaryOpen.isOpen) {
        openedAt = Date.now();
        log(`  the sender's circuit of ${PRIMARY} opened ${openedAt - blackholeAt} ms after the black hole began`);
      }
      if (!sampled && openedAt !== null && Date.now() > blackholeAt + BLACKHOLE_MS / 2) {
        sampled = true;
        await sampleWaiting(stack, pinned, queue, openedAt, waits, findings);
        log(`  the pinned workspace's queued emails wait, saying: ${JSON.stringify(Object.fromEntries(waits))}`);
      }
      await sleep(250);
    }
    const healAt = Date.now();
    await primary.fault("none");
    log(`${PRIMARY} answers again`);
    let closedAt: number | null = null;
    while (closedAt === null && Date.now() < healAt + 60_000) {
      await watch();
      if (!primaryOpen.isOpen) closedAt = Date.now();
      else await sleep(250);
    }
    log(`  its circuit closed ${closedAt === null ? "never (within 60 s)" : `${closedAt - healAt} ms after`}`);
    await sleep(AFTER_MS);
    await load.stop();
    log(`load stopped: ${load.posted.length} accepted (202), ${load.refused} refused, ${load.failed} failed to connect or answer`);

    const settleStart = Date.now();
    let lost = Number.POSITIVE_INFINITY;
    let outcomes = [] as Awaited<ReturnType<typeof checkOutcome>>[];
    while (Date.now() - settleStart < SETTLE_LIMIT_MS) {
      outcomes = await Promise.all([stack.fx.workspaceId, pinned.workspaceId].map((id) => checkOutcome(stack.db, id, stack.receiver)));
      lost = outcomes.reduce((sum, outcome) => sum + outcome.summary.lost, 0);
      // The pinned workspace has no webhook subscription: its events are checked, its deliveries are not.
      if (lost === 0 && outcomes[0]!.summary.missingWebhookDeliveries === 0) break;
      await sleep(2_000);
    }
    const settleMs = Date.now() - settleStart;
    log(`settled after ${(settleMs / 1000).toFixed(1)} s: ${lost} not (yet) delivered`);

    const [inPrimary, inSecond] = await Promise.all([primary.sentByTag(EMAIL_ID_TAG), second.sentByTag(EMAIL_ID_TAG)]);
    const rows = new Map((await emailRows(stack.db, [stack.fx.workspaceId, pinned.workspaceId])).map((row) => [row.id, row]));
    const counts = { failover: { [PRIMARY]: 0, [SECOND]: 0 }, pinned: { [PRIMARY]: 0, [SECOND]: 0 } };
    const maxWaitMs = { failover: 0, pinned: 0 };
    let sentTwice = 0;
    let neverSent = 0;
    let unknownOutcome = 0;
    const unknownIn: Record<string, number> = {};
    let unknownMovedEarly = 0;
    let failoverStayed = 0;
    let failoverClaimedAfterReturn = 0;
    let failoverWaitedForBoth = 0;
    let pinnedLeft = 0;
    let pinnedWentEarly = 0;
    for (const posted of load.posted) {
      const p = inPrimary.byTag[posted.id] ?? 0;
      const s = inSecond.byTag[posted.id] ?? 0;
      counts[posted.workspace][PRIMARY] += p;
      counts[posted.workspace][SECOND] += s;
      if (p + s > 1) {
        sentTwice += 1;
        if (findings.length < 40)
          findings.push(`${posted.id} (${posted.workspace}) taken ${p} time(s) by ${PRIMARY} and ${s} by ${SECOND}`);
      }
      if (p + s === 0) neverSent += 1;
      const row = rows.get(posted.id);
      if (!row) {
        findings.push(`${posted.id} accepted (202) but not stored`);
        continue;
      }
      if (row.sentAt) maxWaitMs[posted.workspace] = Math.max(maxWaitMs[posted.workspace], row.sentAt.getTime() - row.createdAt.getTime());
      const created = row.createdAt.getTime();
      if (row.unknownHandoffRegion !== null && row.unknownHandoffAt !== null) {
        unknownOutcome += 1;
        unknownIn[row.unknownHandoffRegion] = (unknownIn[row.unknownHandoffRegion] ?? 0) + 1;
        // Moved to another region before the bound: a guess (going to the same region again is a retry there).
        if (
          row.region !== null &&
          row.region !== row.unknownHandoffRegion &&
          row.sentAt &&
          row.sentAt.getTime() < row.unknownHandoffAt.getTime() + UNKNOWN_WAIT_MS
        ) {
          unknownMovedEarly += 1;
          findings.push(
            `${row.id}: its handoff's outcome was unknown in ${row.unknownHandoffRegion}, yet it went to ${SECOND} before the wait ended`,
          );
        }
      }
      if (posted.workspace === "failover") {
        // Accepted while the circuit was open (with a second's margin at each end): the second
        // region, unless the sender first claimed it after the primary had returned (a backlog).
        if (
          openedAt !== null &&
          created > openedAt + 1_000 &&
          created < healAt - 1_000 &&
          row.unknownHandoffRegion === null &&
          row.region !== SECOND
        ) {
          if (row.attempts <= 1) failoverClaimedAfterReturn += 1;
          else if (secondOpen.overlaps(created, closedAt ?? Date.now())) failoverWaitedForBoth += 1;
          else {
            failoverStayed += 1;
            if (findings.length < 40)
              findings.push(
                `${row.id} (failover) accepted while ${PRIMARY} was down waited for it (${row.attempts} claims) and went through ${row.region ?? "no region"}`,
              );
          }
        }
      } else {
        if (row.region === SECOND) {
          pinnedLeft += 1;
          findings.push(`${row.id} (pinned to ${PRIMARY}) went through ${SECOND}`);
        }
        if (created > blackholeAt && created < healAt && row.sentAt && row.sentAt.getTime() < healAt - 1_000) {
          pinnedWentEarly += 1;
          if (findings.length < 40)
            findings.push(
              `${row.id} (pinned), accepted ${created - blackholeAt} ms into the black hole, was handed off ${row.sentAt.getTime() - blackholeAt} ms into it (it lasted ${healAt - blackholeAt} ms)`,
            );
        }
      }
    }
    if (openedAt === null) findings.push(`the sender's circuit of ${PRIMARY} never opened during the black hole`);
    if (closedAt === null) findings.push(`the sender's circuit of ${PRIMARY} did not close within 60 s of its return`);
    if (lost > 0) findings.push(`${lost} accepted email(s) not delivered with their events within ${SETTLE_LIMIT_MS / 1000} s`);
    if (outcomes[0] && outcomes[0].summary.missingWebhookDeliveries > 0)
      findings.push(`${outcomes[0].summary.missingWebhookDeliveries} event(s) of the failover workspace without a received webhook`);
    // The pinned workspace's events have no webhook subscription: its examples about deliveries are not findings.
    const examples = [
      ...(outcomes[0]?.examples ?? []),
      ...(outcomes[1]?.examples ?? []).filter((example) => !example.startsWith("event ")),
    ];
    findings.push(...examples.slice(0, 10));
    if (neverSent > 0) findings.push(`${neverSent} accepted email(s) taken by no region`);
    if (!sampled || (waits.get("region_unavailable") ?? 0) + (waits.get("handoff_unknown") ?? 0) === 0)
      findings.push("no pinned email was seen waiting with a region reason during the black hole");

    const figures = {
      rate: RATE_PER_S,
      blackholeSeconds: BLACKHOLE_MS / 1000,
      accepted: load.posted.length,
      refused: load.refused,
      failedToPost: load.failed,
      sentByRegion: { [PRIMARY]: inPrimary.total, [SECOND]: inSecond.total },
      byWorkspace: counts,
      lost,
      sentTwice,
      neverSent,
      circuitOpenedAfterMs: openedAt === null ? null : openedAt - blackholeAt,
      circuitClosedAfterReturnMs: closedAt === null ? null : closedAt - healAt,
      unknownOutcome,
      unknownOutcomeByRegion: unknownIn,
      unknownMovedEarly,
      failoverAcceptedWhileDownNotThroughSecond: failoverStayed,
      failoverAcceptedWhileDownFirstClaimedAfterReturn: failoverClaimedAfterReturn,
      failoverWaitedWhileSecondAlsoOpen: failoverWaitedForBoth,
      // Seconds from the black hole's start (negative: before it).
      primaryCircuitOpenSpans: primaryOpen.describe(blackholeAt),
      secondCircuitOpenSpans: secondOpen.describe(blackholeAt),
      pinnedThroughSecond: pinnedLeft,
      pinnedHandedOffWhileDown: pinnedWentEarly,
      pinnedWaitingReasons: Object.fromEntries(waits),
      maxWaitSeconds: { failover: Math.round(maxWaitMs.failover / 100) / 10, pinned: Math.round(maxWaitMs.pinned / 100) / 10 },
      settleSeconds: Math.round(settleMs / 100) / 10,
      events: outcomes.map((outcome) => outcome.summary.storedEvents).reduce((a, b) => a + b, 0),
    };
    return { ok: findings.length === 0, figures, findings };
  } finally {
    await load.stop();
    await queue.close();
    redis.disconnect();
  }
}

/**
 * Reads why the pinned workspace's queued emails (accepted since the circuit opened) wait: each
 * delayed job must say region_unavailable or handoff_unknown.
 */
async function sampleWaiting(
  stack: Stack,
  pinned: WorkspaceFixture,
  queue: Producer<"sendEmail">,
  openedAt: number,
  waits: Map<string, number>,
  findings: string[],
): Promise<void> {
  const { rows } = await stack.db.pool.query(
    `SELECT id FROM emails WHERE "organizationId" = $1 AND status = 'queued' AND "createdAt" > $2 ORDER BY "createdAt" LIMIT 200`,
    [pinned.workspaceId, new Date(openedAt)],
  );
  for (const { id } of rows as Array<{ id: string }>) {
    const facts = await sendQueueFacts(queue, id).catch(() => null);
    const state = facts?.job.state ?? "unknown";
    const key = state === "delayed" ? (facts?.job.held ?? "no reason") : `(${state})`;
    waits.set(key, (waits.get(key) ?? 0) + 1);
    if (state === "delayed" && !VALID_WAITS.has(facts?.job.held ?? "")) findings.push(`${id} (pinned) waits saying ${key}`);
  }
}
