import type { MemberRole } from "@svc/db";

export interface InvitationMessage {
  to: string;
  workspaceName: string;
  inviterEmail: string;
  role: MemberRole;
  link: string;
  expiresAt: string;
}

/**
 * Sends invitation emails. The real one queues them through this service's own pipeline; when
 * no system sender is configured there is nothing to send with, and `send` answers null so the
 * dashboard can show the link to the inviter instead.
 */
export interface InvitationMailer {
  send(message: InvitationMessage): Promise<{ emailId: string } | null>;
}

export const noInvitationMailer: InvitationMailer = {
  async send() {
    return null;
  },
};
