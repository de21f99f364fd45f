-- CreateEnum
CREATE TYPE "InboundSource" AS ENUM ('mx', 'ses');

-- AlterEnum
ALTER TYPE "EventType" ADD VALUE 'received';

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "inboundEmailId" TEXT;

-- CreateTable
CREATE TABLE "receiving_domains" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" "DomainStatus" NOT NULL DEFAULT 'pending',
    "verificationToken" TEXT NOT NULL,
    "records" JSONB NOT NULL,
    "lastCheckedAt" TIMESTAMPTZ(3),
    "lastChecks" JSONB,
    "verifiedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "receiving_domains_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inbound_routes" (
    "id" TEXT NOT NULL,
    "receivingDomainId" TEXT NOT NULL,
    "localPart" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbound_routes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inbound_emails" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "source" "InboundSource" NOT NULL,
    "sourceKey" TEXT,
    "mailFrom" TEXT NOT NULL,
    "rcptTo" TEXT[],
    "from" TEXT,
    "to" JSONB NOT NULL DEFAULT '[]',
    "cc" JSONB NOT NULL DEFAULT '[]',
    "subject" TEXT,
    "messageId" TEXT,
    "inReplyTo" TEXT,
    "references" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "text" TEXT,
    "html" TEXT,
    "headers" JSONB NOT NULL DEFAULT '[]',
    "attachments" JSONB NOT NULL DEFAULT '[]',
    "raw" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "verdicts" JSONB NOT NULL DEFAULT '{}',
    "parseError" TEXT,
    "replyToEmailId" TEXT,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbound_emails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inbound_attachments" (
    "inboundEmailId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,

    CONSTRAINT "inbound_attachments_pkey" PRIMARY KEY ("inboundEmailId","position")
);

-- CreateIndex
CREATE INDEX "receiving_domains_name_status_idx" ON "receiving_domains"("name", "status");

-- CreateIndex
CREATE UNIQUE INDEX "receiving_domains_workspaceId_name_key" ON "receiving_domains"("workspaceId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "inbound_routes_receivingDomainId_localPart_key" ON "inbound_routes"("receivingDomainId", "localPart");

-- CreateIndex
CREATE INDEX "inbound_emails_workspaceId_receivedAt_idx" ON "inbound_emails"("workspaceId", "receivedAt");

-- CreateIndex
CREATE INDEX "inbound_emails_replyToEmailId_idx" ON "inbound_emails"("replyToEmailId");

-- CreateIndex
CREATE INDEX "inbound_emails_receivedAt_idx" ON "inbound_emails"("receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "inbound_emails_workspaceId_sourceKey_key" ON "inbound_emails"("workspaceId", "sourceKey");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_subscriptionId_inboundEmailId_key" ON "webhook_deliveries"("subscriptionId", "inboundEmailId");

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_inboundEmailId_fkey" FOREIGN KEY ("inboundEmailId") REFERENCES "inbound_emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "receiving_domains" ADD CONSTRAINT "receiving_domains_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbound_routes" ADD CONSTRAINT "inbound_routes_receivingDomainId_fkey" FOREIGN KEY ("receivingDomainId") REFERENCES "receiving_domains"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_replyToEmailId_fkey" FOREIGN KEY ("replyToEmailId") REFERENCES "emails"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbound_attachments" ADD CONSTRAINT "inbound_attachments_inboundEmailId_fkey" FOREIGN KEY ("inboundEmailId") REFERENCES "inbound_emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A name is verified for receiving by one workspace at most: the MX cannot tell two apart.
CREATE UNIQUE INDEX "receiving_domains_verified_name_key" ON "receiving_domains"("name") WHERE "status" = 'verified';
