-- Configuration sets an earlier `svc ses setup` made that nothing chooses any more, kept until
-- every sender has stopped choosing them, then deleted by a later run.
ALTER TABLE "ses_setups" ADD COLUMN "retiredConfigurationSets" JSONB NOT NULL DEFAULT '[]';

-- Objects of rows that are gone, recorded by the statement that deletes the rows and drained
-- by retention.
CREATE TABLE "file_deletions" (
    "id" BIGSERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "file_deletions_pkey" PRIMARY KEY ("id")
);

-- Where the object store's leftover sweep goes on from.
CREATE TABLE "file_sweep_cursors" (
    "scope" TEXT NOT NULL,
    "cursor" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "file_sweep_cursors_pkey" PRIMARY KEY ("scope")
);
