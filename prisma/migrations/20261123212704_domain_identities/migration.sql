-- AlterTable
ALTER TABLE "domains" ADD COLUMN     "failureReason" TEXT,
ADD COLUMN     "lastVerifiedAt" TIMESTAMPTZ(3),
ADD COLUMN     "mailFromDomain" TEXT,
ADD COLUMN     "providerState" JSONB;

-- AlterTable
ALTER TABLE "test_recipients" ADD COLUMN     "providerStatus" TEXT;
