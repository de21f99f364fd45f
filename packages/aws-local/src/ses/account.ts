import type { AwsLocalRoutes } from "../server.ts";

/** SES v2 GetAccount: the sending quota, sandbox and enforcement state kept in `state.ses.account`. */
export function account(routes: AwsLocalRoutes): void {
  routes.ses("GET", "/v2/email/account", ({ state }) => {
    state.calls.push("ses:GetAccount");
    return state.ses.account;
  });
}
