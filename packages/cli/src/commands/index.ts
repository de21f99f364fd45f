import type { Command } from "../command.ts";
import { auditLogCommands } from "./auditLog.ts";
import { domainCommands } from "./domain.ts";
import { erasureCommands } from "./erasure.ts";
import { inboundCommands } from "./inbound.ts";
import { keyCommands } from "./key.ts";
import { operatorCommands } from "./operator.ts";
import { recipientCommands } from "./recipient.ts";
import { sesCommands } from "./ses.ts";
import { suppressionCommands } from "./suppression.ts";
import { templateCommands } from "./template.ts";
import { userCommands } from "./user.ts";
import { webhookCommands } from "./webhook.ts";
import { workspaceCommands } from "./workspace.ts";

/** Every command group. Each group lives in its own file and exports its commands. */
export const COMMANDS: Command[] = [
  ...workspaceCommands,
  ...keyCommands,
  ...domainCommands,
  ...recipientCommands,
  ...userCommands,
  ...webhookCommands,
  ...suppressionCommands,
  ...templateCommands,
  ...sesCommands,
  ...operatorCommands,
  ...inboundCommands,
  ...auditLogCommands,
  ...erasureCommands,
];
