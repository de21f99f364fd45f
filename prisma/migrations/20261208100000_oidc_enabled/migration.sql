-- An operator turns single sign-on off and on without losing its settings and domains.
ALTER TABLE "oidc_settings" ADD COLUMN "enabled" BOOLEAN NOT NULL DEFAULT true;
