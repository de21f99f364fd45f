import { getSesSetup, sesExpectationOf } from "@svc/core";
import { createSesApiClients, readSesStatus, type SesStatus } from "@svc/providers";
import { Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { requireOperator, workspaceRequest } from "../http/guards.ts";
import { sendPage } from "../http/render.ts";
import { sesStatusBody } from "../views/pages/ses.ts";

/**
 * GET /ses: what `svc ses status` shows, for operators only: the SES account, its topic (and so
 * the account id) and every configuration set are the install's, not a workspace's.
 */
export function sesRoutes(deps: DashboardDeps): Router {
  const router = Router();
  router.get("/ses", requireOperator(), async (req, res) => {
    const w = workspaceRequest(req);
    const { env } = deps;
    if (env.EMAIL_PROVIDER !== "ses") {
      sendPage(req, res, w, {
        title: "Amazon SES",
        nav: null,
        body: sesStatusBody({ provider: env.EMAIL_PROVIDER, status: null, lastNotificationAt: null }),
      });
      return;
    }
    const recorded = await getSesSetup(deps.prisma, env.AWS_REGION);
    const clients = createSesApiClients(env);
    let status: SesStatus | null = null;
    let error: string | undefined;
    try {
      status = await readSesStatus(clients, sesExpectationOf(recorded));
    } catch (thrown) {
      // AWS unreachable or refusing: say so rather than fail the page. No credentials are in the message.
      deps.log.warn({ err: thrown }, "could not read the SES status");
      error = "Could not read the status from AWS; see the dashboard's log.";
    } finally {
      clients.close();
    }
    sendPage(req, res, w, {
      title: "Amazon SES",
      nav: null,
      body: sesStatusBody({
        provider: "ses",
        status,
        lastNotificationAt: recorded?.lastNotificationAt?.toISOString() ?? null,
        ...(error ? { error } : {}),
      }),
    });
  });
  return router;
}
