import {
  commonEnv,
  dashboardEnv,
  dnsEnv,
  domainClaimEnv,
  domainRecheckEnv,
  httpServerEnv,
  inboundMxEnv,
  providerEnv,
  sesEnv,
  smtpPublicEnv,
  templateRenderEnv,
  webhookReplayEnv,
  webhookSecretEnv,
  webhookUrlEnv,
} from "@svc/config";
import { z } from "zod";

/** Everything the dashboard reads from its environment, validated once at start. */
export const dashboardEnvSchema = z.object({
  ...commonEnv,
  ...httpServerEnv,
  ...webhookSecretEnv,
  ...webhookUrlEnv,
  ...webhookReplayEnv,
  ...dnsEnv,
  ...dashboardEnv,
  // With EMAIL_PROVIDER=ses, domains and test recipients are SES identities, managed from here too.
  ...providerEnv,
  ...sesEnv,
  ...domainRecheckEnv,
  ...domainClaimEnv,
  ...smtpPublicEnv,
  ...inboundMxEnv,
  ...templateRenderEnv,
});

export type DashboardEnv = z.infer<typeof dashboardEnvSchema>;

/** Whether the session cookie carries `Secure`: always, except in local development unless forced. */
export function secureCookies(env: DashboardEnv): boolean {
  if (env.DASHBOARD_COOKIE_SECURE === "auto") return env.NODE_ENV !== "development";
  return env.DASHBOARD_COOKIE_SECURE === "true";
}
