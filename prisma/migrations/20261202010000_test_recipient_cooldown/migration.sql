-- A removed test recipient is kept, hidden, for a cooldown: its provider identity stays, so adding
-- the address again sends no new verification mail. The domain re-check deletes both afterwards.
ALTER TABLE "test_recipients" ADD COLUMN "removedAt" TIMESTAMPTZ(3);
