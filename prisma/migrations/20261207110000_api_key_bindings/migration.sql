-- A key may be bound to sending domains (lower-case names of its workspace's domains) and to
-- source networks (CIDRs, IPv4 or IPv6, in canonical form). Empty: no binding, as before.
-- Fixed when the key is made: a different binding is a new key.
ALTER TABLE "api_keys" ADD COLUMN "allowedDomains" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "api_keys" ADD COLUMN "allowedCidrs" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
