-- CreateIndex
CREATE INDEX "unmatched_notifications_createdAt_idx" ON "unmatched_notifications"("createdAt");
