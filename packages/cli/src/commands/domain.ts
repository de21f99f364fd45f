import {
  AppError,
  addDomain,
  createDnsResolver,
  type DomainView,
  dmarcReportAddress,
  getDomainHealth,
  getWorkspace,
  listDmarcReports,
  listDomains,
  markDomainVerified,
  parseDmarcListQuery,
  parseDmarcSummaryQuery,
  removeDomain,
  setDomainTracking,
  summarizeDmarc,
  verifyDomain,
} from "@svc/core";
import { type Command, type Flags, optionalFlag, requireFlag } from "../command.ts";
import { withDomainContext } from "../identities.ts";

/** `--open on|off`: undefined when the flag is absent. */
function onOff(flags: Flags, name: string): boolean | undefined {
  const value = optionalFlag(flags, name);
  if (value === undefined) return undefined;
  if (value === "on" || value === "off") return value === "on";
  throw new AppError("bad_request", `--${name} takes on or off.`);
}

/** What `domain add` prints: the records to publish. The DKIM private key never leaves the database (but to SES). */
function published(domain: DomainView) {
  return {
    id: domain.id,
    workspaceId: domain.workspaceId,
    domain: domain.domain,
    status: domain.status,
    mailFromDomain: domain.mailFromDomain,
    records: domain.records,
    createdAt: domain.createdAt,
  };
}

export const domainCommands: Command[] = [
  {
    // The rua to publish in the domain's _dmarc record (and, outside its tree, the authorization record).
    path: ["domain", "dmarc"],
    usage: "--workspace ID --domain example.com",
    run: (flags, { db }) => dmarcReportAddress(db.prisma, requireFlag(flags, "workspace"), requireFlag(flags, "domain")),
  },
  {
    path: ["domain", "dmarc-reports"],
    usage: "--workspace ID [--domain example.com] [--limit N] [--summary] [--from ISO] [--to ISO]",
    run: async (flags, { db }) => {
      const workspaceId = requireFlag(flags, "workspace");
      const domain = optionalFlag(flags, "domain");
      if (flags.summary !== undefined) {
        const query = { from: optionalFlag(flags, "from"), to: optionalFlag(flags, "to"), domain };
        const range = parseDmarcSummaryQuery(Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)));
        return summarizeDmarc(db.prisma, workspaceId, range);
      }
      const limit = optionalFlag(flags, "limit");
      return listDmarcReports(db.prisma, workspaceId, parseDmarcListQuery({ ...(domain ? { domain } : {}), ...(limit ? { limit } : {}) }));
    },
  },
  {
    path: ["domain", "add"],
    usage: "--workspace ID --domain example.com [--mail-from bounce]",
    run: async (flags, { db, config }) =>
      withDomainContext({ config, db }, async (context) => {
        const mailFrom = optionalFlag(flags, "mail-from");
        const input = {
          workspaceId: requireFlag(flags, "workspace"),
          domain: requireFlag(flags, "domain"),
          ...(mailFrom !== undefined ? { mailFrom } : {}),
        };
        return published(await addDomain(db.prisma, input, context));
      }),
  },
  {
    // A domain that is not (yet) verified is a result, not an error: exit 0 with the checks.
    path: ["domain", "verify"],
    usage: "--id DOM_ID [--workspace ID]",
    run: async (flags, { db, config }) =>
      withDomainContext({ config, db }, (context) =>
        verifyDomain(
          db.prisma,
          requireFlag(flags, "id"),
          {
            workspaceId: optionalFlag(flags, "workspace"),
            resolver: createDnsResolver({ servers: config.DNS_SERVERS, timeoutMs: config.DNS_TIMEOUT_MS }),
          },
          context,
        ),
      ),
  },
  {
    // Operator override for a local trial or ownership proven out of band; never in the dashboard.
    path: ["domain", "mark-verified"],
    usage: "--id DOM_ID",
    run: async (flags, { db }) => {
      const domain = await markDomainVerified(db.prisma, requireFlag(flags, "id"));
      return { id: domain.id, domain: domain.domain, status: domain.status, verifiedAt: domain.verifiedAt };
    },
  },
  {
    path: ["domain", "list"],
    usage: "--workspace ID",
    run: async (flags, { db }) => {
      const workspace = await getWorkspace(db.prisma, requireFlag(flags, "workspace"));
      return listDomains(db.prisma, workspace.id);
    },
  },
  {
    // What the daily re-check recorded: the latest status per record kind with its fix, and the changes.
    path: ["domain", "health"],
    usage: "--id DOM_ID [--workspace ID]",
    run: async (flags, { db }) => getDomainHealth(db.prisma, requireFlag(flags, "id"), optionalFlag(flags, "workspace")),
  },
  {
    // With SES, tracking is honoured by the configuration set the sender picks for the domain; a
    // custom tracking domain needs its own set, made by the next `svc ses setup`.
    path: ["domain", "tracking"],
    usage: "--id DOM_ID [--open on|off] [--click on|off] [--tracking-domain track.example.com|none] [--workspace ID]",
    run: async (flags, { db }) => {
      const domainFlag = optionalFlag(flags, "tracking-domain");
      const domain = await setDomainTracking(
        db.prisma,
        requireFlag(flags, "id"),
        {
          ...(onOff(flags, "open") !== undefined ? { open: onOff(flags, "open")! } : {}),
          ...(onOff(flags, "click") !== undefined ? { click: onOff(flags, "click")! } : {}),
          ...(domainFlag !== undefined ? { domain: domainFlag === "none" ? null : domainFlag } : {}),
        },
        optionalFlag(flags, "workspace"),
      );
      return { id: domain.id, domain: domain.domain, tracking: domain.tracking };
    },
  },
  {
    path: ["domain", "remove"],
    usage: "--id DOM_ID [--workspace ID]",
    run: async (flags, { db, config }) =>
      withDomainContext({ config, db }, async (context) => {
        const removed = await removeDomain(db.prisma, requireFlag(flags, "id"), context, optionalFlag(flags, "workspace"));
        return { id: removed.id, domain: removed.domain, removed: true };
      }),
  },
];
