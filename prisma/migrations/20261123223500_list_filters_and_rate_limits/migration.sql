-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "apiRateLimitBurst" INTEGER,
ADD COLUMN     "apiRateLimitPerSecond" INTEGER;

-- CreateIndex
CREATE INDEX "emails_organizationId_status_createdAt_id_idx" ON "emails"("organizationId", "status", "createdAt" DESC, "id" DESC);

-- GET /emails?to=: recipients match case-insensitively, through a GIN index on the lower-cased
-- addresses. The function is IMMUTABLE so that it may be indexed, and it is not inlined (it has
-- a FROM), so a query written with it matches the index expression. (No semicolons in these
-- comments: the migration runner splits statements on them.)
CREATE FUNCTION svc_lower_addresses(addresses text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array_agg(lower(a)) FROM unnest(addresses) AS a $$;

CREATE INDEX "emails_to_lower_idx" ON "emails" USING GIN (svc_lower_addresses("to"));
