-- Downloads read a received message and its attachments a slice at a time (substring). Stored
-- uncompressed out of line, a slice reads only its own TOAST chunks. Compressed, every slice would
-- decompress the value from its start, and a download would cost the square of its size.
ALTER TABLE "inbound_emails" ALTER COLUMN "raw" SET STORAGE EXTERNAL;
ALTER TABLE "inbound_attachments" ALTER COLUMN "content" SET STORAGE EXTERNAL;
