import {
  AppError,
  accountHasPassword,
  authenticate,
  beginTotpEnrolment,
  confirmTotpEnrolment,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  regenerateRecoveryCodes,
  registerPasskey,
  relyingPartyFor,
  removePasskey,
  removeTotp,
  secondFactorStatus,
  verifyPasskeySignIn,
  verifyTotpCode,
} from "@svc/core";
import { type Request, type Response, Router } from "express";
import QRCode from "qrcode";
import { ChallengeStore } from "../auth/challenges.ts";
import { secondFactorThrottle } from "../auth/secondFactorThrottle.ts";
import type { DashboardDeps } from "../deps.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { requirePermission, type WorkspaceRequest, workspaceRequest } from "../http/guards.ts";
import { formString, sendPage } from "../http/render.ts";
import { type AccountSecurityInput, accountSecurityBody } from "../views/pages/account.ts";
import { tooManyAttemptsMessage } from "../views/pages/auth.ts";

/** A person's own second factors: the authenticator app, recovery codes and passkeys. */
export function accountRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const audit = dashboardAuditor(deps);
  const member = requirePermission("workspace:read");
  const throttle = secondFactorThrottle(deps);
  const challenges = new ChallengeStore(deps.redis, `${deps.env.QUEUE_PREFIX}:dashboard`);
  const rp = relyingPartyFor(deps.env.DASHBOARD_BASE_URL);

  async function render(req: Request, res: Response, w: WorkspaceRequest, extra: Partial<AccountSecurityInput> & { status?: number } = {}) {
    const { status, ...rest } = extra;
    const [factors, hasPassword] = await Promise.all([
      secondFactorStatus(deps.prisma, w.session.userId),
      accountHasPassword(deps.prisma, w.session.userId),
    ]);
    sendPage(req, res, w, {
      title: "Account security",
      nav: null,
      status,
      ...(status ? { notice: null } : {}),
      body: accountSecurityBody({
        csrf: w.csrf,
        factors,
        hasPassword,
        required: w.memberships.some((m) => m.requireSecondFactor),
        ...rest,
      }),
    });
  }

  const failed = (req: Request, res: Response, w: WorkspaceRequest, error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    return render(req, res, w, { status: error.status, error: error.message });
  };

  /**
   * Whether the form carries a fresh proof, throttled like sign-in: the password, or for an
   * account without one (made by single sign-on) a code from the authenticator app or a passkey
   * assertion answering the challenge this session asked for. A reused code or a replayed
   * assertion is refused, as at sign-in.
   */
  async function freshProof(req: Request, w: WorkspaceRequest): Promise<boolean> {
    const userId = w.session.userId;
    if (await accountHasPassword(deps.prisma, userId)) {
      const password = typeof req.body?.password === "string" ? (req.body.password as string) : "";
      return password !== "" && (await authenticate(deps.prisma, w.session.userEmail, password)) !== null;
    }
    const assertion = formString(req, "passkeyAssertion", 16_000);
    if (assertion) {
      const expectedChallenge = await challenges.take("reauth", w.session.id);
      if (!expectedChallenge) return false;
      try {
        await verifyPasskeySignIn(deps.prisma, rp, { expectedChallenge, response: JSON.parse(assertion), userId });
        return true;
      } catch (error) {
        if (error instanceof SyntaxError || error instanceof AppError) return false;
        throw error;
      }
    }
    const code = formString(req, "code", 20);
    return code !== "" && (await verifyTotpCode(deps.prisma, deps.secrets, userId, code)) === "ok";
  }

  /** Removing a factor or replacing recovery codes asks for a fresh proof (freshProof); renders the refusal itself. */
  async function proofConfirmed(req: Request, res: Response, w: WorkspaceRequest): Promise<boolean> {
    const decision = await throttle.reserve(w.session.userId, req.ip ?? "unknown");
    if (!decision.allowed) {
      res.set("Retry-After", String(decision.retryAfterSeconds));
      await render(req, res, w, { status: 429, error: tooManyAttemptsMessage(decision.retryAfterSeconds) });
      return false;
    }
    let proven: boolean;
    try {
      proven = await freshProof(req, w);
    } catch (error) {
      await decision.release().catch(() => {});
      throw error;
    }
    // A failed proof keeps its slot: that is the failure count.
    if (!proven) {
      const hasPassword = await accountHasPassword(deps.prisma, w.session.userId);
      await render(req, res, w, {
        status: 401,
        error: hasPassword
          ? "That password isn't right. Nothing was changed."
          : "Confirm it's you with a code from your authenticator app or with a passkey. Nothing was changed.",
      });
      return false;
    }
    await decision.succeeded().catch(() => {});
    return true;
  }

  router.get("/account/security", member, async (req, res) => render(req, res, workspaceRequest(req)));

  router.post("/account/totp/start", member, async (req, res) => {
    const w = workspaceRequest(req);
    try {
      const { secret, uri } = await beginTotpEnrolment(deps.prisma, deps.secrets, { id: w.session.userId, email: w.session.userEmail });
      const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, width: 200 });
      await render(req, res, w, { enrolment: { secret, qrSvg } });
    } catch (error) {
      await failed(req, res, w, error);
    }
  });

  router.post("/account/totp/confirm", member, async (req, res) => {
    const w = workspaceRequest(req);
    try {
      const { recoveryCodes } = await confirmTotpEnrolment(deps.prisma, deps.secrets, w.session.userId, formString(req, "code", 20));
      await audit.factor(req, w.session.userId, w.workspaceId, "auth.second_factor_enrolled", { factor: "totp" });
      await render(req, res, w, { recoveryCodes });
    } catch (error) {
      await failed(req, res, w, error);
    }
  });

  router.post("/account/totp/recovery-codes", member, async (req, res) => {
    const w = workspaceRequest(req);
    if (!(await secondFactorStatus(deps.prisma, w.session.userId)).totp) {
      return render(req, res, w, { status: 409, error: "Set up an authenticator app first." });
    }
    if (!(await proofConfirmed(req, res, w))) return;
    const recoveryCodes = await regenerateRecoveryCodes(deps.prisma, w.session.userId);
    await audit.factor(req, w.session.userId, w.workspaceId, "auth.recovery_codes_regenerated", { count: recoveryCodes.length });
    await render(req, res, w, { recoveryCodes });
  });

  router.post("/account/totp/remove", member, async (req, res) => {
    const w = workspaceRequest(req);
    if (!(await proofConfirmed(req, res, w))) return;
    try {
      await removeTotp(deps.prisma, w.session.userId);
      await audit.factor(req, w.session.userId, w.workspaceId, "auth.second_factor_removed", { factor: "totp" });
      res.redirect(303, "/account/security?notice=factor_removed");
    } catch (error) {
      await failed(req, res, w, error);
    }
  });

  router.post("/account/passkeys/options", member, async (req, res) => {
    const w = workspaceRequest(req);
    try {
      const options = await passkeyRegistrationOptions(deps.prisma, rp, { id: w.session.userId, email: w.session.userEmail });
      await challenges.put("register", w.session.id, options.challenge);
      res.json(options);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res.status(error.status).json({ error: error.message, code: error.code });
    }
  });

  router.post("/account/passkeys", member, async (req, res) => {
    const w = workspaceRequest(req);
    const expectedChallenge = await challenges.take("register", w.session.id);
    if (!expectedChallenge) {
      return res.status(400).json({ error: "The passkey request expired or was already used. Try again.", code: "bad_request" });
    }
    const body = (req.body ?? {}) as { name?: unknown; response?: unknown };
    try {
      const passkey = await registerPasskey(deps.prisma, rp, {
        userId: w.session.userId,
        expectedChallenge,
        response: body.response,
        name: typeof body.name === "string" ? body.name : "",
      });
      await audit.factor(req, w.session.userId, w.workspaceId, "auth.second_factor_enrolled", { factor: "passkey", name: passkey.name });
      res.json({ ok: true, id: passkey.id });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res.status(error.status).json({ error: error.message, code: error.code });
    }
  });

  /** A challenge for confirming a change with a passkey (an account without a password); answered in the change's form. */
  router.post("/account/reauth/options", member, async (req, res) => {
    const w = workspaceRequest(req);
    const options = await passkeySignInOptions(deps.prisma, rp, w.session.userId);
    await challenges.put("reauth", w.session.id, options.challenge);
    res.json(options);
  });

  router.post("/account/passkeys/remove", member, async (req, res) => {
    const w = workspaceRequest(req);
    if (!(await proofConfirmed(req, res, w))) return;
    try {
      const { name } = await removePasskey(deps.prisma, w.session.userId, formString(req, "passkeyId", 100));
      await audit.factor(req, w.session.userId, w.workspaceId, "auth.second_factor_removed", { factor: "passkey", name });
      res.redirect(303, "/account/security?notice=factor_removed");
    } catch (error) {
      await failed(req, res, w, error);
    }
  });

  return router;
}
