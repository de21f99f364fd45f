-- GET /emails?to= matches any recipient (to, cc, bcc), and ?tag= a tag: their indexes.
-- Expression and GIN indexes Prisma's schema cannot describe, so written by hand.
CREATE INDEX "emails_cc_lower_idx" ON "emails" USING GIN (svc_lower_addresses("cc"));
CREATE INDEX "emails_bcc_lower_idx" ON "emails" USING GIN (svc_lower_addresses("bcc"));
CREATE INDEX "emails_tags_idx" ON "emails" USING GIN ("tags" jsonb_path_ops);
