import type { Command } from "../command.ts";
import { workspaceCommands } from "./workspace.ts";
import { keyCommands } from "./key.ts";
import { domainCommands } from "./domain.ts";
import { recipientCommands } from "./recipient.ts";
import { userCommands } from "./user.ts";
import { webhookCommands } from "./webhook.ts";
import { suppressionCommands } from "./suppression.ts";
import { sesCommands } from "./ses.ts";
import { inboundCommands } from "./inbound.ts";
import { operatorCommands } from "./operator.ts";
import { templateCommands } from "./template.ts";

/** Every command group. Each group lives in its own file and exports its commands. */
export const COMMANDS: Command[] = [...workspaceCommands, ...keyCommands, ...domainCommands, ...recipientCommands, ...userCommands, ...webhookCommands, ...suppressionCommands, ...templateCommands, ...sesCommands, ...operatorCommands, ...inboundCommands];
