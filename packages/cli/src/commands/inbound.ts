import {
  addInboundRoute,
  addReceivingDomain,
  createDnsResolver,
  getInbound,
  getWorkspace,
  INBOUND_PAGE_LIMIT,
  inboundMxTargetOf,
  listInbound,
  listReceivingDomains,
  markReceivingDomainVerified,
  removeInboundRoute,
  removeReceivingDomain,
  verifyReceivingDomain,
} from "@svc/core";
import { type CliContext, type Command, type Flags, optionalFlag, requireFlag } from "../command.ts";

async function workspaceOf(flags: Flags, { db }: CliContext): Promise<string> {
  return (await getWorkspace(db.prisma, requireFlag(flags, "workspace"))).id;
}

/** Receiving domains, their routes, and the messages received (operator view of any workspace). */
export const inboundCommands: Command[] = [
  {
    path: ["inbound", "add-domain"],
    // The MX shown: --mx-host, else INBOUND_MX_HOST (the built-in receiver's public name), else
    // SES's inbound endpoint of AWS_REGION when EMAIL_PROVIDER=ses, else localhost.
    usage: "--workspace ID --domain reply.example.com [--mx-host mx.example.com]",
    run: async (flags, { db, config }) => {
      const target = inboundMxTargetOf(config);
      const mxHost = optionalFlag(flags, "mx-host");
      return addReceivingDomain(
        db.prisma,
        { workspaceId: requireFlag(flags, "workspace"), domain: requireFlag(flags, "domain") },
        mxHost ? { ...target, mxHost } : target,
      );
    },
  },
  {
    path: ["inbound", "domains"],
    usage: "--workspace ID",
    run: async (flags, context) => listReceivingDomains(context.db.prisma, await workspaceOf(flags, context)),
  },
  {
    path: ["inbound", "verify-domain"],
    usage: "--id RDOM_ID",
    run: async (flags, { db, config }) =>
      verifyReceivingDomain(db.prisma, requireFlag(flags, "id"), {
        resolver: createDnsResolver({ servers: config.DNS_SERVERS, timeoutMs: config.DNS_TIMEOUT_MS }),
      }),
  },
  {
    path: ["inbound", "mark-verified"],
    usage: "--id RDOM_ID   (operator override without a DNS check, for a local trial)",
    run: async (flags, { db }) => markReceivingDomainVerified(db.prisma, requireFlag(flags, "id")),
  },
  {
    path: ["inbound", "remove-domain"],
    usage: "--id RDOM_ID",
    run: async (flags, { db }) => removeReceivingDomain(db.prisma, requireFlag(flags, "id")),
  },
  {
    path: ["inbound", "add-route"],
    usage: "--domain-id RDOM_ID --address support|'*'",
    run: async (flags, { db }) =>
      addInboundRoute(db.prisma, { receivingDomainId: requireFlag(flags, "domain-id"), address: requireFlag(flags, "address") }),
  },
  {
    path: ["inbound", "remove-route"],
    usage: "--id RT_ID",
    run: async (flags, { db }) => {
      await removeInboundRoute(db.prisma, requireFlag(flags, "id"));
      return { removed: true };
    },
  },
  {
    path: ["inbound", "list"],
    usage: `--workspace ID [--limit N (at most ${INBOUND_PAGE_LIMIT.max})] [--after INB_ID]`,
    run: async (flags, context) => {
      const limit = optionalFlag(flags, "limit");
      const after = optionalFlag(flags, "after");
      return listInbound(context.db.prisma, await workspaceOf(flags, context), {
        ...(limit !== undefined ? { limit: Number(limit) } : {}),
        ...(after !== undefined ? { after } : {}),
      });
    },
  },
  {
    path: ["inbound", "show"],
    usage: "--workspace ID --id INB_ID",
    run: async (flags, context) => getInbound(context.db.prisma, await workspaceOf(flags, context), requireFlag(flags, "id")),
  },
];
