import { loadEnv, redisEnv, sesRegionsOf, webhookUrlEnv } from "@svc/config";
import { AppError, SecretBox, workspacesWithDomains } from "@svc/core";
import { type DoctorCheck, exitCodeOf, failed, installChecks, mailboxSimulatorRoundTrip, renderLines, warning } from "@svc/doctor";
import { createProducerConnection, queueLayout, SendQueue } from "@svc/queues";
import { z } from "zod";
import { cliActor } from "../audit.ts";
import { type CliContext, type Command, type Flags, listFlag, optionalFlag, RawOutput } from "../command.ts";

/** What the round trip needs beyond the CLI's own settings: the send queue, and whether a loopback webhook URL is allowed. */
const roundTripEnv = z.object({ ...redisEnv, ...webhookUrlEnv });

const DEFAULT_TIMEOUT_SECONDS = 120;
const MAX_TIMEOUT_SECONDS = 900;

/**
 * `svc doctor`: proves an install on the operator's account. DNS of every sending domain; with
 * SES, the account (pause, sandbox, quota), the recorded topic, its subscription (confirmed) and
 * the ingester it points at (answering), each configuration set and its event destination, and
 * the workspaces' tenants. When all of that passes, and unless `--no-send`, a round trip: one
 * email to each SES mailbox-simulator address from the workspace's verified domain, each event
 * awaited in the email's timeline and at a webhook. One line per check, or `--json`; exit 1 on a failure.
 */
async function doctor(flags: Flags, context: CliContext): Promise<RawOutput> {
  const { db, config } = context;
  for (const name of ["json", "no-send"])
    if (flags[name] !== undefined && flags[name] !== true) throw new AppError("bad_request", `Option --${name} takes no value.`);
  // Only these sending domains (and their workspaces' tenants); every one by default.
  const domains = listFlag(flags, "domain").map((name) => name.toLowerCase());
  const timeoutSeconds = timeoutOf(flags);
  const checks = await installChecks(db, config, domains);
  if (flags["no-send"] !== true) checks.push(...(await roundTrip(flags, context, checks, domains, timeoutSeconds)));
  const exitCode = exitCodeOf(checks);
  const text = flags.json
    ? `${JSON.stringify(
        {
          ok: exitCode === 0,
          region: sesRegionsOf(config)
            .map((entry) => entry.region)
            .join(","),
          provider: config.EMAIL_PROVIDER,
          checks,
        },
        null,
        2,
      )}\n`
    : renderLines(checks);
  return new RawOutput(text, exitCode);
}

function timeoutOf(flags: Flags): number {
  const value = optionalFlag(flags, "timeout");
  if (value === undefined) return DEFAULT_TIMEOUT_SECONDS;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_TIMEOUT_SECONDS)
    throw new AppError("bad_request", `--timeout must be a whole number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}.`);
  return Number(value);
}

/** `host:port` for the receiver; loopback on a port the system picks by default. */
function listenOf(flags: Flags): { host: string; port: number } {
  const value = optionalFlag(flags, "webhook-listen");
  if (value === undefined) return { host: "127.0.0.1", port: 0 };
  const match = /^(.+):(\d{1,5})$/.exec(value);
  if (!match || Number(match[2]) > 65_535) throw new AppError("bad_request", "--webhook-listen must be HOST:PORT, such as 0.0.0.0:8787.");
  return { host: match[1]!.replace(/^\[(.*)\]$/, "$1"), port: Number(match[2]) };
}

/**
 * The workspace the round trip sends from: `--workspace`, or the one owning the first `--domain`.
 * Without either there is no one to send as, and the round trip is a warning saying how to run it.
 */
async function roundTripWorkspace(flags: Flags, context: CliContext, domains: readonly string[]): Promise<string | null> {
  const named = optionalFlag(flags, "workspace");
  if (named !== undefined) return named;
  const first = domains[0];
  if (first === undefined) return null;
  for await (const workspace of workspacesWithDomains(context.db.prisma)) if (workspace.names.includes(first)) return workspace.workspaceId;
  return null;
}

async function roundTrip(
  flags: Flags,
  context: CliContext,
  earlier: readonly DoctorCheck[],
  domains: readonly string[],
  timeoutSeconds: number,
): Promise<DoctorCheck[]> {
  const name = "round trip";
  const listen = listenOf(flags);
  if (exitCodeOf(earlier) !== 0)
    return [warning(name, "not run: a check above failed", "fix the failed checks, then run svc doctor again")];
  const workspaceId = await roundTripWorkspace(flags, context, domains);
  if (workspaceId === null)
    return [
      warning(
        name,
        "not run: no workspace to send from",
        "name one with --workspace org_… (or --domain of a verified domain), or skip it with --no-send",
      ),
    ];
  const env = loadEnv(roundTripEnv, context.env);
  const redis = createProducerConnection(env);
  try {
    return await mailboxSimulatorRoundTrip(
      {
        db: context.db,
        sendQueue: new SendQueue(redis, queueLayout(env)),
        box: new SecretBox(context.config.WEBHOOK_SECRET_KEY),
        allowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS,
        by: cliActor(),
      },
      {
        workspaceId,
        ...(domains[0] !== undefined ? { preferredDomain: domains[0] } : {}),
        timeoutMs: timeoutSeconds * 1000,
        listenHost: listen.host,
        listenPort: listen.port,
        ...(optionalFlag(flags, "webhook-url") !== undefined ? { webhookUrl: optionalFlag(flags, "webhook-url") } : {}),
      },
    );
  } catch (error) {
    if (error instanceof AppError) return [failed(name, error.message, "fix what it names, or skip the round trip with --no-send")];
    throw error;
  } finally {
    await redis.quit().catch(() => {});
  }
}

export const doctorCommands: Command[] = [
  {
    path: ["doctor"],
    usage:
      "[--domain example.com,…] [--json] [--no-send] [--workspace ORG_ID] [--timeout SECONDS] [--webhook-listen HOST:PORT] [--webhook-url URL]",
    run: doctor,
  },
];
