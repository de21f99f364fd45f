-- AlterTable
ALTER TABLE "webhook_subscriptions" ADD COLUMN     "disabledAt" TIMESTAMPTZ(3),
ADD COLUMN     "disabledReason" TEXT,
ADD COLUMN     "failingSince" TIMESTAMPTZ(3),
ADD COLUMN     "ownersNotifiedAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "webhook_subscriptions_failingSince_idx" ON "webhook_subscriptions"("failingSince");
