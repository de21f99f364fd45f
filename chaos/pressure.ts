/**
 * Faults of pressure rather than of processes: a client pushing memory (a burst of large bodies
 * at the api) and strangers pushing the sign-up form (a flood from one origin). Each says what it
 * measured and whether it held.
 */
import { writeFileSync } from "node:fs";
import { signUp } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { memoryOf } from "../bench/lib/processes.ts";
import { postEmailBody } from "../bench/lib/rawPost.ts";
import { createWorkspaceFixture } from "../test/support/fixtures.ts";
import type { AppProcess } from "./infra.ts";

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface PressureReport {
  fault: string;
  ok: boolean;
  details: Record<string, unknown>;
}

/**
 * 50 concurrent POST /emails of 37 MB bodies from one key of a workspace of its own, while the
 * steady load goes on: the api's peak resident set grows by less than its body budget plus a
 * margin, some sends are answered 503 server_busy with Retry-After, none 500, every 202 has its
 * email, and the other workspace's load keeps being accepted.
 */
export async function largeBodyBurst(
  db: DbHandle,
  api: AppProcess,
  load: { successes: number[] },
  log: (message: string) => void,
  options: { count?: number; attachmentMb?: number; budgetMb?: number; marginMb?: number } = {},
): Promise<PressureReport> {
  const { count = 50, attachmentMb = 27, budgetMb = 480, marginMb = 128 } = options;
  const fx = await createWorkspaceFixture(db, { plan: "unlimited" });
  const pid = api.appPid();
  if (pid === null) return { fault: "large-body burst", ok: false, details: { error: "the api is not running" } };
  const body = Buffer.from(
    JSON.stringify({
      from: `Chaos <large@${fx.domain}>`,
      to: ["someone@example.com"],
      subject: "large",
      text: "a large file",
      attachments: [{ filename: "scan.tiff", content: Buffer.alloc(attachmentMb * MB, 7).toString("base64") }],
    }),
  );
  log(`large-body burst: ${count} concurrent POST /emails of ${(body.length / MB).toFixed(1)} MB from one key`);
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
  const before = memoryOf(pid).rss / 1024;
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      // A connection the API refused or dropped counts as no answer (status 0), as the check expects.
      postEmailBody(api.url, fx.keys["full-access"], body).catch(() => ({ status: 0, text: "", retryAfter: undefined })),
    ),
  );
  const peak = memoryOf(pid).hwm / 1024;
  const otherAccepted = load.successes.filter((t) => t >= started).length;

  const byStatus: Record<number, number> = {};
  for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
  const ids = answers.filter((a) => a.status === 202).map((a) => (JSON.parse(a.text) as { id: string }).id);
  const rows = await db.prisma.email.count({ where: { id: { in: ids } } });
  const busy = answers.filter((a) => a.status === 503);
  const growthMb = Math.round((peak - before) / 1024);
  const details = {
    byStatus,
    acceptedWithRow: `${rows}/${ids.length}`,
    busyWithRetryAfter: busy.filter((a) => a.retryAfter !== undefined).length,
    rssBeforeMb: Math.round(before / 1024),
    peakRssMb: Math.round(peak / 1024),
    growthMb,
    allowedGrowthMb: budgetMb + marginMb,
    otherWorkspaceAcceptedMeanwhile: otherAccepted,
  };
  const ok =
    (byStatus[500] ?? 0) === 0 &&
    (byStatus[0] ?? 0) === 0 &&
    busy.length > 0 &&
    busy.every((a) => a.retryAfter !== undefined) &&
    ids.length > 0 &&
    rows === ids.length &&
    growthMb <= budgetMb + marginMb &&
    otherAccepted > 0;
  log(`  large-body burst: ${JSON.stringify(details)}`);
  return { fault: "large-body burst", ok, details };
}

/** A cookie jar just big enough for a form login. */
class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async fetch(
    path: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = {
      ...init.headers,
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    };
    let body: string | undefined;
    if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(`${this.base}${path}`, { method: init.method ?? "GET", headers, body, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return { status: response.status, text: await response.text() };
  }

  async csrf(path: string): Promise<string> {
    const page = await this.fetch(path);
    const match = /name="_csrf" value="([^"]+)"/.exec(page.text);
    if (!match) throw new Error(`no CSRF field on ${path} (${page.status})`);
    return match[1]!;
  }
}

/**
 * 500 sign-ups from one origin within a minute, against a dashboard whose system sender's
 * workspace has used up its daily limit: the flood is throttled (a handful get through, the rest
 * 429), and an owner's invitation is still mailed and handed to the provider.
 */
export async function signupFlood(
  db: DbHandle,
  dashboard: AppProcess,
  systemWorkspaceId: string,
  log: (message: string) => void,
): Promise<PressureReport> {
  const owner = `owner-${Date.now()}@chaos.example`;
  const password = "a long enough chaos password";
  await signUp(db.prisma, { email: owner, password, workspaceName: "Chaos inviting" });

  log("sign-up flood: 500 sign-ups from one origin");
  const stranger = new Browser(dashboard.url);
  const csrf = await stranger.csrf("/signup");
  const statuses: number[] = [];
  const started = Date.now();
  for (let start = 0; start < 500; start += 25) {
    const batch = Array.from({ length: 25 }, (_, i) =>
      stranger
        .fetch("/signup", {
          method: "POST",
          form: { _csrf: csrf, email: `flood${start + i}-${started}@chaos.example`, password, workspaceName: "Flood" },
        })
        .then(
          (r) => r.status,
          () => 0,
        ),
    );
    statuses.push(...(await Promise.all(batch)));
  }
  const floodMs = Date.now() - started;

  const browser = new Browser(dashboard.url);
  const loginCsrf = await browser.csrf("/login");
  const login = await browser.fetch("/login", { method: "POST", form: { _csrf: loginCsrf, email: owner, password } });
  const invitee = `invitee-${Date.now()}@chaos.example`;
  const invite = await browser.fetch("/members/invite", {
    method: "POST",
    form: { _csrf: await browser.csrf("/members"), email: invitee, role: "viewer" },
  });
  let invitation: { status: string } | null = null;
  for (let i = 0; i < 300; i++) {
    invitation = await db.prisma.email.findFirst({
      where: { organizationId: systemWorkspaceId, to: { has: invitee } },
      select: { status: true },
    });
    if (invitation && ["sent", "delivered"].includes(invitation.status)) break;
    await sleep(100);
  }
  const accepted = statuses.filter((s) => s === 200).length;
  const throttled = statuses.filter((s) => s === 429).length;
  const details = {
    floodMs,
    accepted,
    throttled,
    other: statuses.length - accepted - throttled,
    login: login.status,
    invite: invite.status,
    invitationStatus: invitation?.status ?? "none",
    ...(invite.status === 303
      ? {}
      : { inviteAnswer: /class="[^"]*error[^"]*"[^>]*>([^<]*)</.exec(invite.text)?.[1] ?? invite.text.slice(0, 300) }),
  };
  const ok =
    throttled >= 450 &&
    accepted + throttled === 500 &&
    login.status === 303 &&
    invite.status === 303 &&
    invitation !== null &&
    ["sent", "delivered"].includes(invitation.status);
  log(`  sign-up flood: ${JSON.stringify(details)}`);
  return { fault: "sign-up flood", ok, details };
}
