import { OidcClient, type OidcFlow, OidcRefusal, oidcProvider, oidcSignIn } from "@svc/core";
import { type Request, type Response, Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { secureCookies } from "../env.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { parseCookies, serializeCookie } from "../http/cookies.ts";
import { safeNext } from "../http/safeNext.ts";
import { signInSessions } from "../http/signIn.ts";
import { oidcRefusedPage } from "../views/pages/auth.ts";

/** The sealed state of one sign-in between the redirect and the callback. */
const FLOW_COOKIE = "svc_oidc";
/** A sign-in at the provider must come back within this time. */
const FLOW_TTL_SECONDS = 600;

interface SealedFlow extends OidcFlow {
  next: string;
  expiresAt: number;
}

/**
 * Single sign-on through the install's OpenID Connect provider. `state`, `nonce` and the PKCE
 * verifier travel in a sealed, httpOnly cookie bound to the browser that started, for ten
 * minutes and one callback. Every refusal is audited and answered with a page, never a 500.
 */
export function oidcRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const client = new OidcClient();
  const audit = dashboardAuditor(deps);
  const sessions = signInSessions(deps);
  const secure = secureCookies(deps.env);
  const redirectUri = new URL("/login/oidc/callback", deps.env.DASHBOARD_BASE_URL).toString();

  const refused = async (req: Request, res: Response, error: OidcRefusal, status = 403) => {
    await audit.oidcRefused(req, error.reason, error.email);
    deps.log.warn({ reason: error.reason }, "oidc sign-in refused");
    res.status(status).type("html").send(oidcRefusedPage(error.message).toString());
  };

  router.get("/login/oidc", async (req, res) => {
    const settings = await oidcProvider(deps.prisma, deps.secrets);
    if (!settings) return res.status(404).type("html").send(oidcRefusedPage("Single sign-on is not set up on this server.").toString());
    try {
      const { url, flow } = await client.start(settings, redirectUri);
      const sealed: SealedFlow = { ...flow, next: safeNext(req.query.next), expiresAt: Date.now() + FLOW_TTL_SECONDS * 1000 };
      res.append(
        "Set-Cookie",
        serializeCookie(FLOW_COOKIE, deps.secrets.seal(JSON.stringify(sealed)), { maxAgeSeconds: FLOW_TTL_SECONDS, secure }),
      );
      res.redirect(303, url.toString());
    } catch (error) {
      if (!(error instanceof OidcRefusal)) throw error;
      await refused(req, res, error, 502);
    }
  });

  router.get("/login/oidc/callback", async (req, res) => {
    // One callback per flow: the cookie goes whatever happens next.
    res.append("Set-Cookie", serializeCookie(FLOW_COOKIE, "", { maxAgeSeconds: 0, secure }));
    try {
      const flow = openFlow(parseCookies(req.headers.cookie)[FLOW_COOKIE]);
      const settings = await oidcProvider(deps.prisma, deps.secrets);
      if (!settings) throw new OidcRefusal("not_configured", "Single sign-on is not set up on this server.");
      const callbackUrl = new URL(req.originalUrl, deps.env.DASHBOARD_BASE_URL);
      const claims = await client.finish(settings, callbackUrl, flow);
      const signedIn = await oidcSignIn(deps.prisma, claims);
      const session = await sessions.afterFirstFactor(req, res, signedIn.userId, {
        method: "oidc",
        workspaceId: signedIn.joined?.workspaceId,
      });
      if (session === "second_factor") {
        return res.redirect(303, flow.next === "/" ? "/login/second-factor" : `/login/second-factor?next=${encodeURIComponent(flow.next)}`);
      }
      await audit.signIn(req, signedIn.userId, session.workspaceId, {
        method: "oidc",
        userCreated: signedIn.userCreated,
        ...(signedIn.joined ? { joinedWorkspaceId: signedIn.joined.workspaceId, role: signedIn.joined.role } : {}),
      });
      res.redirect(303, flow.next);
    } catch (error) {
      if (!(error instanceof OidcRefusal)) throw error;
      await refused(req, res, error, error.reason === "provider_unreachable" ? 502 : 403);
    }
  });

  function openFlow(cookie: string | undefined): SealedFlow {
    if (!cookie)
      throw new OidcRefusal("no_flow", "This sign-in was not started here, or it has expired. Start again from the sign-in page.");
    let flow: SealedFlow;
    try {
      flow = JSON.parse(deps.secrets.open(cookie)) as SealedFlow;
    } catch {
      throw new OidcRefusal("no_flow", "This sign-in was not started here, or it has expired. Start again from the sign-in page.");
    }
    if (typeof flow.expiresAt !== "number" || flow.expiresAt < Date.now()) {
      throw new OidcRefusal("flow_expired", "This sign-in took too long. Start again from the sign-in page.");
    }
    return flow;
  }

  return router;
}
