import { collectDefaultMetrics, Registry } from "prom-client";

/**
 * The process's one registry. Every family is defined once, at import of the module that owns
 * it, so only the families a process imports appear on its /metrics. Node's own metrics
 * (event-loop lag, heap, GC, handles, CPU) are collected once per process.
 */
export const registry = new Registry();
/**
 * The event-loop lag monitor wakes the process at this interval (prom-client's default is every
 * 10 ms, which alone keeps an idle process at about half a percent of a core). A blocked loop
 * still shows: the next wake-up is late by as long as it was blocked.
 */
const EVENT_LOOP_SAMPLE_MS = 250;
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });

/** Names the process on every sample (`app="api"`), so one dashboard can tell the apps apart. */
export function setAppLabel(app: string): void {
  registry.setDefaultLabels({ app });
}

/** Every family prefixed alike, so a team's dashboards and rules find them by one pattern. */
export const PREFIX = "svc_";

/**
 * Buckets for work measured in seconds, from a fast Postgres statement to a slow provider or
 * webhook endpoint (the dispatcher's attempt deadline is 10 s by default).
 */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
