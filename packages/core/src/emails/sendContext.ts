import type { Plan } from "@svc/db";
import type { KeyEnvironmentName } from "../keys/format.ts";

/** Who is sending: taken from the authenticated API key. */
export interface SendContext {
  workspaceId: string;
  apiKeyId: string;
  /** The key's environment; stored on the email so the sender can hold test keys to test recipients. */
  environment: KeyEnvironmentName;
  plan: Plan;
}
