-- Erasures: a request to forget addresses (or emails) in one workspace, worked in short batches.
-- Its addresses are emptied when it ends. file_deletions entries name the erasure that recorded
-- them, so that its run deletes those objects itself before it completes.
CREATE TYPE "ErasureStatus" AS ENUM ('queued', 'running', 'completed', 'failed');

ALTER TABLE "file_deletions" ADD COLUMN "erasureId" TEXT;

CREATE TABLE "erasures" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "status" "ErasureStatus" NOT NULL DEFAULT 'queued',
    "addresses" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "emailIds" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "addressCount" INTEGER NOT NULL,
    "emailIdCount" INTEGER NOT NULL,
    "step" TEXT NOT NULL DEFAULT 'emails_by_id',
    "cursor" JSONB,
    "receipt" JSONB NOT NULL DEFAULT '{}',
    "error" TEXT,
    "requestedBy" JSONB NOT NULL,
    "claimedAt" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "completedAt" TIMESTAMPTZ(3),
    CONSTRAINT "erasures_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "erasures_workspaceId_createdAt_idx" ON "erasures"("workspaceId", "createdAt" DESC);
CREATE INDEX "erasures_status_claimedAt_idx" ON "erasures"("status", "claimedAt");
CREATE INDEX "file_deletions_erasureId_idx" ON "file_deletions"("erasureId") WHERE "erasureId" IS NOT NULL;

ALTER TABLE "erasures" ADD CONSTRAINT "erasures_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
