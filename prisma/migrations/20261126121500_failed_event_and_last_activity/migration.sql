-- AlterEnum
ALTER TYPE "EventType" ADD VALUE 'failed';

-- AlterTable
ALTER TABLE "emails" ADD COLUMN     "lastActivityAt" TIMESTAMPTZ(3);

-- Emails that have already left the sending path: their last activity so far, so that retention
-- (which counts from lastActivityAt) finds them.
UPDATE "emails" e
   SET "lastActivityAt" = GREATEST(e."createdAt", e."sentAt", e."failedAt",
                                   (SELECT max(ev."eventTimestamp") FROM "email_events" ev WHERE ev."emailId" = e.id))
 WHERE e.status NOT IN ('scheduled', 'queued', 'sending');

-- CreateIndex
CREATE INDEX "emails_lastActivityAt_idx" ON "emails"("lastActivityAt");
