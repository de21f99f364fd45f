/**
 * The `inbound_attachments` table: the bytes of a received message's attachments, at their
 * place in its `attachments` list. Inserted with their record (stores/inboundEmails.ts).
 */
import type { Prisma } from "@svc/db";

/** The bytes of attachment `position` of a record of `workspaceId`, or null. */
export async function selectInboundAttachment(
  prisma: Prisma.TransactionClient,
  workspaceId: string,
  inboundId: string,
  position: number,
): Promise<Buffer | null> {
  const row = await prisma.inboundAttachment.findFirst({
    where: { inboundEmailId: inboundId, position, inboundEmail: { workspaceId } },
    select: { content: true },
  });
  return row ? Buffer.from(row.content) : null;
}
