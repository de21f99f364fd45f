-- AlterTable
ALTER TABLE "emails" ADD COLUMN     "templateId" TEXT,
ADD COLUMN     "templateVariables" JSONB,
ADD COLUMN     "templateVersion" INTEGER;

-- CreateTable
CREATE TABLE "templates" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "alias" TEXT NOT NULL,
    "layoutId" TEXT,
    "draftSubject" TEXT NOT NULL,
    "draftHtml" TEXT NOT NULL,
    "draftText" TEXT,
    "draftVariables" JSONB NOT NULL DEFAULT '[]',
    "publishedVersion" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "template_versions" (
    "templateId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT,
    "variables" JSONB NOT NULL DEFAULT '[]',
    "layoutHtml" TEXT,
    "publishedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "template_versions_pkey" PRIMARY KEY ("templateId","version")
);

-- CreateIndex
CREATE INDEX "templates_workspaceId_createdAt_id_idx" ON "templates"("workspaceId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "templates_workspaceId_alias_key" ON "templates"("workspaceId", "alias");

-- AddForeignKey
ALTER TABLE "templates" ADD CONSTRAINT "templates_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "templates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

