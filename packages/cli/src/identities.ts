import { type DomainContext, installationId, SecretBox } from "@svc/core";
import type { CliContext } from "./command.ts";

/**
 * Runs `work` with what domain and recipient commands need: the secret box sealing DKIM keys and,
 * with EMAIL_PROVIDER=ses, an SES client for identities, closed afterwards so the process can exit.
 * The AWS SDK is loaded only then: every other command starts without it.
 */
export async function withDomainContext<T>(
  { config, db }: Pick<CliContext, "config" | "db">,
  work: (context: DomainContext) => Promise<T>,
): Promise<T> {
  const identities =
    config.EMAIL_PROVIDER === "ses"
      ? (await import("@svc/providers")).createSendingIdentities(config, () => installationId(db.prisma))
      : null;
  try {
    return await work({
      secrets: new SecretBox(config.WEBHOOK_SECRET_KEY),
      identities,
      region: config.AWS_REGION,
      claimTtlMs: config.DOMAIN_CLAIM_TTL_HOURS * 3_600_000,
    });
  } finally {
    identities?.close();
  }
}
