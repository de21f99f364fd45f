import { createBenchEnvironment, typedPool } from "../lib/environment.ts";
import { emailBody } from "../lib/fixtures.ts";
import { startPipeline } from "../lib/pipeline.ts";
import { cpuTimeOf } from "../lib/processes.ts";
import { type BenchResult, ratioOf } from "../lib/result.ts";
import { round, sleep } from "../lib/stats.ts";

const BATCH_SIZE = 100;
const BATCHES = Number(process.env.BENCH_TEMPLATE_BATCHES ?? 20);

/** A receipt as a template: the same content as emailBody's, with its number as a variable. */
const RECEIPT = {
  name: "Receipt",
  alias: "receipt",
  subject: "Your receipt #{{ n }}",
  html: "<p>Hello,</p><p>Thanks for your order #{{ n }}. Your receipt is attached.</p>",
  text: "Hello, thanks for your order #{{ n }}. Your receipt is attached.",
  variables: [{ name: "n", type: "number" }],
};

interface Phase {
  emails: number;
  emailsPerSecond: number;
  senderCpuMsPerEmail: number;
  notSent: number;
}

/**
 * The sender's cost of rendering: batches of 100 templated emails against batches of 100 plain
 * ones with the same content, through the same pipeline (simulator), one phase after the other.
 * Measured: the sender process's CPU per email and the emails handed off per second.
 */
export default async function templatesBenchmark(): Promise<BenchResult> {
  const env = await createBenchEnvironment("templates");
  try {
    const pipeline = await startPipeline(env, {});
    const { workspace, api } = pipeline;
    const pool = typedPool(env.db);
    const sender = pipeline.apps.find((app) => app.label === "sender-1");
    if (!sender) throw new Error("no sender in the pipeline");
    const headers = { authorization: `Bearer ${workspace.apiKey}`, "content-type": "application/json" };
    // Through the API, which checks the draft in its render pool.
    for (const [path, body] of [
      ["/templates", RECEIPT],
      ["/templates/receipt/publish", {}],
    ] as const) {
      const answer = await fetch(`${api.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
      if (answer.status !== 201) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
    }
    const waiting = async () =>
      Number(
        (
          await pool.query<{ n: string }>(
            `SELECT count(*) AS n FROM emails WHERE "organizationId" = $1 AND status IN ('queued', 'sending')`,
            [workspace.workspaceId],
          )
        ).rows[0]?.n,
      );
    const sentCount = async () =>
      Number(
        (
          await pool.query<{ n: string }>(`SELECT count(*) AS n FROM emails WHERE "organizationId" = $1 AND "sentAt" IS NOT NULL`, [
            workspace.workspaceId,
          ])
        ).rows[0]?.n,
      );

    const phase = async (item: (n: number) => string): Promise<Phase> => {
      const sentBefore = await sentCount();
      const cpuBefore = cpuTimeOf(sender.scriptPid());
      const started = Date.now();
      for (let b = 0; b < BATCHES; b++) {
        const body = `[${Array.from({ length: BATCH_SIZE }, (_, i) => item(b * BATCH_SIZE + i)).join(",")}]`;
        const answer = await fetch(`${api.url}/emails/batch`, { method: "POST", headers, body });
        if (answer.status !== 202) throw new Error(`batch answered ${answer.status}: ${await answer.text()}`);
      }
      const deadline = Date.now() + 300_000;
      while ((await waiting()) > 0 && Date.now() < deadline) await sleep(50);
      const elapsedS = (Date.now() - started) / 1000;
      const cpuMs = cpuTimeOf(sender.scriptPid()) - cpuBefore;
      const emails = BATCHES * BATCH_SIZE;
      const sent = (await sentCount()) - sentBefore;
      return {
        emails,
        emailsPerSecond: round(sent / elapsedS, 1),
        senderCpuMsPerEmail: round(cpuMs / Math.max(1, sent), 3),
        notSent: emails - sent,
      };
    };
    const plainItem = (n: number) => emailBody(workspace.domain, "someone@example.com", n);
    const templatedItem = (n: number) =>
      JSON.stringify({
        from: `Bench <bench@${workspace.domain}>`,
        to: ["someone@example.com"],
        template: { alias: "receipt", variables: { n } },
      });

    let plain: Phase;
    let templated: Phase;
    try {
      plain = await phase(plainItem);
      templated = await phase(templatedItem);
    } finally {
      await pipeline.stop();
    }
    const cpuRatio = ratioOf(templated.senderCpuMsPerEmail, plain.senderCpuMsPerEmail);
    return {
      name: "templates",
      figure: {
        value: templated.senderCpuMsPerEmail,
        unit: "sender CPU ms/email",
        what: `${BATCHES} batches of ${BATCH_SIZE} templated emails (rendered at the handoff)`,
      },
      baseline: { value: plain.senderCpuMsPerEmail, unit: "sender CPU ms/email", what: "the same with plain emails of the same content" },
      ratio: cpuRatio,
      target: { description: "templated within 1.3 x plain sender CPU per email", met: cpuRatio > 0 && cpuRatio <= 1.3 },
      checks: { passed: plain.notSent === 0 && templated.notSent === 0, plainNotSent: plain.notSent, templatedNotSent: templated.notSent },
      details: { plain, templated, throughputRatio: ratioOf(templated.emailsPerSecond, plain.emailsPerSecond) },
    };
  } finally {
    await env.dispose();
  }
}
