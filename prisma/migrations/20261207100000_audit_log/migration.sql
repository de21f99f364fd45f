-- The audit log: one row per management change and sign-in, never changed or removed.
-- Range-partitioned by id (COLLATE "C") like the history tables: ids start with the base62 time
-- of the entry (@svc/db ids.ts, kind audit), the partition keeper creates a partition per UTC
-- month (core/retention/partitions.ts) and dropping a month that has passed the audit retention
-- is the only way rows go. No foreign key to workspaces: removing a workspace must not cascade
-- into its audit trail (the trigger below would refuse it anyway).
CREATE TABLE "audit_log" (
    "id" TEXT COLLATE "C" NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "workspaceId" TEXT,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT,
    "source" TEXT,
    "action" TEXT NOT NULL,
    "targetType" TEXT,
    "targetId" TEXT,
    "changes" JSONB NOT NULL DEFAULT '{}',
    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
) PARTITION BY RANGE ("id");

CREATE TABLE "audit_log_default" PARTITION OF "audit_log" DEFAULT;

-- A workspace's entries newest first (the id orders by time), and the install-wide ones (no workspace).
CREATE INDEX "audit_log_workspaceId_id_idx" ON "audit_log"("workspaceId", "id" DESC);

-- Append-only, enforced by the database: any UPDATE or DELETE of a row fails, whatever the
-- caller. The body is an E-string with the statement terminator written as an octal escape:
-- the migration runner splits this file on that character wherever it stands.
CREATE FUNCTION svc_audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN RAISE EXCEPTION ''audit_log is append-only: % refused'', TG_OP USING ERRCODE = ''42501''\073 END';

CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION svc_audit_log_refuse_change();

CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION svc_audit_log_refuse_change();

-- TRUNCATE of a partition itself does not fire the parent's statement trigger: each partition
-- carries its own (the keeper adds it to every month it creates).
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log_default"
  FOR EACH STATEMENT EXECUTE FUNCTION svc_audit_log_refuse_change();
