-- CreateTable
CREATE TABLE "workspace_daily_counters" (
    "workspaceId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "kind" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "workspace_daily_counters_pkey" PRIMARY KEY ("workspaceId","day","kind")
);

-- AddForeignKey
ALTER TABLE "workspace_daily_counters" ADD CONSTRAINT "workspace_daily_counters_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
