import type { Db, MemberRole, Prisma } from "@svc/db";
import type { SecretBox } from "../crypto/secretBox.ts";
import { AppError } from "../errors.ts";
import { deleteOidcDomain, findOidcDomain, findOidcDomains, upsertOidcDomain } from "../stores/oidcDomains.ts";
import { deleteOidcSettings, findOidcSettings, updateOidcEnabled, upsertOidcSettings } from "../stores/oidcSettings.ts";
import { workspaceExists } from "../stores/workspaces.ts";
import { parseRole } from "../users/roles.ts";

/** The provider as the dashboard uses it: the client secret opened. Never printed or logged. */
export interface OidcProviderSettings {
  issuerUrl: URL;
  clientId: string;
  clientSecret: string;
  displayName: string;
  /** Changes when the operator changes the settings: a cached discovery is keyed by it. */
  version: string;
}

/** Plain http only to this machine (a local provider in development and tests); anywhere else https. */
export function parseIssuerUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError("validation_failed", "--issuer: must be an absolute URL (https://…).");
  }
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    throw new AppError("validation_failed", "--issuer: must be https (plain http only for localhost).");
  }
  if (url.search || url.hash || url.username || url.password)
    throw new AppError("validation_failed", "--issuer: no query, fragment or credentials.");
  return url;
}

function boundedText(value: string, name: string, max: number): string {
  const text = value.trim();
  if (!text || text.length > max) throw new AppError("validation_failed", `--${name}: 1 to ${max} characters.`);
  return text;
}

/** Sets (or replaces) the install's provider; the client secret is stored sealed. */
export async function configureOidc(
  prisma: Db,
  box: SecretBox,
  input: { issuerUrl: string; clientId: string; clientSecret: string; displayName?: string },
): Promise<{ issuerUrl: string; clientId: string; displayName: string }> {
  const issuerUrl = parseIssuerUrl(input.issuerUrl).toString().replace(/\/$/, "");
  const clientId = boundedText(input.clientId, "client-id", 300);
  const clientSecret = boundedText(input.clientSecret, "client-secret", 500);
  const displayName = boundedText(input.displayName ?? "single sign-on", "name", 60);
  await upsertOidcSettings(prisma, { issuerUrl, clientId, clientSecretSealed: box.seal(clientSecret), displayName });
  return { issuerUrl, clientId, displayName };
}

export async function removeOidc(prisma: Db): Promise<{ removed: boolean }> {
  return { removed: await deleteOidcSettings(prisma) };
}

/**
 * Turns sign-in through the provider on or off, keeping its settings and domains (a switch for an
 * incident or a provider's outage). Off, the button is gone and a callback is refused.
 */
export async function setOidcEnabled(prisma: Db, enabled: boolean): Promise<{ enabled: boolean; changed: boolean }> {
  const changed = await updateOidcEnabled(prisma, enabled);
  if (changed === null) throw new AppError("not_found", "No single sign-on provider is configured.");
  return { enabled, changed };
}

/** The provider with its secret opened, or null when none is configured or it is turned off. */
export async function oidcProvider(prisma: Db, box: SecretBox): Promise<OidcProviderSettings | null> {
  const row = await findOidcSettings(prisma);
  if (!row?.enabled) return null;
  return {
    issuerUrl: new URL(row.issuerUrl),
    clientId: row.clientId,
    clientSecret: box.open(row.clientSecretSealed),
    displayName: row.displayName,
    version: `${row.issuerUrl} ${row.clientId} ${row.updatedAt.toISOString()}`,
  };
}

/** Whether `email` can sign in through the provider now: one is configured and on, and its domain allowed. */
export async function oidcSignInOpenTo(prisma: Prisma.TransactionClient, email: string): Promise<boolean> {
  const row = await findOidcSettings(prisma);
  return Boolean(row?.enabled) && (await findOidcDomain(prisma, email.slice(email.lastIndexOf("@") + 1).toLowerCase())) !== null;
}

/** What an operator sees: everything but the secret. */
export async function showOidc(prisma: Db): Promise<{
  configured: boolean;
  enabled?: boolean;
  issuerUrl?: string;
  clientId?: string;
  displayName?: string;
  domains: Array<{ domain: string; workspaceId: string; role: MemberRole }>;
}> {
  const row = await findOidcSettings(prisma);
  const domains = (await findOidcDomains(prisma)).map(({ domain, workspaceId, role }) => ({ domain, workspaceId, role }));
  return row
    ? { configured: true, enabled: row.enabled, issuerUrl: row.issuerUrl, clientId: row.clientId, displayName: row.displayName, domains }
    : { configured: false, domains };
}

export function normalizeDomain(value: string): string {
  const domain = value.trim().toLowerCase().replace(/\.$/, "");
  if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain)) {
    throw new AppError("validation_failed", `--domain: ${value} is not a domain name.`);
  }
  return domain;
}

/** Lets people with a verified address at `domain` sign in, joining the workspace with the role at their first sign-in. */
export async function allowOidcDomain(
  prisma: Db,
  input: { domain: string; workspaceId: string; role: string },
): Promise<{ domain: string; workspaceId: string; role: MemberRole }> {
  const domain = normalizeDomain(input.domain);
  const role = parseRole(input.role);
  if (!(await workspaceExists(prisma, input.workspaceId))) throw new AppError("not_found", "Workspace not found.");
  const row = await upsertOidcDomain(prisma, { domain, workspaceId: input.workspaceId, role });
  return { domain: row.domain, workspaceId: row.workspaceId, role: row.role };
}

export async function disallowOidcDomain(prisma: Db, domainInput: string): Promise<{ removed: boolean }> {
  return { removed: await deleteOidcDomain(prisma, normalizeDomain(domainInput)) };
}
