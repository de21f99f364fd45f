import {
  AppError,
  acceptInvitation,
  authenticate,
  confirmSignUp,
  deleteSession,
  openInvitation,
  openSignUp,
  requestSignUp,
  type SessionRecord,
  showOidc,
  signUp,
  switchSessionWorkspace,
} from "@svc/core";
import { type Request, type Response, Router } from "express";
import { LoginThrottle } from "../auth/loginThrottle.ts";
import { SignUpThrottle } from "../auth/signupThrottle.ts";
import type { DashboardDeps } from "../deps.ts";
import { secureCookies } from "../env.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { serializeCookie } from "../http/cookies.ts";
import { renderErrorPage } from "../http/errors.ts";
import { formString, param } from "../http/render.ts";
import { safeNext } from "../http/safeNext.ts";
import { SESSION_COOKIE } from "../http/session.ts";
import { signInSessions } from "../http/signIn.ts";
import { stateOf } from "../http/state.ts";
import type { SystemMailer } from "../mail/pipelineMailer.ts";
import { signupConfirmContent, signupExistingAccountContent } from "../mail/signupContent.ts";
import {
  invalidInvitationPage,
  invalidSignupLinkPage,
  invitationPage,
  loginPage,
  signupCheckInboxPage,
  signupConfirmPage,
  signupDisabledPage,
  signupPage,
  tooManyAttemptsMessage,
  tooManySignUpsMessage,
} from "../views/pages/auth.ts";

export function authRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const audit = dashboardAuditor(deps);
  const secure = secureCookies(deps.env);
  const throttle = new LoginThrottle(deps.redis, {
    prefix: `${deps.env.QUEUE_PREFIX}:dashboard`,
    maxFailures: deps.env.DASHBOARD_LOGIN_MAX_FAILURES,
    maxAccountFailures: deps.env.DASHBOARD_LOGIN_ACCOUNT_MAX_FAILURES,
    windowSeconds: deps.env.DASHBOARD_LOGIN_WINDOW_SECONDS,
    knownNetworkSeconds: deps.env.DASHBOARD_LOGIN_KNOWN_NETWORK_DAYS * 86_400,
    log: deps.log,
  });
  const sessions = signInSessions(deps);
  const signupEnabled = deps.env.DASHBOARD_SIGNUP;
  const signupThrottle = new SignUpThrottle(deps.redis, {
    prefix: `${deps.env.QUEUE_PREFIX}:dashboard`,
    perOriginPerHour: deps.env.DASHBOARD_SIGNUPS_PER_ORIGIN_PER_HOUR,
    perHour: deps.env.DASHBOARD_SIGNUPS_PER_HOUR,
    log: deps.log,
  });

  /** Sign-up and a new account's invitation: nothing to ask beyond what was just proven. */
  const startSession = (req: Request, res: Response, userId: string, workspaceId?: string): Promise<SessionRecord> =>
    sessions.start(req, res, userId, { workspaceId });

  const send = (res: Response, status: number, markup: { toString(): string }) => res.status(status).type("html").send(markup.toString());

  /** The single sign-on button's label when the operator configured a provider. */
  const oidcLabel = async (): Promise<string | null> => {
    try {
      const oidc = await showOidc(deps.prisma);
      return oidc.enabled ? (oidc.displayName ?? null) : null;
    } catch {
      return null; // the form still works without the database; the button waits for it
    }
  };

  router.get("/login", async (req, res) => {
    if (stateOf(req).session) return res.redirect(303, safeNext(req.query.next));
    send(
      res,
      200,
      loginPage({
        csrf: stateOf(req).csrfToken,
        next: safeNext(req.query.next) === "/" ? undefined : safeNext(req.query.next),
        signupEnabled,
        oidc: await oidcLabel(),
      }),
    );
  });

  router.post("/login", async (req, res) => {
    const email = formString(req, "email", 254);
    const password = typeof req.body?.password === "string" ? (req.body.password as string) : "";
    const next = safeNext(req.body?.next);
    const page = async (status: number, error: string) =>
      send(
        res,
        status,
        loginPage({
          csrf: stateOf(req).csrfToken,
          email,
          error,
          next: next === "/" ? undefined : next,
          signupEnabled,
          oidc: await oidcLabel(),
        }),
      );
    if (!email || !password) return page(422, "Enter your email and password.");

    const ip = req.ip ?? "unknown";
    // The attempt's slot is taken before the password is verified, so parallel guesses cannot
    // all pass the check before any failure is counted. Without Redis it is counted in this process.
    const decision = await throttle.reserve(email, ip);
    if (!decision.allowed) {
      await audit.signInFailed(req, email, "throttled");
      res.set("Retry-After", String(decision.retryAfterSeconds));
      deps.log.warn({ ip }, "login throttled");
      return page(429, tooManyAttemptsMessage(decision.retryAfterSeconds));
    }

    let user;
    try {
      user = await authenticate(deps.prisma, email, password);
    } catch (error) {
      await decision.release().catch(() => {});
      throw error;
    }
    // A wrong password keeps its slot: that is the failure count.
    if (!user) {
      await audit.signInFailed(req, email, "wrong_credentials");
      return page(401, "That email and password don't match an account.");
    }
    await decision.succeeded().catch((error) => deps.log.error({ err: error }, "could not clear failed logins"));
    const session = await sessions.afterFirstFactor(req, res, user.id, { method: "password" });
    if (session === "second_factor") {
      deps.log.info({ userId: user.id }, "password accepted, second factor asked");
      return res.redirect(303, next === "/" ? "/login/second-factor" : `/login/second-factor?next=${encodeURIComponent(next)}`);
    }
    await audit.signIn(req, user.id, session.workspaceId, { method: "password" });
    deps.log.info({ userId: user.id }, "logged in");
    res.redirect(303, next);
  });

  router.get("/signup", (req, res) => {
    if (!signupEnabled) return send(res, 404, signupDisabledPage());
    if (stateOf(req).session) return res.redirect(303, "/");
    send(res, 200, signupPage({ csrf: stateOf(req).csrfToken }));
  });

  router.post("/signup", async (req, res) => {
    if (!signupEnabled) return send(res, 404, signupDisabledPage());
    const email = formString(req, "email", 254);
    const workspaceName = formString(req, "workspaceName", 200);
    const password = typeof req.body?.password === "string" ? (req.body.password as string) : "";
    // Before any work for the request (a password hash, a mail): the answer names no address.
    const throttled = await signupThrottle.take(req.ip ?? req.socket.remoteAddress ?? "unknown");
    if (!throttled.allowed) {
      res.set("Retry-After", String(throttled.retryAfterSeconds));
      return send(res, 429, signupPage({ csrf: stateOf(req).csrfToken, email, workspaceName, error: tooManySignUpsMessage(throttled) }));
    }
    try {
      if (deps.mailer) return await requestConfirmedSignUp(res, { email, password, workspaceName }, deps.mailer);
      const { user, workspaceId } = await signUp(deps.prisma, { email, password, workspaceName });
      await startSession(req, res, user.id, workspaceId);
      await audit.signUp(req, user.id, workspaceId, { addressConfirmed: false });
      deps.log.info({ userId: user.id, workspaceId }, "signed up");
      res.redirect(303, "/?notice=welcome");
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      send(res, error.status, signupPage({ csrf: stateOf(req).csrfToken, email, workspaceName, error: error.message }));
    }
  });

  /**
   * With a system sender, sign-up is confirmed by a link mailed to the address: the page answers
   * the same whether or not the address has an account, and nothing exists until the link is used.
   */
  async function requestConfirmedSignUp(
    res: Response,
    input: { email: string; password: string; workspaceName: string },
    mailer: SystemMailer,
  ): Promise<void> {
    const request = await requestSignUp(deps.prisma, input);
    if (request.kind === "confirm") {
      const link = new URL(`/signup/confirm/${request.token}`, deps.env.DASHBOARD_BASE_URL).toString();
      await mailer.send({ to: [request.email], ...signupConfirmContent({ link, expiresAt: request.expiresAt }) });
    } else if (request.kind === "existing") {
      await mailer.send({
        to: [request.email],
        ...signupExistingAccountContent({ loginUrl: new URL("/login", deps.env.DASHBOARD_BASE_URL).toString() }),
      });
    }
    send(res, 200, signupCheckInboxPage(request.email));
  }

  // The link token is in the URL: keep it out of Referer headers of anything the page loads.
  router.use("/signup/confirm", (_req, res, next) => {
    res.set("Referrer-Policy", "no-referrer");
    next();
  });

  router.get("/signup/confirm/:token", async (req, res) => {
    if (!signupEnabled) return send(res, 404, signupDisabledPage());
    try {
      const pending = await openSignUp(deps.prisma, param(req, "token"));
      send(res, 200, signupConfirmPage({ csrf: stateOf(req).csrfToken, token: param(req, "token"), ...pending }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      send(res, error.status, invalidSignupLinkPage(error.message));
    }
  });

  router.post("/signup/confirm/:token", async (req, res) => {
    if (!signupEnabled) return send(res, 404, signupDisabledPage());
    try {
      const { user, workspaceId } = await confirmSignUp(deps.prisma, param(req, "token"));
      await startSession(req, res, user.id, workspaceId);
      await audit.signUp(req, user.id, workspaceId, { addressConfirmed: true });
      deps.log.info({ userId: user.id, workspaceId }, "signed up (address confirmed)");
      res.redirect(303, "/?notice=welcome");
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      send(res, error.status, invalidSignupLinkPage(error.message));
    }
  });

  router.post("/logout", async (req, res) => {
    const state = stateOf(req);
    const token = state.sessionToken;
    if (token) await deleteSession(deps.prisma, token);
    if (state.session) await audit.signOut(req, state.session.userId, state.workspace?.workspaceId ?? null);
    else if (state.pending) await audit.signOut(req, state.pending.userId, null, { step: "second_factor" });
    res.append("Set-Cookie", serializeCookie(SESSION_COOKIE, "", { maxAgeSeconds: 0, secure }));
    res.redirect(303, "/login");
  });

  // The link token is in the URL: keep it out of Referer headers of anything the page loads.
  router.use("/invitations", (_req, res, next) => {
    res.set("Referrer-Policy", "no-referrer");
    next();
  });

  router.get("/invitations/:token", async (req, res) => {
    try {
      const invitation = await openInvitation(deps.prisma, param(req, "token"));
      send(res, 200, invitationPage({ csrf: stateOf(req).csrfToken, token: param(req, "token"), invitation }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      send(res, 404, invalidInvitationPage(error.message));
    }
  });

  router.post("/invitations/:token", async (req, res) => {
    const token = param(req, "token");
    let invitation;
    try {
      invitation = await openInvitation(deps.prisma, token);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return send(res, 404, invalidInvitationPage(error.message));
    }
    const password = typeof req.body?.password === "string" ? (req.body.password as string) : "";
    const retry = (status: number, error: string) =>
      send(res, status, invitationPage({ csrf: stateOf(req).csrfToken, token, invitation, error }));
    if (!invitation.accountExists && password !== req.body?.passwordConfirm) return retry(422, "The two passwords don't match.");
    // An existing account proves itself with its password here: the same throttle as the login form.
    const ip = req.ip ?? "unknown";
    const email = invitation.invitation.email;
    let decision = null;
    if (invitation.accountExists) {
      decision = await throttle.reserve(email, ip);
      if (!decision.allowed) return retry(429, tooManyAttemptsMessage(decision.retryAfterSeconds));
    }
    const slot = decision?.allowed ? decision : null;
    try {
      const accepted = await acceptInvitation(deps.prisma, token, password);
      await slot?.succeeded().catch(() => {});
      await audit.joined(req, accepted, invitation.invitation.id);
      deps.log.info({ userId: accepted.userId, workspaceId: accepted.workspaceId }, "invitation accepted");
      // An existing account proved only its password here: its second factor is still asked.
      const session = await sessions.afterFirstFactor(req, res, accepted.userId, { method: "password", workspaceId: accepted.workspaceId });
      if (session === "second_factor") return res.redirect(303, "/login/second-factor");
      res.redirect(303, "/?notice=joined");
    } catch (error) {
      // A wrong password keeps its slot (the failure count); anything else gives it back.
      if (!(error instanceof AppError) || error.code !== "unauthorized") await slot?.release().catch(() => {});
      if (!(error instanceof AppError)) throw error;
      if (error.code === "not_found") return send(res, 404, invalidInvitationPage(error.message));
      retry(error.status, error.message);
    }
  });

  router.post("/workspaces/switch", async (req, res) => {
    const state = stateOf(req);
    if (!state.session) return renderErrorPage(req, res, 401, "Please log in", "Your session has ended. Log in again.");
    await switchSessionWorkspace(deps.prisma, state.session.id, state.session.userId, formString(req, "workspaceId", 100));
    res.redirect(303, "/?notice=switched");
  });

  return router;
}
