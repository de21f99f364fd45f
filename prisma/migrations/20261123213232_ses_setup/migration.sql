-- AlterTable
ALTER TABLE "domains" ADD COLUMN     "clickTracking" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "openTracking" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "trackingDomain" TEXT;

-- CreateTable
CREATE TABLE "ses_setups" (
    "region" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "topicArn" TEXT NOT NULL,
    "subscriptionArn" TEXT,
    "ingestUrl" TEXT NOT NULL,
    "configurationSets" JSONB NOT NULL,
    "eventDestination" TEXT NOT NULL,
    "lastNotificationAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ses_setups_pkey" PRIMARY KEY ("region")
);
