/** The `oidc_settings` table: the install's one OpenID Connect provider. Functions take the Prisma client or a transaction client. */
import type { OidcSettings, Prisma } from "@svc/db";

const ID = "default";

export function findOidcSettings(prisma: Prisma.TransactionClient): Promise<OidcSettings | null> {
  return prisma.oidcSettings.findUnique({ where: { id: ID } });
}

export function upsertOidcSettings(
  prisma: Prisma.TransactionClient,
  row: { issuerUrl: string; clientId: string; clientSecretSealed: string; displayName: string },
): Promise<OidcSettings> {
  const data = { ...row, updatedAt: new Date() };
  return prisma.oidcSettings.upsert({ where: { id: ID }, create: { id: ID, ...data }, update: data });
}

export async function deleteOidcSettings(prisma: Prisma.TransactionClient): Promise<boolean> {
  const { count } = await prisma.oidcSettings.deleteMany({ where: { id: ID } });
  return count > 0;
}

/** Sets the switch: whether it changed, or null when no provider is configured. */
export async function updateOidcEnabled(prisma: Prisma.TransactionClient, enabled: boolean): Promise<boolean | null> {
  const { count } = await prisma.oidcSettings.updateMany({ where: { id: ID, enabled: !enabled }, data: { enabled } });
  if (count > 0) return true;
  return (await findOidcSettings(prisma)) ? false : null;
}
