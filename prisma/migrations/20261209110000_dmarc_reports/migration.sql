-- CreateTable
CREATE TABLE "dmarc_reports" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "domainId" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "orgName" TEXT NOT NULL,
    "reportId" TEXT NOT NULL,
    "orgEmail" TEXT,
    "beginAt" TIMESTAMPTZ(3) NOT NULL,
    "endAt" TIMESTAMPTZ(3) NOT NULL,
    "policy" JSONB NOT NULL,
    "recordCount" INTEGER NOT NULL,
    "messageCount" BIGINT NOT NULL,
    "authenticated" BOOLEAN NOT NULL,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dmarc_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dmarc_records" (
    "id" BIGSERIAL NOT NULL,
    "reportId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "beginAt" TIMESTAMPTZ(3) NOT NULL,
    "sourceIp" TEXT NOT NULL,
    "count" BIGINT NOT NULL,
    "disposition" TEXT NOT NULL,
    "dkim" TEXT NOT NULL,
    "spf" TEXT NOT NULL,
    "aligned" BOOLEAN NOT NULL,
    "headerFrom" TEXT NOT NULL,
    "envelopeFrom" TEXT,
    "dkimDomain" TEXT,
    "dkimResult" TEXT,
    "spfDomain" TEXT,
    "spfResult" TEXT,

    CONSTRAINT "dmarc_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dmarc_refusals" (
    "id" BIGSERIAL NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "detail" TEXT NOT NULL,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dmarc_refusals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "dmarc_reports_workspaceId_id_idx" ON "dmarc_reports"("workspaceId", "id");

-- CreateIndex
CREATE INDEX "dmarc_reports_workspaceId_domain_beginAt_idx" ON "dmarc_reports"("workspaceId", "domain", "beginAt");

-- CreateIndex
CREATE UNIQUE INDEX "dmarc_reports_workspaceId_orgName_reportId_key" ON "dmarc_reports"("workspaceId", "orgName", "reportId");

-- CreateIndex
CREATE INDEX "dmarc_records_reportId_idx" ON "dmarc_records"("reportId");

-- CreateIndex
CREATE INDEX "dmarc_records_workspaceId_domain_beginAt_idx" ON "dmarc_records"("workspaceId", "domain", "beginAt");

-- CreateIndex
CREATE INDEX "dmarc_refusals_workspaceId_receivedAt_idx" ON "dmarc_refusals"("workspaceId", "receivedAt");

-- AddForeignKey
ALTER TABLE "dmarc_reports" ADD CONSTRAINT "dmarc_reports_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dmarc_reports" ADD CONSTRAINT "dmarc_reports_domainId_fkey" FOREIGN KEY ("domainId") REFERENCES "domains"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dmarc_records" ADD CONSTRAINT "dmarc_records_reportId_fkey" FOREIGN KEY ("reportId") REFERENCES "dmarc_reports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dmarc_refusals" ADD CONSTRAINT "dmarc_refusals_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

