-- One-click unsubscribe: an email may name a topic, and a recipient who unsubscribes from it is
-- suppressed for that topic only, and the unsubscribe is an event of the email.
ALTER TYPE "EventType" ADD VALUE 'unsubscribed';

ALTER TABLE "emails" ADD COLUMN "unsubscribeTopic" TEXT;

CREATE TABLE "topic_suppressions" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "emailId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "topic_suppressions_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "topic_suppressions_workspaceId_topic_address_key" ON "topic_suppressions"("workspaceId", "topic", "address");
CREATE INDEX "topic_suppressions_workspaceId_address_idx" ON "topic_suppressions"("workspaceId", "address");

ALTER TABLE "topic_suppressions" ADD CONSTRAINT "topic_suppressions_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
