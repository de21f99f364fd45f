import type { BenchResult } from "../lib/result.ts";
import { pipelineRow } from "./pipeline.ts";

/**
 * The pipeline-ses row with SES in two regions (SES_REGIONS): each region an aws-local process of
 * its own, set up by `svc ses setup` in both, the workspace sending from its primary with the
 * second as its failover. Beside pipeline-ses, it says what the regional path costs per email
 * (the workspace's regions through their cache, the circuits, the per-region quotas) when every
 * region is up.
 */
export default function pipelineSes2RegionsBenchmark(): Promise<BenchResult> {
  return pipelineRow("ses-2regions");
}
