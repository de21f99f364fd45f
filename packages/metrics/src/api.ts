import { Counter, Gauge } from "prom-client";
import { PREFIX, registry } from "./registry.ts";

const bodyBudget = new Gauge({
  name: `${PREFIX}api_body_budget_bytes`,
  help: "Memory the api may spend on request bodies at once (API_BODY_MEMORY_BUDGET_MB).",
  registers: [registry],
});

const bodyBytesHeld = new Gauge({
  name: `${PREFIX}api_body_budget_held_bytes`,
  help: "Memory charged to the request bodies in flight now (each body's size times the memory a body takes while parsed).",
  registers: [registry],
});

const bodyRefusals = new Counter({
  name: `${PREFIX}api_body_budget_refusals_total`,
  help: "Requests answered 503 server_busy because their body did not fit the body budget (or the workspace's share of it).",
  registers: [registry],
});

export function setBodyBudget(bytes: number): void {
  bodyBudget.set(bytes);
}

export function setBodyBytesHeld(bytes: number): void {
  bodyBytesHeld.set(bytes);
}

export function recordBodyBudgetRefusal(): void {
  bodyRefusals.inc();
}
