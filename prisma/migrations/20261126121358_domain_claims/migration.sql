-- AlterTable
ALTER TABLE "users" ADD COLUMN     "isOperator" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "domains" ADD COLUMN     "provenAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "installation" (
    "singleton" BOOLEAN NOT NULL DEFAULT true,
    "id" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "installation_pkey" PRIMARY KEY ("singleton")
);

-- CreateIndex
CREATE UNIQUE INDEX "installation_id_key" ON "installation"("id");


-- One row only.
ALTER TABLE "installation" ADD CONSTRAINT "installation_singleton_check" CHECK ("singleton");

-- Domains verified before claims: the earliest verified domain of each name owns it.
UPDATE "domains" SET "provenAt" = COALESCE("verifiedAt", "createdAt")
 WHERE "id" IN (SELECT DISTINCT ON ("name") "id" FROM "domains" WHERE "status" = 'verified'
                 ORDER BY "name", "verifiedAt" ASC NULLS LAST, "createdAt" ASC, "id" ASC);

-- One owner per name: the first claim whose DNS proves it.
CREATE UNIQUE INDEX "domains_name_proven_key" ON "domains"("name") WHERE "provenAt" IS NOT NULL;
