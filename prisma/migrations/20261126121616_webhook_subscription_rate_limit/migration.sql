-- AlterTable
ALTER TABLE "webhook_subscriptions" ADD COLUMN     "maxDeliveriesPerSecond" INTEGER;

