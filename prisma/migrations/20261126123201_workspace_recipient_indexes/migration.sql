-- GET /emails?to= within one workspace: the recipient indexes lead with the workspace, so that a
-- common address (a shared inbox, a test address) costs a search only its own workspace's rows,
-- never every tenant's. btree_gin lets a GIN index hold the workspace id beside the addresses.
-- It is a trusted extension: the database owner may create it without superuser rights.
-- (No semicolons in these comments: the migration runner splits statements on them.)
CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE INDEX "emails_organizationId_to_lower_idx" ON "emails" USING GIN ("organizationId", svc_lower_addresses("to"));
CREATE INDEX "emails_organizationId_cc_lower_idx" ON "emails" USING GIN ("organizationId", svc_lower_addresses("cc"));
CREATE INDEX "emails_organizationId_bcc_lower_idx" ON "emails" USING GIN ("organizationId", svc_lower_addresses("bcc"));

DROP INDEX "emails_to_lower_idx";
DROP INDEX "emails_cc_lower_idx";
DROP INDEX "emails_bcc_lower_idx";
