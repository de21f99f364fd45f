import { App } from "aws-cdk-lib";
import { AccessStack } from "./access.ts";
import { SesRegionStack } from "./sesRegion.ts";

export interface SvcAwsOptions {
  prefix: string;
  /** SES regions, the first the primary (SES_REGIONS / AWS_REGION). */
  regions: string[];
  ingestUrl: string;
  fileBucketName?: string;
  /** Receive mail through SES in this region (one of `regions`), into this bucket. */
  receiving?: { region: string; bucketName: string; objectKeyPrefix: string; keepDays: number };
  eks?: { oidcProviderArn: string; oidcIssuer: string; namespace: string; serviceAccountPrefix: string };
}

/** The whole AWS side: a stack per SES region, and the IAM stack in the primary region. */
export function svcAwsApp(options: SvcAwsOptions, app = new App()): { app: App; regions: SesRegionStack[]; access: AccessStack } {
  if (options.regions.length === 0) throw new Error("regions: name at least one SES region");
  if (options.receiving && !options.regions.includes(options.receiving.region))
    throw new Error(`receiving.region ${options.receiving.region} is not one of the regions (${options.regions.join(", ")})`);
  const regions = options.regions.map(
    (region) =>
      new SesRegionStack(app, `${options.prefix}-ses-${region}`, {
        env: { region },
        prefix: options.prefix,
        ingestUrl: options.ingestUrl,
        receiving:
          options.receiving?.region === region
            ? {
                bucketName: options.receiving.bucketName,
                objectKeyPrefix: options.receiving.objectKeyPrefix,
                keepDays: options.receiving.keepDays,
              }
            : undefined,
      }),
  );
  const access = new AccessStack(app, `${options.prefix}-access`, {
    env: { region: options.regions[0] },
    prefix: options.prefix,
    fileBucketName: options.fileBucketName,
    inboundBucketName: options.receiving?.bucketName,
    eks: options.eks,
  });
  return { app, regions, access };
}
