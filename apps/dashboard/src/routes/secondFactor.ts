import {
  AppError,
  type CodeCheck,
  passkeySignInOptions,
  relyingPartyFor,
  type SessionRecord,
  secondFactorStatus,
  useRecoveryCode,
  verifyPasskeySignIn,
  verifyTotpCode,
} from "@svc/core";
import { type Request, type Response, Router } from "express";
import { ChallengeStore } from "../auth/challenges.ts";
import { clientNetwork } from "../auth/clientNetwork.ts";
import { secondFactorThrottle } from "../auth/secondFactorThrottle.ts";
import type { DashboardDeps } from "../deps.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { formString } from "../http/render.ts";
import { safeNext } from "../http/safeNext.ts";
import { signInSessions } from "../http/signIn.ts";
import { stateOf } from "../http/state.ts";
import { tooManyAttemptsMessage } from "../views/pages/auth.ts";
import { secondFactorPage } from "../views/pages/secondFactor.ts";

/** Passwordless sign-in challenges per client network (an IPv6 client by its /64) per minute. */
const ANONYMOUS_CHALLENGES_PER_MINUTE = 30;

const CODE_MESSAGES: Record<Exclude<CodeCheck, "ok">, string> = {
  wrong: "That code isn't right. Enter the code your authenticator app shows now.",
  reused: "That code was already used. Wait for the next code in your authenticator app.",
};

/**
 * The second step of signing in (a TOTP code, a recovery code or a passkey), and passwordless
 * sign-in with a passkey. Every answer is audited; failures count against the user's throttle.
 */
export function secondFactorRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const audit = dashboardAuditor(deps);
  const sessions = signInSessions(deps);
  const throttle = secondFactorThrottle(deps);
  const challenges = new ChallengeStore(deps.redis, `${deps.env.QUEUE_PREFIX}:dashboard`);
  const rp = relyingPartyFor(deps.env.DASHBOARD_BASE_URL);

  const send = (res: Response, status: number, markup: { toString(): string }) => res.status(status).type("html").send(markup.toString());

  async function page(
    req: Request,
    res: Response,
    pending: SessionRecord,
    status: number,
    extra: { error?: string; recovery?: boolean } = {},
  ) {
    const factors = await secondFactorStatus(deps.prisma, pending.userId);
    const next = safeNext(req.body?.next ?? req.query.next);
    send(
      res,
      status,
      secondFactorPage({
        csrf: pending.csrfToken,
        totp: factors.totp,
        passkeys: factors.passkeys.length > 0,
        next: next === "/" ? undefined : next,
        recovery: extra.recovery ?? req.query.recovery === "1",
        ...extra,
      }),
    );
  }

  /** The pending session, promoted: the person is signed in. */
  async function complete(req: Request, res: Response, pending: SessionRecord, factor: string) {
    const session = await sessions.start(req, res, pending.userId, { method: pending.method === "oidc" ? "oidc" : "password" });
    if (factor === "recovery_code") await audit.recoveryCodeUsed(req, pending.userId, session.workspaceId);
    await audit.signIn(req, pending.userId, session.workspaceId, { method: pending.method, secondFactor: factor });
  }

  router.get("/login/second-factor", async (req, res) => {
    const pending = stateOf(req).pending;
    if (!pending) return res.redirect(303, "/login");
    await page(req, res, pending, 200);
  });

  router.post("/login/second-factor", async (req, res) => {
    const pending = stateOf(req).pending;
    if (!pending) return res.redirect(303, "/login");
    const code = formString(req, "code", 20);
    const recoveryCode = formString(req, "recoveryCode", 40);
    const recovery = !code && Boolean(recoveryCode);
    if (!code && !recoveryCode)
      return page(req, res, pending, 422, { error: "Enter a code.", recovery: req.body?.recoveryCode !== undefined });

    const ip = req.ip ?? "unknown";
    const decision = await throttle.reserve(pending.userId, ip);
    if (!decision.allowed) {
      await audit.secondFactorFailed(req, pending.userId, "throttled");
      res.set("Retry-After", String(decision.retryAfterSeconds));
      return page(req, res, pending, 429, { error: tooManyAttemptsMessage(decision.retryAfterSeconds), recovery });
    }
    let outcome: CodeCheck;
    try {
      outcome = recovery
        ? (await useRecoveryCode(deps.prisma, pending.userId, recoveryCode))
          ? "ok"
          : "wrong"
        : await verifyTotpCode(deps.prisma, deps.secrets, pending.userId, code);
    } catch (error) {
      await decision.release().catch(() => {});
      throw error;
    }
    // A wrong or reused code keeps its slot: that is the failure count.
    if (outcome !== "ok") {
      await audit.secondFactorFailed(req, pending.userId, recovery ? "wrong_recovery_code" : `${outcome}_code`);
      return page(req, res, pending, 401, {
        error: recovery ? "That recovery code isn't right, or it was used before." : CODE_MESSAGES[outcome],
        recovery,
      });
    }
    await decision.succeeded().catch((error) => deps.log.error({ err: error }, "could not clear failed codes"));
    await complete(req, res, pending, recovery ? "recovery_code" : "totp");
    res.redirect(303, safeNext(req.body?.next));
  });

  /**
   * Passkey sign-in options: for a pending session, its user's passkeys (the second factor);
   * for an anonymous visitor, any discoverable passkey (passwordless). JSON both ways.
   */
  router.post("/login/passkey/options", async (req, res) => {
    const state = stateOf(req);
    if (state.session) return res.status(409).json({ error: "You are already signed in.", code: "conflict" });
    if (!state.pending) {
      // Anyone may ask for a passwordless challenge: each is a Redis key for five minutes, so a network gets a bounded number.
      const decision = await deps.previewLimiter.take(`passkey-options:${clientNetwork(req.ip ?? "unknown")}`, {
        perSecond: ANONYMOUS_CHALLENGES_PER_MINUTE / 60,
        burst: ANONYMOUS_CHALLENGES_PER_MINUTE,
      });
      if (decision && !decision.allowed) {
        res.set("Retry-After", String(decision.retryAfterSeconds));
        return res.status(429).json({ error: tooManyAttemptsMessage(decision.retryAfterSeconds), code: "rate_limited" });
      }
    }
    const options = await passkeySignInOptions(deps.prisma, rp, state.pending?.userId ?? null);
    await challenges.put("sign-in", state.pending?.id ?? state.csrfToken, options.challenge);
    res.json(options);
  });

  router.post("/login/passkey", async (req, res) => {
    const state = stateOf(req);
    if (state.session) return res.status(409).json({ error: "You are already signed in.", code: "conflict" });
    const pending = state.pending;
    const expectedChallenge = await challenges.take("sign-in", pending?.id ?? state.csrfToken);
    if (!expectedChallenge) {
      return res.status(400).json({ error: "The passkey request expired or was already used. Try again.", code: "bad_request" });
    }
    const ip = req.ip ?? "unknown";
    const decision = pending ? await throttle.reserve(pending.userId, ip) : null;
    if (decision && !decision.allowed) {
      await audit.secondFactorFailed(req, pending!.userId, "throttled");
      res.set("Retry-After", String(decision.retryAfterSeconds));
      return res.status(429).json({ error: tooManyAttemptsMessage(decision.retryAfterSeconds), code: "rate_limited" });
    }
    let verified;
    try {
      verified = await verifyPasskeySignIn(deps.prisma, rp, { expectedChallenge, response: req.body, userId: pending?.userId ?? null });
    } catch (error) {
      if (!(error instanceof AppError)) {
        await decision?.release().catch(() => {});
        throw error;
      }
      if (pending) await audit.secondFactorFailed(req, pending.userId, "passkey_refused");
      else await audit.signInFailed(req, "(passkey)", "passkey_refused");
      return res.status(error.status).json({ error: error.message, code: error.code });
    }
    await decision?.succeeded().catch(() => {});
    if (pending) {
      await complete(req, res, pending, "passkey");
    } else {
      // Passwordless: the passkey (with user verification) is both factors.
      const session = await sessions.start(req, res, verified.userId, { method: "passkey" });
      await audit.signIn(req, verified.userId, session.workspaceId, { method: "passkey" });
    }
    res.json({ ok: true });
  });

  return router;
}
