-- Sending from a domain needs its name proven by this workspace (provenAt), not only verified.
-- A domain verified before names were claimed has no proof recorded: it becomes the owner of its
-- name when no other domain owns it (the oldest verified one, should several share it), and the
-- others stop sending from it until a DNS check proves the name, which it cannot while another
-- workspace owns it.
UPDATE "domains" d
   SET "provenAt" = COALESCE(d."verifiedAt", d."createdAt")
 WHERE d.status = 'verified'
   AND d."provenAt" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "domains" o WHERE o.name = d.name AND o."provenAt" IS NOT NULL)
   AND d.id = (SELECT x.id FROM "domains" x
                WHERE x.name = d.name AND x.status = 'verified' AND x."provenAt" IS NULL
                ORDER BY COALESCE(x."verifiedAt", x."createdAt"), x.id
                LIMIT 1);
