import { GetAccountCommand, type SESv2Client } from "@aws-sdk/client-sesv2";

/** What SES says about the account as a whole (GetAccount). */
export interface SesAccountView {
  /** False while the account is in the sandbox (mail only to verified addresses, low quota). */
  productionAccess: boolean;
  sendingEnabled: boolean;
  /** HEALTHY, PROBATION or SHUTDOWN. */
  enforcementStatus: string | null;
  max24HourSend: number | null;
  maxSendRate: number | null;
  sentLast24Hours: number | null;
}

export async function readSesAccount(ses: SESv2Client): Promise<SesAccountView> {
  const account = await ses.send(new GetAccountCommand({}));
  return {
    productionAccess: account.ProductionAccessEnabled ?? false,
    sendingEnabled: account.SendingEnabled ?? false,
    enforcementStatus: account.EnforcementStatus ?? null,
    max24HourSend: account.SendQuota?.Max24HourSend ?? null,
    maxSendRate: account.SendQuota?.MaxSendRate ?? null,
    sentLast24Hours: account.SendQuota?.SentLast24Hours ?? null,
  };
}
