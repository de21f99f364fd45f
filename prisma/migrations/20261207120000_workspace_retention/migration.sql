-- A workspace may keep bodies and metadata for less than its plan allows (null: the plan's days),
-- and may keep no body past the handoff (privacy mode). Retention's purge reads these.
ALTER TABLE "workspaces" ADD COLUMN "bodyRetentionDays" INTEGER;
ALTER TABLE "workspaces" ADD COLUMN "metadataRetentionDays" INTEGER;
ALTER TABLE "workspaces" ADD COLUMN "privacyMode" BOOLEAN NOT NULL DEFAULT false;

-- When an email's or a received message's body was cleared (retention or privacy mode), null while kept.
ALTER TABLE "emails" ADD COLUMN "bodyRemovedAt" TIMESTAMPTZ(3);
ALTER TABLE "inbound_emails" ADD COLUMN "bodyRemovedAt" TIMESTAMPTZ(3);
