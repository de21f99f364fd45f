import { addDomain, createDnsResolver, getWorkspace, listDomains, markDomainVerified, removeDomain, verifyDomain, type DomainView } from "@svc/core";
import { optionalFlag, requireFlag, type Command } from "../command.ts";

/** What `domain add` prints: the records to publish. The DKIM private key never leaves the database. */
function published(domain: DomainView) {
  return { id: domain.id, workspaceId: domain.workspaceId, domain: domain.domain, status: domain.status, records: domain.records, createdAt: domain.createdAt };
}

export const domainCommands: Command[] = [
  {
    path: ["domain", "add"],
    usage: "--workspace ID --domain example.com",
    run: async (flags, { db }) =>
      published(await addDomain(db.prisma, { workspaceId: requireFlag(flags, "workspace"), domain: requireFlag(flags, "domain") })),
  },
  {
    // A domain that is not (yet) verified is a result, not an error: exit 0 with the checks.
    path: ["domain", "verify"],
    usage: "--id DOM_ID [--workspace ID]",
    run: async (flags, { db, config }) =>
      verifyDomain(db.prisma, requireFlag(flags, "id"), {
        workspaceId: optionalFlag(flags, "workspace"),
        resolver: createDnsResolver({ servers: config.DNS_SERVERS, timeoutMs: config.DNS_TIMEOUT_MS }),
      }),
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
    path: ["domain", "remove"],
    usage: "--id DOM_ID [--workspace ID]",
    run: async (flags, { db }) => {
      const removed = await removeDomain(db.prisma, requireFlag(flags, "id"), optionalFlag(flags, "workspace"));
      return { id: removed.id, domain: removed.domain, removed: true };
    },
  },
];
