-- The row of an email is written four times on its way (accepted, claimed, handed off, delivered), and
-- each write changes an indexed column (status), so each new version goes into every index of
-- `emails` whose condition it meets. Indexes that serve only some rows now hold only those:
-- an email without cc, bcc, tags, a schedule or a provider message id costs those indexes
-- nothing. (The lastActivityAt index stays whole: the partition check probes it for nulls.)

DROP INDEX "emails_organizationId_cc_lower_idx";
DROP INDEX "emails_organizationId_bcc_lower_idx";
DROP INDEX "emails_tags_idx";
DROP INDEX "emails_status_scheduledAt_idx";
DROP INDEX "emails_providerMessageId_idx";

-- A search names the condition too (stores/emails.ts), which is what lets it use these.
CREATE INDEX "emails_organizationId_cc_lower_idx" ON "emails" USING GIN ("organizationId", svc_lower_addresses("cc")) WHERE cardinality("cc") > 0;
CREATE INDEX "emails_organizationId_bcc_lower_idx" ON "emails" USING GIN ("organizationId", svc_lower_addresses("bcc")) WHERE cardinality("bcc") > 0;
CREATE INDEX "emails_tags_idx" ON "emails" USING GIN ("tags" jsonb_path_ops) WHERE "tags" <> '[]'::jsonb;
-- Due scheduled emails, and the scheduled and sent emails the event reconciliation reads: both ask for a
-- scheduledAt, which implies the condition.
CREATE INDEX "emails_status_scheduledAt_idx" ON "emails"("status", "scheduledAt") WHERE "scheduledAt" IS NOT NULL;
-- Looked up by equality, which implies the condition.
CREATE INDEX "emails_providerMessageId_idx" ON "emails"("providerMessageId") WHERE "providerMessageId" IS NOT NULL;
