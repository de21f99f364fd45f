import { Counter } from "prom-client";
import { PREFIX, registry } from "./registry.ts";

const recovered = new Counter({
  name: `${PREFIX}sweeper_recovered_total`,
  help: "Work a sweeper found without a job and enqueued again. Any steady rate means jobs are being lost.",
  labelNames: ["sweeper"] as const,
  registers: [registry],
});

const dailyLimitRefusals = new Counter({
  name: `${PREFIX}daily_limit_refusals_total`,
  help: "Sends refused because the workspace reached its plan's daily limit.",
  registers: [registry],
});

const attachmentQuotaRefusals = new Counter({
  name: `${PREFIX}attachment_quota_refusals_total`,
  help: "Sends refused because the workspace's attachment bytes held for unsent emails would exceed its plan's quota.",
  registers: [registry],
});

const purged = new Counter({
  name: `${PREFIX}retention_purged_total`,
  help: "Rows the retention job deleted, by kind.",
  labelNames: ["kind"] as const,
  registers: [registry],
});

export function recordRecovered(sweeper: "send" | "webhook", count: number): void {
  recovered.inc({ sweeper }, count);
}

export function recordDailyLimitRefusal(): void {
  dailyLimitRefusals.inc();
}

export function recordAttachmentQuotaRefusal(): void {
  attachmentQuotaRefusals.inc();
}

export function recordRetentionPurge(kind: string, count: number): void {
  purged.inc({ kind }, count);
}
