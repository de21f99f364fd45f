-- The domain of an email's `from` is read once, when the email is accepted, and stored: the
-- sender, its checks and the domain re-check use it instead of reading `from` again.
ALTER TABLE "emails" ADD COLUMN "fromDomain" TEXT;

-- Rows written before: the domain of the address, read as the API reads `from`: comments taken out,
-- the address between `<` and `>` when there is one, the text after its last `@`, lower-cased.
UPDATE "emails"
   SET "fromDomain" = lower(btrim(substring(
         btrim(COALESCE(substring(f.bare FROM '<([^<>]+)>'), f.bare))
         FROM '@([^@]*)$')))
  FROM (SELECT id, regexp_replace("from", '\([^()]*\)', '', 'g') AS bare FROM "emails") AS f
 WHERE "emails".id = f.id;
