/**
 * The `inbound_attachments` table: the bytes of a received message's attachments, at their
 * place in its `attachments` list. Inserted with their record (stores/inboundEmails.ts). Read a
 * piece at a time, so that a download never holds a whole file.
 */
import type { Prisma } from "@svc/db";
import type { Queryable } from "../sql.ts";

/** The size of attachment `position` of a record of `workspaceId`, or null when it is not in PostgreSQL. */
export async function selectInboundAttachmentSize(
  prisma: Prisma.TransactionClient,
  workspaceId: string,
  inboundId: string,
  position: number,
): Promise<number | null> {
  const rows = await prisma.$queryRaw<Array<{ size: number }>>`
    SELECT octet_length(a.content) AS size
      FROM inbound_attachments a JOIN inbound_emails e ON e.id = a."inboundEmailId"
     WHERE a."inboundEmailId" = ${inboundId} AND a.position = ${position}::int AND e."workspaceId" = ${workspaceId}`;
  return rows[0]?.size ?? null;
}

/** `length` bytes of attachment `position` from `offset`. */
export async function selectInboundAttachmentChunk(
  db: Queryable,
  workspaceId: string,
  inboundId: string,
  position: number,
  offset: number,
  length: number,
): Promise<Buffer | null> {
  const { rows } = await db.query(
    `SELECT substring(a.content FROM $4::int FOR $5::int) AS chunk
       FROM inbound_attachments a JOIN inbound_emails e ON e.id = a."inboundEmailId"
      WHERE a."inboundEmailId" = $1 AND a.position = $3::int AND e."workspaceId" = $2`,
    [inboundId, workspaceId, position, offset + 1, length],
  );
  return (rows[0] as { chunk: Buffer } | undefined)?.chunk ?? null;
}

/** Deletes the received messages' attachment bytes held in PostgreSQL (an erasure); answers how many files. */
export async function deleteInboundAttachmentsOf(db: Queryable, inboundIds: readonly string[]): Promise<number> {
  if (inboundIds.length === 0) return 0;
  const { rowCount } = await db.query(`DELETE FROM inbound_attachments WHERE "inboundEmailId" = ANY ($1::text[])`, [inboundIds]);
  return rowCount ?? 0;
}
