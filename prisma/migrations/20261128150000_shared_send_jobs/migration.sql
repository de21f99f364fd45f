-- The emails of one batch are sent through one queue job, named here. An email without one has
-- a job under its own id, as has every email written before this.
ALTER TABLE "emails" ADD COLUMN "sendJobId" TEXT;
