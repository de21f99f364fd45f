-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "replayId" TEXT,
ADD COLUMN     "replayOf" TEXT;

-- CreateTable
CREATE TABLE "webhook_replays" (
    "id" TEXT NOT NULL,
    "subscriptionId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "deliveryId" TEXT,
    "emailId" TEXT,
    "since" TIMESTAMPTZ(3),
    "until" TIMESTAMPTZ(3),
    "perSecond" INTEGER NOT NULL,
    "rearmed" INTEGER NOT NULL,
    "copied" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pacedUntil" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_replays_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_replays_subscriptionId_createdAt_idx" ON "webhook_replays"("subscriptionId", "createdAt");

-- CreateIndex
CREATE INDEX "webhook_deliveries_replayId_idx" ON "webhook_deliveries"("replayId");

-- AddForeignKey
ALTER TABLE "webhook_replays" ADD CONSTRAINT "webhook_replays_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "webhook_subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_replayId_fkey" FOREIGN KEY ("replayId") REFERENCES "webhook_replays"("id") ON DELETE SET NULL ON UPDATE CASCADE;

