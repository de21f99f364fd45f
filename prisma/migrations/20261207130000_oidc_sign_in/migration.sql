-- Single sign-on through one OpenID Connect provider per install (client secret sealed), and the
-- email domains it may sign in, each with the workspace and role a first sign-in joins.

-- CreateTable
CREATE TABLE "oidc_settings" (
    "id" TEXT NOT NULL DEFAULT 'default',
    "issuerUrl" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretSealed" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oidc_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oidc_domains" (
    "domain" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "role" "MemberRole" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oidc_domains_pkey" PRIMARY KEY ("domain")
);

-- CreateIndex
CREATE INDEX "oidc_domains_workspaceId_idx" ON "oidc_domains"("workspaceId");

-- AddForeignKey
ALTER TABLE "oidc_domains" ADD CONSTRAINT "oidc_domains_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

