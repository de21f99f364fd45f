import { beforeEach, describe, expect, test } from "@jest/globals";
import {
  type AttemptPorts,
  type AttemptResult,
  classifyAnswer,
  createWebhookAttempt,
  DISABLED_DELIVERY_ERROR,
  type PostAnswer,
  type WebhookAttempt,
} from "@svc/core";
import type { ClaimedDelivery } from "@svc/core/batched";
import type { WebhookAttemptRow } from "@svc/core/stores";
import type { DeliveryStatus } from "@svc/db";
import { verifyWebhook } from "@svc/webhooks";

/**
 * One webhook attempt (packages/core/src/webhooks/attempt.ts) with its ports in memory: the
 * rules of when a delivery is retried, given up, stopped and re-sent by hand, without Postgres,
 * Redis or BullMQ. The Postgres side of the same steps is tested in apps/dispatcher/test.
 */

const MINUTE = 60_000;
const SCHEDULE = { baseMs: MINUTE, windowMs: 60 * MINUTE };
const LEASE_MS = 40_000;
const T0 = Date.parse("2026-01-01T00:00:00.000Z");
const SECRET = "whsec_test-secret";

interface Row {
  id: string;
  subscriptionId: string;
  status: DeliveryStatus;
  firstAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  completedAt: Date | null;
  lastError: string | null;
  attempts: WebhookAttemptRow[];
}

/** Deliveries, subscriptions, the endpoint, the slots and the clock, as plain values. */
class World {
  now = T0;
  readonly rows = new Map<string, Row>();
  readonly active = new Map<string, boolean>();
  readonly posts: Array<{ url: string; body: string; headers: Record<string, string> }> = [];
  /** The endpoint's next answers (a 500 once they run out). */
  readonly answers: PostAnswer[] = [];
  slotsHeld = 0;
  slotLimit = 10;
  shareHeld = 0;
  /** Subscriptions disabled because their endpoint answered 410. */
  readonly disabledGone: string[] = [];
  /** Per subscription, its rate limit (attempts per second); and when its next attempt may start. */
  readonly rateLimits = new Map<string, number>();
  readonly rateFreeAt = new Map<string, number>();
  /** Runs during the next POST, as if at the same time. */
  duringPost: (() => Promise<unknown>) | null = null;

  delivery(id: string, subscriptionId = "wh_1"): Row {
    if (!this.active.has(subscriptionId)) this.active.set(subscriptionId, true);
    const row: Row = {
      id,
      subscriptionId,
      status: "pending",
      firstAttemptAt: null,
      nextAttemptAt: null,
      completedAt: null,
      lastError: null,
      attempts: [],
    };
    this.rows.set(id, row);
    return row;
  }

  answer(statusCode: number, location?: string, retryAfter?: string): void {
    this.answers.push({ statusCode, location, retryAfter, responseExcerpt: `answer ${statusCode}`, error: null, durationMs: 20 });
  }

  private claimOf(row: Row, leaseUntil: Date): ClaimedDelivery {
    return {
      id: row.id,
      body: `{"id":"${row.id}"}`,
      eventType: "delivered",
      subscriptionId: row.subscriptionId,
      workspaceId: "org_1",
      maxDeliveriesPerSecond: this.rateLimits.get(row.subscriptionId) ?? null,
      url: "https://hooks.example.com/in",
      secretEncrypted: `sealed:${SECRET}`,
      firstAttemptAt: row.firstAttemptAt,
      attemptCount: row.attempts.length,
      automaticAttempts: row.attempts.filter((a) => !a.manual).length,
      leaseUntil,
    };
  }

  private write(
    row: Row,
    attempt: WebhookAttemptRow,
    next: { status: DeliveryStatus; firstAttemptAt: Date | null; nextAttemptAt: Date | null; completedAt: Date | null } | null,
  ): void {
    row.attempts.push(attempt);
    if (next) Object.assign(row, next, { lastError: attempt.error });
  }

  ports(): AttemptPorts {
    const time = (date: Date | null) => date?.getTime();
    return {
      claims: {
        claim: async (id) => {
          const row = this.rows.get(id);
          if (!row || !this.active.get(row.subscriptionId) || row.status !== "pending") return null;
          if (row.nextAttemptAt && row.nextAttemptAt.getTime() > this.now) return null;
          row.nextAttemptAt = new Date(this.now + LEASE_MS);
          return this.claimOf(row, row.nextAttemptAt);
        },
        release: async (claim) => {
          const row = this.rows.get(claim.id);
          if (row?.status === "pending" && time(row.nextAttemptAt) === claim.leaseUntil.getTime()) row.nextAttemptAt = new Date(this.now);
        },
      },
      records: {
        recordClaimed: async ({ attempt, claim, next }) => {
          const row = this.rows.get(attempt.deliveryId);
          if (
            row?.status !== "pending" ||
            time(row.nextAttemptAt) !== claim.leaseUntil.getTime() ||
            row.attempts.length !== claim.attemptCount
          )
            return false;
          this.write(row, attempt, next);
          return true;
        },
      },
      rows: {
        dispatchState: async (id) => {
          const row = this.rows.get(id);
          return row ? { status: row.status, nextAttemptAt: row.nextAttemptAt, isActive: this.active.get(row.subscriptionId)! } : null;
        },
        toSend: async (id) => {
          const row = this.rows.get(id);
          if (!row) return null;
          const { body, eventType, workspaceId, url, secretEncrypted } = this.claimOf(row, new Date(0));
          return {
            id,
            status: row.status,
            nextAttemptAt: row.nextAttemptAt,
            body,
            eventType,
            subscriptionId: row.subscriptionId,
            workspaceId,
            url,
            isActive: this.active.get(row.subscriptionId)!,
            secretEncrypted,
          };
        },
        failOfDisabledSubscription: async (id) => {
          const row = this.rows.get(id);
          if (row?.status === "pending")
            Object.assign(row, {
              status: "failed",
              nextAttemptAt: null,
              completedAt: new Date(this.now),
              lastError: DISABLED_DELIVERY_ERROR,
            });
        },
        disableGone: async (subscriptionId) => {
          this.disabledGone.push(subscriptionId);
          this.active.set(subscriptionId, false);
          for (const row of this.rows.values()) {
            if (row.subscriptionId === subscriptionId && row.status === "pending")
              Object.assign(row, { status: "failed", nextAttemptAt: null, completedAt: new Date(this.now) });
          }
        },
        recordLocked: async (attempt, decide) => {
          const row = this.rows.get(attempt.deliveryId);
          if (!row) return { kind: "gone" };
          const decision = decide({ ...row, automaticAttempts: row.attempts.filter((a) => !a.manual).length });
          this.write(row, attempt, decision);
          return decision ? { kind: "recorded", decision } : { kind: "claim-lost", status: row.status };
        },
      },
      poster: {
        post: async (url, body, headers) => {
          this.posts.push({ url, body, headers });
          const during = this.duringPost;
          this.duringPost = null;
          await during?.();
          return this.answers.shift() ?? { statusCode: 500, location: undefined, responseExcerpt: "down", error: null, durationMs: 20 };
        },
      },
      slots: {
        acquire: async () => {
          if (this.slotsHeld >= this.slotLimit) return false;
          this.slotsHeld += 1;
          return true;
        },
        release: async () => {
          this.slotsHeld -= 1;
        },
      },
      share: {
        hasRoom: () => true,
        tryTake: () => {
          this.shareHeld += 1;
          return true;
        },
        give: () => {
          this.shareHeld -= 1;
        },
      },
      rate: {
        take: async (subscriptionId, perSecond) => {
          const freeAt = this.rateFreeAt.get(subscriptionId) ?? 0;
          if (freeAt > this.now) return freeAt - this.now;
          this.rateFreeAt.set(subscriptionId, this.now + 1000 / perSecond);
          return 0;
        },
      },
      secrets: {
        open: (sealed) => {
          if (!sealed.startsWith("sealed:")) throw new Error("bad seal");
          return sealed.slice("sealed:".length);
        },
      },
      clock: { now: () => this.now },
      schedule: SCHEDULE,
    };
  }
}

let world: World;
let attempt: WebhookAttempt;

beforeEach(() => {
  world = new World();
  attempt = createWebhookAttempt(world.ports());
});

const minutesSinceT0 = (ms: number) => (ms - T0) / MINUTE;

function recorded(result: AttemptResult) {
  if (result.kind !== "attempted" || result.record.kind !== "recorded")
    throw new Error(`expected a recorded attempt, got ${JSON.stringify(result)}`);
  return result.record.decision;
}

describe("automatic attempts: when a webhook is retried", () => {
  test("a failed attempt is retried base × 2^(n−1) after it started; an early job is deferred to then; a 2xx ends the delivery", async () => {
    const row = world.delivery("wd_1");
    const first = recorded(await attempt.automatic("wd_1", "job-1"));
    expect(first).toEqual({
      status: "pending",
      firstAttemptAt: new Date(T0),
      nextAttemptAt: new Date(T0 + MINUTE),
      completedAt: null,
      retryAt: new Date(T0 + MINUTE),
    });
    expect(row).toMatchObject({ status: "pending", nextAttemptAt: new Date(T0 + MINUTE), lastError: "The endpoint answered 500." });

    // Signed for this attempt's time, with the subscription's opened secret.
    const [post] = world.posts;
    expect(post).toMatchObject({ url: "https://hooks.example.com/in", body: '{"id":"wd_1"}' });
    expect(verifyWebhook({ rawBody: post!.body, headers: post!.headers, secret: SECRET, now: T0 })).toEqual({
      ok: true,
      timestamp: T0 / 1000,
      scheme: "service",
    });

    // A duplicate or early job: no attempt, back when the row says it is due.
    world.now = T0 + 10_000;
    expect(await attempt.automatic("wd_1", "job-2")).toEqual({ kind: "deferred", until: T0 + MINUTE });
    expect(world.posts).toHaveLength(1);

    world.now = T0 + MINUTE;
    expect(recorded(await attempt.automatic("wd_1", "job-3")).retryAt).toEqual(new Date(T0 + 3 * MINUTE));

    world.now = T0 + 3 * MINUTE;
    world.answer(204);
    expect(recorded(await attempt.automatic("wd_1", "job-4"))).toEqual({
      status: "succeeded",
      firstAttemptAt: new Date(T0),
      nextAttemptAt: null,
      completedAt: new Date(T0 + 3 * MINUTE + 20),
      retryAt: null,
    });
    expect(row.attempts.map((a) => [a.manual, a.statusCode])).toEqual([
      [false, 500],
      [false, 500],
      [false, 204],
    ]);
    expect(world.slotsHeld).toBe(0);
    expect(world.shareHeld).toBe(0);
  });

  test("give-up: the last attempt is made at the window's end, then the delivery is failed and never attempted again", async () => {
    const row = world.delivery("wd_1");
    const starts: number[] = [];
    for (;;) {
      starts.push(minutesSinceT0(world.now));
      const decision = recorded(await attempt.automatic("wd_1", `job-${starts.length}`));
      if (!decision.retryAt) {
        expect(decision).toMatchObject({ status: "failed", nextAttemptAt: null, completedAt: new Date(world.now + 20) });
        break;
      }
      world.now = decision.retryAt.getTime();
    }
    // 1, 2, 4 … minutes apart; 31 + 32 would pass the one-hour window, so the last is at 60.
    expect(starts).toEqual([0, 1, 3, 7, 15, 31, 60]);
    expect(row.status).toBe("failed");

    world.now += 10 * MINUTE;
    expect(await attempt.automatic("wd_1", "job-late")).toEqual({ kind: "finished", status: "failed" });
    expect(world.posts).toHaveLength(7);
  });

  test("a redirect is a failed attempt, retried like any other status", async () => {
    world.delivery("wd_1");
    world.answer(302, "https://elsewhere.example.com/");
    const result = await attempt.automatic("wd_1", "job-1");
    expect(result).toMatchObject({ kind: "attempted", outcome: { succeeded: false, statusCode: 302 } });
    expect(result.kind === "attempted" && result.outcome.error).toBe(
      "Redirect (302 to https://elsewhere.example.com/) not followed: the URL must answer 2xx itself.",
    );
    expect(recorded(result).retryAt).toEqual(new Date(T0 + MINUTE));
  });

  test("no slot free: the claim is given back and the job deferred about a second, with no attempt counted", async () => {
    const row = world.delivery("wd_1");
    world.slotLimit = 0;
    const result = await attempt.automatic("wd_1", "job-1");
    if (result.kind !== "deferred") throw new Error(`expected a deferral, got ${result.kind}`);
    expect(result.until).toBeGreaterThanOrEqual(T0 + 500);
    expect(result.until).toBeLessThanOrEqual(T0 + 1500);
    expect(row).toMatchObject({ status: "pending", nextAttemptAt: new Date(T0), attempts: [] });
    expect(world.posts).toEqual([]);
  });

  test("a secret that will not open: the claim is given back and the job fails with a clear reason", async () => {
    const row = world.delivery("wd_1");
    const ports = world.ports();
    const unopenable = {
      open(): string {
        throw new Error("bad key");
      },
    };
    const broken = createWebhookAttempt({ ...ports, secrets: unopenable });
    await expect(broken.automatic("wd_1", "job-1")).rejects.toThrow("Cannot decrypt the subscription's signing secret");
    expect(row.nextAttemptAt).toEqual(new Date(T0));
    expect(world.posts).toEqual([]);
  });

  test("a manual attempt recorded while an automatic one is in flight: the automatic one is decided again from the row", async () => {
    const row = world.delivery("wd_1");
    world.answer(500);
    world.answer(503);
    world.duringPost = () => attempt.manual("wd_1", "manual-job");
    const decision = recorded(await attempt.automatic("wd_1", "job-1"));
    // Numbered after the manual one, and still the first automatic attempt: retried a base later.
    expect(row.attempts.map((a) => [a.manual, a.statusCode])).toEqual([
      [true, 500],
      [false, 503],
    ]);
    expect(decision).toMatchObject({ status: "pending", retryAt: new Date(T0 + MINUTE) });
  });

  test("a delivery deleted during its attempt: nothing recorded", async () => {
    world.delivery("wd_1");
    world.duringPost = async () => world.rows.delete("wd_1");
    expect(await attempt.automatic("wd_1", "job-1")).toMatchObject({ kind: "attempted", record: { kind: "gone" } });
    expect(await attempt.automatic("wd_1", "job-2")).toEqual({ kind: "gone" });
  });
});

describe("receiver signals", () => {
  test("410 Gone: the delivery ends failed after one attempt and its subscription is disabled, its other pending deliveries failed", async () => {
    const row = world.delivery("wd_1");
    const other = world.delivery("wd_2");
    world.answer(410);
    const decision = recorded(await attempt.automatic("wd_1", "job-1"));
    expect(decision).toMatchObject({ status: "failed", retryAt: null });
    expect(row.status).toBe("failed");
    expect(world.disabledGone).toEqual(["wh_1"]);
    expect(other.status).toBe("failed");
    expect(await attempt.automatic("wd_2", "job-2")).toEqual({ kind: "subscription-disabled" });
    expect(world.posts).toHaveLength(1);
  });

  test("429 with Retry-After: 120 pushes the next attempt to at least 120 s after the answer; the doubling schedule otherwise", async () => {
    world.delivery("wd_1");
    world.answer(429, undefined, "120");
    const first = recorded(await attempt.automatic("wd_1", "job-1"));
    expect(first.retryAt!.getTime()).toBeGreaterThanOrEqual(T0 + 20 + 120_000);
    world.now = first.retryAt!.getTime();
    world.answer(503); // no Retry-After: the schedule's 2 minutes
    const second = recorded(await attempt.automatic("wd_1", "job-1"));
    expect(second.retryAt!.getTime() - world.now).toBe(2 * MINUTE);
  });

  test("Retry-After as an HTTP date, and one past the window: the last attempt is at the window's end", async () => {
    world.delivery("wd_1");
    world.answer(503, undefined, new Date(T0 + 5 * MINUTE).toUTCString());
    const first = recorded(await attempt.automatic("wd_1", "job-1")).retryAt!.getTime();
    expect(first).toBeGreaterThanOrEqual(T0 + 5 * MINUTE);
    expect(first).toBeLessThan(T0 + 5 * MINUTE + 1000);
    world.now = first;
    world.answer(429, undefined, String(24 * 3600));
    expect(recorded(await attempt.automatic("wd_1", "job-1")).retryAt).toEqual(new Date(T0 + SCHEDULE.windowMs));
  });

  test("Retry-After on another status (500) is not a pause", async () => {
    world.delivery("wd_1");
    world.answer(500, undefined, "600");
    expect(recorded(await attempt.automatic("wd_1", "job-1")).retryAt).toEqual(new Date(T0 + MINUTE));
  });

  test("a rate-limited subscription: over its rate the claim is given back and the job deferred until the next free moment", async () => {
    world.rateLimits.set("wh_1", 5);
    world.delivery("wd_1");
    world.delivery("wd_2");
    world.answer(200);
    world.answer(200);
    expect((await attempt.automatic("wd_1", "job-1")).kind).toBe("attempted");
    expect(await attempt.automatic("wd_2", "job-2")).toEqual({ kind: "deferred", until: T0 + 200 });
    expect(world.rows.get("wd_2")).toMatchObject({ status: "pending", attempts: [] });
    world.now = T0 + 200;
    expect((await attempt.automatic("wd_2", "job-2")).kind).toBe("attempted");
  });
});

describe("disabled subscriptions", () => {
  test("an automatic job for a disabled subscription ends its pending delivery as failed, without a POST", async () => {
    const row = world.delivery("wd_1");
    world.active.set("wh_1", false);
    expect(await attempt.automatic("wd_1", "job-1")).toEqual({ kind: "subscription-disabled" });
    expect(row).toMatchObject({
      status: "failed",
      nextAttemptAt: null,
      completedAt: new Date(T0),
      lastError: DISABLED_DELIVERY_ERROR,
      attempts: [],
    });
    expect(world.posts).toEqual([]);
  });

  test("a manual re-send for a disabled subscription is not made either", async () => {
    const row = world.delivery("wd_1");
    world.active.set("wh_1", false);
    expect(await attempt.manual("wd_1", "manual-1")).toEqual({ kind: "subscription-disabled" });
    expect(row).toMatchObject({ status: "failed", lastError: DISABLED_DELIVERY_ERROR, attempts: [] });
    expect(world.posts).toEqual([]);
  });
});

describe("manual re-sends", () => {
  test("made now whatever the schedule; a failure changes neither the status nor the next automatic retry", async () => {
    const row = world.delivery("wd_1");
    recorded(await attempt.automatic("wd_1", "job-1")); // retry due at T0 + 1 min
    world.now = T0 + 10_000;
    const decision = recorded(await attempt.manual("wd_1", "manual-1"));
    expect(decision).toEqual({
      status: "pending",
      firstAttemptAt: new Date(T0),
      nextAttemptAt: new Date(T0 + MINUTE),
      completedAt: null,
      retryAt: null,
    });
    expect(row.attempts.map((a) => a.manual)).toEqual([false, true]);

    // The manual attempt is not an automatic one: the next gap is still the second's (2 minutes).
    world.now = T0 + MINUTE;
    expect(recorded(await attempt.automatic("wd_1", "job-2")).retryAt).toEqual(new Date(T0 + 3 * MINUTE));
  });

  test("a failed delivery stays failed after a failed re-send, and a successful re-send makes it succeeded", async () => {
    const row = world.delivery("wd_1");
    Object.assign(row, { status: "failed", firstAttemptAt: new Date(T0 - SCHEDULE.windowMs), completedAt: new Date(T0 - MINUTE) });
    expect(recorded(await attempt.manual("wd_1", "manual-1"))).toMatchObject({
      status: "failed",
      completedAt: new Date(T0 - MINUTE),
      retryAt: null,
    });
    world.answer(200);
    expect(recorded(await attempt.manual("wd_1", "manual-2"))).toMatchObject({
      status: "succeeded",
      completedAt: new Date(T0 + 20),
      retryAt: null,
    });
    expect(row.status).toBe("succeeded");
    expect(world.posts).toHaveLength(2);
  });

  test("a re-send of a deleted delivery is gone", async () => {
    expect(await attempt.manual("wd_missing", "manual-1")).toEqual({ kind: "gone" });
  });
});

describe("classifyAnswer", () => {
  const answer = (over: Partial<PostAnswer>): PostAnswer => ({
    statusCode: 200,
    location: undefined,
    responseExcerpt: "",
    error: null,
    durationMs: 5,
    ...over,
  });

  test("only a complete 2xx succeeds", () => {
    expect(classifyAnswer(answer({ statusCode: 299 }))).toMatchObject({ succeeded: true, error: null });
    expect(classifyAnswer(answer({ statusCode: 404 }))).toMatchObject({ succeeded: false, error: "The endpoint answered 404." });
    expect(classifyAnswer(answer({ statusCode: 200, error: "No complete answer within 10 ms." }))).toMatchObject({
      succeeded: false,
      error: "No complete answer within 10 ms.",
    });
    expect(classifyAnswer(answer({ statusCode: null, responseExcerpt: null }))).toMatchObject({ succeeded: false, error: "No answer." });
  });
});
