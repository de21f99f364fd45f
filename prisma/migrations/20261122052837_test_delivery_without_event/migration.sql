-- AlterTable
ALTER TABLE "webhook_deliveries" ALTER COLUMN "eventId" DROP NOT NULL;
