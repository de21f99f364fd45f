import type { AuditActor } from "./record.ts";

/** The audit store's adapter: recordAudit on a Prisma interactive transaction. */
export { prismaQueryable } from "../stores/auditLog.ts";

/** Who makes a change, for a use case that records its audit entry itself, inside the change's transaction. */
export interface AuditBy {
  actor: AuditActor;
  source: string | null;
}
