import path from "node:path";
import { fileURLToPath } from "node:url";
import { observeHttp } from "@svc/metrics";
import { healthEndpoints } from "@svc/runtime";
import express, { type Express } from "express";
import type { DashboardDeps } from "./deps.ts";
import { verifyCsrf } from "./http/csrf.ts";
import { requireEnrolment } from "./http/enrolment.ts";
import { errorHandler, notFoundHandler } from "./http/errors.ts";
import { checkRequestTarget, refuseNulInForms } from "./http/requestText.ts";
import { securityHeaders } from "./http/security.ts";
import { loadSession } from "./http/session.ts";
import { vendorScripts } from "./http/vendor.ts";
import { accountRoutes } from "./routes/account.ts";
import { auditLogRoutes } from "./routes/auditLog.ts";
import { authRoutes } from "./routes/auth.ts";
import { dmarcRoutes } from "./routes/dmarc.ts";
import { doctorRoutes } from "./routes/doctor.ts";
import { domainRoutes } from "./routes/domains.ts";
import { emailRoutes } from "./routes/emails.ts";
import { erasureRoutes } from "./routes/erasures.ts";
import { inboundRoutes } from "./routes/inbound.ts";
import { keyRoutes } from "./routes/keys.ts";
import { memberRoutes } from "./routes/members.ts";
import { oidcRoutes } from "./routes/oidc.ts";
import { overviewRoutes } from "./routes/overview.ts";
import { receivingDomainRoutes } from "./routes/receivingDomains.ts";
import { recipientRoutes } from "./routes/recipients.ts";
import { regionsRoutes } from "./routes/regions.ts";
import { secondFactorRoutes } from "./routes/secondFactor.ts";
import { sesRoutes } from "./routes/ses.ts";
import { singleSignOnRoutes } from "./routes/singleSignOn.ts";
import { smtpRoutes } from "./routes/smtp.ts";
import { suppressionRoutes } from "./routes/suppressions.ts";
import { templateRoutes } from "./routes/templates.ts";
import { webhookRoutes } from "./routes/webhooks.ts";

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public");

/**
 * The dashboard: server-rendered pages for people. Order matters: health and assets need no
 * session; every other request gets its session loaded, then (for state changes) its CSRF token
 * checked, before any route sees it. Routes check the member's role themselves.
 */
export function createDashboardApp(deps: DashboardDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", deps.env.DASHBOARD_TRUST_PROXY);

  app.use(observeHttp({ token: deps.env.METRICS_TOKEN }));
  app.use(
    healthEndpoints([
      { name: "postgres", check: () => deps.db.ping() },
      { name: "redis", check: () => deps.redis.ping() },
    ]),
  );
  app.use(securityHeaders);
  app.use(checkRequestTarget);
  app.use(vendorScripts(deps.log));
  app.use("/assets", express.static(PUBLIC_DIR, { index: false, maxAge: "1h", fallthrough: false }));
  // A CSV import (1 MB of text, larger once form-encoded) is the one big form; everything else stays small.
  app.use("/suppressions/import", express.urlencoded({ extended: false, limit: "4mb", parameterLimit: 10 }));
  // A template's draft (its sources, and five fields for each of up to 100 variables) is the other big form.
  app.use("/templates", express.urlencoded({ extended: false, limit: "2mb", parameterLimit: 600 }));
  // The passkey ceremonies speak JSON (the browser's WebAuthn answers); nothing else does.
  app.use(["/login/passkey", "/account/passkeys"], express.json({ limit: "64kb" }));
  app.use(express.urlencoded({ extended: false, limit: "64kb", parameterLimit: 200 }));
  app.use(refuseNulInForms);
  app.use(loadSession(deps));
  app.use(verifyCsrf(deps.env.DASHBOARD_BASE_URL));
  app.use(requireEnrolment(deps));

  app.use(authRoutes(deps));
  app.use(secondFactorRoutes(deps));
  app.use(oidcRoutes(deps));
  app.use(accountRoutes(deps));
  app.use(overviewRoutes(deps));
  app.use(emailRoutes(deps));
  // Before the inbox: /inbound/domains is not a message id.
  app.use(receivingDomainRoutes(deps));
  app.use(inboundRoutes(deps));
  app.use(dmarcRoutes(deps));
  app.use(auditLogRoutes(deps));
  app.use(erasureRoutes(deps));
  app.use(keyRoutes(deps));
  app.use(domainRoutes(deps));
  app.use(recipientRoutes(deps));
  app.use(suppressionRoutes(deps));
  app.use(templateRoutes(deps));
  app.use(webhookRoutes(deps));
  app.use(smtpRoutes(deps));
  app.use(memberRoutes(deps));
  app.use(sesRoutes(deps));
  app.use(singleSignOnRoutes(deps));
  app.use(doctorRoutes(deps));
  app.use(regionsRoutes(deps));

  app.use(notFoundHandler);
  app.use(errorHandler(deps.log));
  return app;
}
