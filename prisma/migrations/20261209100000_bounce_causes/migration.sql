-- A bounce's cause, classified at ingest, for the breakdowns by cause and mailbox provider.
ALTER TABLE "email_events" ADD COLUMN "bounceCause" TEXT;
