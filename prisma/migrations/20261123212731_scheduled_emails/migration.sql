-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "EmailStatus" ADD VALUE 'scheduled';
ALTER TYPE "EmailStatus" ADD VALUE 'canceled';

-- AlterTable
ALTER TABLE "emails" ADD COLUMN     "scheduledAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "emails_status_scheduledAt_idx" ON "emails"("status", "scheduledAt");
