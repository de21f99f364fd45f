-- With FILE_STORE=s3 a received message's raw bytes live in the object store: the column is then null.
ALTER TABLE "inbound_emails" ALTER COLUMN "raw" DROP NOT NULL;
