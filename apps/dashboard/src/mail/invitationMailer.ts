import type { MemberRole } from "@svc/db";
import { invitationContent } from "./invitationContent.ts";
import type { SystemMailer } from "./pipelineMailer.ts";

export interface InvitationMessage {
  to: string;
  workspaceName: string;
  inviterEmail: string;
  role: MemberRole;
  link: string;
  expiresAt: string;
}

/**
 * Sends invitation emails. When no system sender is configured `send` answers null, so the
 * dashboard can show the link to the inviter instead.
 */
export interface InvitationMailer {
  send(message: InvitationMessage): Promise<{ emailId: string } | null>;
}

export function invitationMailer(mailer: SystemMailer): InvitationMailer {
  return { send: (message) => mailer.send({ to: [message.to], ...invitationContent(message) }) };
}
