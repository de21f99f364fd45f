-- DNS health over time: one row per sending domain per re-check, the last 90 per domain kept.
CREATE TABLE "domain_health_checks" (
    "id" TEXT NOT NULL,
    "domainId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "checkedAt" TIMESTAMPTZ(3) NOT NULL,
    "findings" JSONB NOT NULL,
    "changes" JSONB NOT NULL,

    CONSTRAINT "domain_health_checks_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "domain_health_checks_domainId_checkedAt_idx" ON "domain_health_checks"("domainId", "checkedAt" DESC);
CREATE INDEX "domain_health_checks_workspaceId_idx" ON "domain_health_checks"("workspaceId");

ALTER TABLE "domain_health_checks" ADD CONSTRAINT "domain_health_checks_domainId_fkey" FOREIGN KEY ("domainId") REFERENCES "domains"("id") ON DELETE CASCADE ON UPDATE CASCADE;
