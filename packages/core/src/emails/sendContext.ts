import type { Plan } from "@svc/db";
import type { AuthenticatedKey } from "../keys/auth.ts";
import type { KeyEnvironmentName } from "../keys/format.ts";

/** Who is sending: taken from the authenticated API key. */
export interface SendContext {
  workspaceId: string;
  apiKeyId: string;
  /** The key's environment; stored on the email so the sender can hold test keys to test recipients. */
  environment: KeyEnvironmentName;
  plan: Plan;
  /**
   * The from-domains the sending key is bound to (exact names); absent or empty: any verified
   * domain of the workspace. A send from another is refused before anything is written.
   */
  allowedDomains?: readonly string[];
}

/** The send context of an authenticated key: every key-authenticated send (REST, batch, SMTP) is built here, bindings included. */
export function sendContextOf(key: AuthenticatedKey): SendContext {
  return {
    workspaceId: key.workspaceId,
    apiKeyId: key.keyId,
    environment: key.environment,
    plan: key.plan,
    allowedDomains: key.allowedDomains,
  };
}
