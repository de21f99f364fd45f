import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import { registry } from "@svc/metrics";
import "@svc/metrics/sender";
import "@svc/metrics/ingest";
import "@svc/metrics/dispatcher";
import "@svc/metrics/maintenance";
import { parse } from "yaml";

/**
 * The Grafana dashboard and the alert rules name only metrics the apps serve: a renamed family
 * would otherwise leave a panel empty and an alert silent, which nobody notices until it matters.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const monitoring = path.join(root, "infra/monitoring");

interface Rule {
  alert?: string;
  expr?: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const rules = parse(readFileSync(path.join(monitoring, "alerts.yml"), "utf8")) as { groups: Array<{ name: string; rules: Rule[] }> };
const dashboard = JSON.parse(readFileSync(path.join(monitoring, "grafana-dashboard.json"), "utf8")) as {
  panels: Array<{ id: number; type: string; title: string; targets?: Array<{ expr: string }> }>;
};

const served = new Set((await registry.getMetricsAsJSON()).map((family) => family.name));

/** Metric names in a PromQL expression (ours and Node's), histogram series reduced to their family. */
function metricNames(expr: string): string[] {
  const names = expr.match(/\b(?:svc|nodejs|process)_[a-z0-9_]+\b/g) ?? [];
  return names.map((name) => (served.has(name) ? name : name.replace(/_(bucket|count|sum)$/, "")));
}

describe("alert rules", () => {
  const all = rules.groups.flatMap((group) => group.rules);

  it("are alerting rules with a severity, a summary and a valid duration", () => {
    expect(all.length).toBeGreaterThanOrEqual(8);
    for (const rule of all) {
      expect(rule.alert).toMatch(/^Svc[A-Za-z]+$/);
      expect(typeof rule.expr).toBe("string");
      expect(["page", "warn", "info"]).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary).toEqual(expect.any(String));
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
    }
    expect(new Set(all.map((rule) => rule.alert)).size).toBe(all.length);
  });

  it("cover queue age, webhook failures, SES throttling, bounce and complaint rates", () => {
    const exprs = all.map((rule) => rule.expr).join("\n");
    for (const metric of [
      "svc_queue_oldest_waiting_age_seconds",
      "svc_dispatcher_attempts_total",
      "svc_sender_provider_throttled_total",
      "svc_ingest_events_stored_total",
    ]) {
      expect(exprs).toContain(metric);
    }
    expect(exprs).toMatch(/type="bounced"/);
    expect(exprs).toMatch(/type="complained"/);
  });

  it.each(all.map((rule) => [rule.alert!, rule.expr!]))("%s names only served metrics", (_alert, expr) => {
    const names = metricNames(expr);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(served).toContain(name);
  });
});

describe("Grafana dashboard", () => {
  const graphs = dashboard.panels.filter((panel) => panel.type !== "row");

  it("has unique panel ids and a query in every graph", () => {
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
    for (const panel of graphs) expect(panel.targets?.length).toBeGreaterThan(0);
  });

  it.each(graphs.map((panel) => [panel.title, panel.targets!.map((target) => target.expr).join("\n")]))(
    "%s names only served metrics",
    (_title, exprs) => {
      for (const name of metricNames(exprs)) expect(served).toContain(name);
    },
  );
});
