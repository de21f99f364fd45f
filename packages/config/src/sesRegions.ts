import { z } from "zod";

/**
 * The regions Amazon SES sends from. A name outside this list is a typo (or a region SES does not
 * serve): it stops start-up rather than send nothing from a region that does not exist.
 */
export const SES_REGION_NAMES: readonly string[] = [
  "us-east-1",
  "us-east-2",
  "us-west-1",
  "us-west-2",
  "us-gov-east-1",
  "us-gov-west-1",
  "ca-central-1",
  "ca-west-1",
  "mx-central-1",
  "sa-east-1",
  "eu-central-1",
  "eu-central-2",
  "eu-west-1",
  "eu-west-2",
  "eu-west-3",
  "eu-south-1",
  "eu-north-1",
  "il-central-1",
  "me-south-1",
  "me-central-1",
  "af-south-1",
  "ap-south-1",
  "ap-south-2",
  "ap-northeast-1",
  "ap-northeast-2",
  "ap-northeast-3",
  "ap-southeast-1",
  "ap-southeast-2",
  "ap-southeast-3",
  "ap-southeast-5",
];

const KNOWN = new Set(SES_REGION_NAMES);

/** `us-east-1,eu-west-1` → the list, each a known SES region, none twice. */
export const sesRegionList = z
  .string()
  .transform((value, context) => {
    const regions = value
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part.length > 0);
    if (regions.length === 0) {
      context.addIssue({ code: "custom", message: "must name at least one region, e.g. us-east-1,eu-west-1" });
      return z.NEVER;
    }
    for (const region of regions) {
      if (!KNOWN.has(region)) {
        context.addIssue({ code: "custom", message: `unknown SES region "${region.slice(0, 40)}"` });
        return z.NEVER;
      }
    }
    if (new Set(regions).size !== regions.length) {
      context.addIssue({ code: "custom", message: "names a region twice" });
      return z.NEVER;
    }
    return regions;
  })
  .optional();

/**
 * `eu-west-1=http://127.0.0.1:4567,us-east-1=https://vpce-…` → an endpoint per region, for SES
 * and SNS alike (a VPC endpoint in production, one aws-local process per region in tests).
 */
export const sesRegionEndpoints = z
  .string()
  .transform((value, context) => {
    const endpoints: Record<string, string> = {};
    for (const part of value.split(",").map((entry) => entry.trim())) {
      if (part.length === 0) continue;
      const at = part.indexOf("=");
      const region = at === -1 ? part : part.slice(0, at).trim();
      const url = at === -1 ? "" : part.slice(at + 1).trim();
      if (!KNOWN.has(region)) {
        context.addIssue({ code: "custom", message: `unknown SES region "${region.slice(0, 40)}"` });
        return z.NEVER;
      }
      if (!z.string().url().safeParse(url).success) {
        context.addIssue({ code: "custom", message: `the endpoint of ${region} must be a URL (region=https://…)` });
        return z.NEVER;
      }
      endpoints[region] = url;
    }
    return endpoints;
  })
  .optional();

/** One region SES is used in, and where its API answers (the SDK's own endpoint when absent). */
export interface SesRegionEndpoint {
  region: string;
  sesEndpoint?: string | undefined;
  snsEndpoint?: string | undefined;
}

export interface SesRegionsEnv {
  AWS_REGION: string;
  SES_ENDPOINT?: string | undefined;
  SNS_ENDPOINT?: string | undefined;
  SES_REGIONS?: readonly string[] | undefined;
  SES_REGION_ENDPOINTS?: Readonly<Record<string, string>> | undefined;
}

/**
 * The regions the install sends from, the first being the default primary: SES_REGIONS, or
 * AWS_REGION alone (with SES_ENDPOINT / SNS_ENDPOINT) when it is not set, as before regions.
 */
export function sesRegionsOf(env: SesRegionsEnv): SesRegionEndpoint[] {
  if (!env.SES_REGIONS) return [{ region: env.AWS_REGION, sesEndpoint: env.SES_ENDPOINT, snsEndpoint: env.SNS_ENDPOINT }];
  return env.SES_REGIONS.map((region) => {
    const endpoint = env.SES_REGION_ENDPOINTS?.[region];
    return {
      region,
      sesEndpoint: endpoint ?? (region === env.AWS_REGION ? env.SES_ENDPOINT : undefined),
      snsEndpoint: endpoint ?? (region === env.AWS_REGION ? env.SNS_ENDPOINT : undefined),
    };
  });
}

/** The names alone. */
export function sesRegionNamesOf(env: SesRegionsEnv): string[] {
  return sesRegionsOf(env).map((entry) => entry.region);
}
