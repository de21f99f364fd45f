-- Time-partitioned history: emails, email_events, webhook_deliveries, webhook_attempts and
-- inbound_emails become range-partitioned by id (COLLATE "C"). New ids of these kinds start with
-- the base62 time (in ms) of the email or inbound record they belong to (@svc/db ids.ts), so a
-- month's partitions hold whole emails and can be dropped (core/retention/partitions.ts), and a
-- look-up by id is pruned to one partition.
--
-- No row is copied: each existing table becomes its parent's DEFAULT partition (its random ids
-- scatter over the whole range), with its primary key and indexes attached as they are. Unique
-- constraints that cannot include the partition key go: what they guarded is now the primary key
-- (ids derived from the dedupe key, see stores/emailEvents.ts and inbound/receive.ts).
--
-- The monthly partitions are created by the partition keeper (core/retention/partitions.ts), which
-- infra/scripts/database.ts runs right after the migrations and retention runs every time after:
-- it carves around DEFAULT rows in a new month's range, which takes procedural code this runner
-- (it splits the file on every semicolon) cannot hold.

-- The time part of an id: milliseconds since the epoch as 8 base62 characters in ASCII order.
CREATE FUNCTION svc_id_time_part(at timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
                                 ((floor(extract(epoch FROM at) * 1000)::bigint / (62::numeric ^ (7 - i))::bigint) % 62)::int + 1, 1), '' ORDER BY i)
          FROM generate_series(0, 7) AS i $$;

-- Foreign keys between these tables point at the old tables: they are rebuilt on the parents.
ALTER TABLE "email_attachments" DROP CONSTRAINT "email_attachments_emailId_fkey";
ALTER TABLE "email_events" DROP CONSTRAINT "email_events_emailId_fkey";
ALTER TABLE "inbound_attachments" DROP CONSTRAINT "inbound_attachments_inboundEmailId_fkey";
ALTER TABLE "inbound_emails" DROP CONSTRAINT "inbound_emails_replyToEmailId_fkey";
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_deliveryId_fkey";
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_eventId_fkey";
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_inboundEmailId_fkey";

-- Unique indexes a partitioned table cannot keep (they lack the partition key).
DROP INDEX "email_events_dedupeKey_key";
DROP INDEX "emails_providerMessageId_key";
DROP INDEX "webhook_deliveries_subscriptionId_eventId_key";
DROP INDEX "webhook_deliveries_subscriptionId_inboundEmailId_key";
DROP INDEX "inbound_emails_workspaceId_sourceKey_key";

-- Each table becomes <table>_default under a new partitioned <table>. Its id column takes byte
-- order (COLLATE "C"), so that the time part orders ids: this rebuilds the primary key's index,
-- and no row moves. The columns that hold these ids elsewhere take the same collation: a join
-- compares in C, and an index in another collation could not serve it.
ALTER TABLE "email_attachments" ALTER COLUMN "emailId" TYPE text COLLATE "C";
ALTER TABLE "inbound_attachments" ALTER COLUMN "inboundEmailId" TYPE text COLLATE "C";
ALTER TABLE "emails" ALTER COLUMN "id" TYPE text COLLATE "C";
ALTER TABLE "emails" RENAME TO "emails_default";
ALTER INDEX "emails_pkey" RENAME TO "emails_default_pkey";
ALTER INDEX "emails_lastActivityAt_idx" RENAME TO "emails_default_lastActivityAt_idx";
ALTER INDEX "emails_organizationId_bcc_lower_idx" RENAME TO "emails_default_organizationId_bcc_lower_idx";
ALTER INDEX "emails_organizationId_cc_lower_idx" RENAME TO "emails_default_organizationId_cc_lower_idx";
ALTER INDEX "emails_organizationId_createdAt_id_idx" RENAME TO "emails_default_organizationId_createdAt_id_idx";
ALTER INDEX "emails_organizationId_status_createdAt_id_idx" RENAME TO "emails_default_organizationId_status_createdAt_id_idx";
ALTER INDEX "emails_organizationId_to_lower_idx" RENAME TO "emails_default_organizationId_to_lower_idx";
ALTER INDEX "emails_status_createdAt_idx" RENAME TO "emails_default_status_createdAt_idx";
ALTER INDEX "emails_status_scheduledAt_idx" RENAME TO "emails_default_status_scheduledAt_idx";
ALTER INDEX "emails_tags_idx" RENAME TO "emails_default_tags_idx";
CREATE TABLE "emails" (LIKE "emails_default" INCLUDING DEFAULTS) PARTITION BY RANGE ("id");
ALTER TABLE "emails" ADD CONSTRAINT "emails_pkey" PRIMARY KEY ("id");
ALTER TABLE "emails" ATTACH PARTITION "emails_default" DEFAULT;

ALTER TABLE "email_events" ALTER COLUMN "id" TYPE text COLLATE "C", ALTER COLUMN "emailId" TYPE text COLLATE "C";
ALTER TABLE "email_events" RENAME TO "email_events_default";
ALTER INDEX "email_events_pkey" RENAME TO "email_events_default_pkey";
ALTER INDEX "email_events_emailId_eventTimestamp_idx" RENAME TO "email_events_default_emailId_eventTimestamp_idx";
CREATE TABLE "email_events" (LIKE "email_events_default" INCLUDING DEFAULTS) PARTITION BY RANGE ("id");
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_pkey" PRIMARY KEY ("id");
ALTER TABLE "email_events" ATTACH PARTITION "email_events_default" DEFAULT;

ALTER TABLE "webhook_deliveries" ALTER COLUMN "id" TYPE text COLLATE "C", ALTER COLUMN "eventId" TYPE text COLLATE "C", ALTER COLUMN "inboundEmailId" TYPE text COLLATE "C";
ALTER TABLE "webhook_deliveries" RENAME TO "webhook_deliveries_default";
ALTER INDEX "webhook_deliveries_pkey" RENAME TO "webhook_deliveries_default_pkey";
ALTER INDEX "webhook_deliveries_replayId_idx" RENAME TO "webhook_deliveries_default_replayId_idx";
ALTER INDEX "webhook_deliveries_status_nextAttemptAt_idx" RENAME TO "webhook_deliveries_default_status_nextAttemptAt_idx";
ALTER INDEX "webhook_deliveries_subscriptionId_createdAt_idx" RENAME TO "webhook_deliveries_default_subscriptionId_createdAt_idx";
CREATE TABLE "webhook_deliveries" (LIKE "webhook_deliveries_default" INCLUDING DEFAULTS) PARTITION BY RANGE ("id");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id");
ALTER TABLE "webhook_deliveries" ATTACH PARTITION "webhook_deliveries_default" DEFAULT;

ALTER TABLE "webhook_attempts" ALTER COLUMN "id" TYPE text COLLATE "C", ALTER COLUMN "deliveryId" TYPE text COLLATE "C";
ALTER TABLE "webhook_attempts" RENAME TO "webhook_attempts_default";
ALTER INDEX "webhook_attempts_pkey" RENAME TO "webhook_attempts_default_pkey";
ALTER INDEX "webhook_attempts_deliveryId_number_idx" RENAME TO "webhook_attempts_default_deliveryId_number_idx";
CREATE TABLE "webhook_attempts" (LIKE "webhook_attempts_default" INCLUDING DEFAULTS) PARTITION BY RANGE ("id");
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id");
ALTER TABLE "webhook_attempts" ATTACH PARTITION "webhook_attempts_default" DEFAULT;

ALTER TABLE "inbound_emails" ALTER COLUMN "id" TYPE text COLLATE "C", ALTER COLUMN "replyToEmailId" TYPE text COLLATE "C";
ALTER TABLE "inbound_emails" RENAME TO "inbound_emails_default";
ALTER INDEX "inbound_emails_pkey" RENAME TO "inbound_emails_default_pkey";
ALTER INDEX "inbound_emails_receivedAt_idx" RENAME TO "inbound_emails_default_receivedAt_idx";
ALTER INDEX "inbound_emails_replyToEmailId_idx" RENAME TO "inbound_emails_default_replyToEmailId_idx";
ALTER INDEX "inbound_emails_workspaceId_receivedAt_idx" RENAME TO "inbound_emails_default_workspaceId_receivedAt_idx";
CREATE TABLE "inbound_emails" (LIKE "inbound_emails_default" INCLUDING DEFAULTS) PARTITION BY RANGE ("id");
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_pkey" PRIMARY KEY ("id");
ALTER TABLE "inbound_emails" ATTACH PARTITION "inbound_emails_default" DEFAULT;

-- The indexes on the parents (the DEFAULT partitions' matching indexes are attached, not rebuilt).
CREATE INDEX "emails_lastActivityAt_idx" ON "emails"("lastActivityAt");
CREATE INDEX "emails_organizationId_bcc_lower_idx" ON "emails" USING GIN ("organizationId", svc_lower_addresses("bcc"));
CREATE INDEX "emails_organizationId_cc_lower_idx" ON "emails" USING GIN ("organizationId", svc_lower_addresses("cc"));
CREATE INDEX "emails_organizationId_to_lower_idx" ON "emails" USING GIN ("organizationId", svc_lower_addresses("to"));
CREATE INDEX "emails_organizationId_createdAt_id_idx" ON "emails"("organizationId", "createdAt" DESC, "id" DESC);
CREATE INDEX "emails_organizationId_status_createdAt_id_idx" ON "emails"("organizationId", "status", "createdAt" DESC, "id" DESC);
CREATE INDEX "emails_status_createdAt_idx" ON "emails"("status", "createdAt");
CREATE INDEX "emails_status_scheduledAt_idx" ON "emails"("status", "scheduledAt");
CREATE INDEX "emails_tags_idx" ON "emails" USING GIN ("tags" jsonb_path_ops);
-- Not unique any more (SES message ids are): ingest matches by our tag first and by this second.
CREATE INDEX "emails_providerMessageId_idx" ON "emails"("providerMessageId");

CREATE INDEX "email_events_emailId_eventTimestamp_idx" ON "email_events"("emailId", "eventTimestamp");

CREATE INDEX "webhook_attempts_deliveryId_number_idx" ON "webhook_attempts"("deliveryId", "number");

CREATE INDEX "webhook_deliveries_replayId_idx" ON "webhook_deliveries"("replayId");
CREATE INDEX "webhook_deliveries_status_nextAttemptAt_idx" ON "webhook_deliveries"("status", "nextAttemptAt");
CREATE INDEX "webhook_deliveries_subscriptionId_createdAt_idx" ON "webhook_deliveries"("subscriptionId", "createdAt");
-- Deliveries of an event or inbound record (the unique pairs' indexes served these look-ups).
CREATE INDEX "webhook_deliveries_eventId_idx" ON "webhook_deliveries"("eventId");
CREATE INDEX "webhook_deliveries_inboundEmailId_idx" ON "webhook_deliveries"("inboundEmailId");

CREATE INDEX "inbound_emails_receivedAt_idx" ON "inbound_emails"("receivedAt");
CREATE INDEX "inbound_emails_replyToEmailId_idx" ON "inbound_emails"("replyToEmailId");
CREATE INDEX "inbound_emails_workspaceId_receivedAt_idx" ON "inbound_emails"("workspaceId", "receivedAt");

-- Foreign keys to other tables: the DEFAULT partitions' own constraints are attached to these.
ALTER TABLE "emails" ADD CONSTRAINT "emails_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "emails" ADD CONSTRAINT "emails_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_replayId_fkey" FOREIGN KEY ("replayId") REFERENCES "webhook_replays"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "webhook_subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Foreign keys between them, now on the parents.
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_emailId_fkey" FOREIGN KEY ("emailId") REFERENCES "emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_emailId_fkey" FOREIGN KEY ("emailId") REFERENCES "emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "inbound_attachments" ADD CONSTRAINT "inbound_attachments_inboundEmailId_fkey" FOREIGN KEY ("inboundEmailId") REFERENCES "inbound_emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_replyToEmailId_fkey" FOREIGN KEY ("replyToEmailId") REFERENCES "emails"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "email_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_inboundEmailId_fkey" FOREIGN KEY ("inboundEmailId") REFERENCES "inbound_emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;
