import { App } from "aws-cdk-lib";
import { svcAwsApp } from "../src/app.ts";

/**
 * `pnpm --filter @svc/aws-infra synth` / `deploy`, configured by CDK context (cdk.json, or -c key=value):
 * prefix, regions (comma-separated, primary first), ingestUrl, fileBucket, receivingRegion,
 * inboundBucket, inboundPrefix, inboundKeepDays, and for IRSA eksOidcProviderArn, eksOidcIssuer,
 * eksNamespace, eksServiceAccountPrefix.
 */
const app = new App();
const context = (key: string): string | undefined => app.node.tryGetContext(key) ?? undefined;
const required = (key: string): string => {
  const value = context(key);
  if (!value) throw new Error(`set the CDK context value ${key} (cdk.json or -c ${key}=…)`);
  return value;
};
const regions = required("regions")
  .split(",")
  .map((region) => region.trim())
  .filter(Boolean);
const receivingRegion = context("receivingRegion");
const oidcProviderArn = context("eksOidcProviderArn");
svcAwsApp(
  {
    prefix: context("prefix") ?? "svc",
    regions,
    ingestUrl: required("ingestUrl"),
    fileBucketName: context("fileBucket"),
    receiving: receivingRegion
      ? {
          region: receivingRegion,
          bucketName: required("inboundBucket"),
          objectKeyPrefix: context("inboundPrefix") ?? "inbound/",
          keepDays: Number(context("inboundKeepDays") ?? 7),
        }
      : undefined,
    eks: oidcProviderArn
      ? {
          oidcProviderArn,
          oidcIssuer: required("eksOidcIssuer"),
          namespace: context("eksNamespace") ?? "svc",
          serviceAccountPrefix: context("eksServiceAccountPrefix") ?? "svc",
        }
      : undefined,
  },
  app,
);
app.synth();
