import type { DashboardDeps } from "../deps.ts";
import { LoginThrottle } from "./loginThrottle.ts";

/**
 * Failed second-factor codes (TOTP, recovery codes, refused passkeys) are throttled exactly like
 * passwords, with the same limits, on counters of their own keyed by the user: a guesser who has
 * the password gets no more tries at the code than at the password.
 */
export function secondFactorThrottle(deps: DashboardDeps): LoginThrottle {
  return new LoginThrottle(deps.redis, {
    prefix: `${deps.env.QUEUE_PREFIX}:dashboard:second-factor`,
    maxFailures: deps.env.DASHBOARD_LOGIN_MAX_FAILURES,
    maxAccountFailures: deps.env.DASHBOARD_LOGIN_ACCOUNT_MAX_FAILURES,
    windowSeconds: deps.env.DASHBOARD_LOGIN_WINDOW_SECONDS,
    knownNetworkSeconds: deps.env.DASHBOARD_LOGIN_KNOWN_NETWORK_DAYS * 86_400,
    log: deps.log,
  });
}
