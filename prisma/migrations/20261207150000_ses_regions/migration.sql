-- Several SES regions: a workspace's primary region and failover order, the region that took an
-- email (and a handoff whose outcome is unknown, held to its region), the region of each event.
ALTER TABLE "workspaces" ADD COLUMN "sesPrimaryRegion" TEXT,
    ADD COLUMN "sesFailoverRegions" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

ALTER TABLE "emails" ADD COLUMN "region" TEXT,
    ADD COLUMN "unknownHandoffRegion" TEXT,
    ADD COLUMN "unknownHandoffAt" TIMESTAMPTZ(3);

ALTER TABLE "email_events" ADD COLUMN "region" TEXT;
