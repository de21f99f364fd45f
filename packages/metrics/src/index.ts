export { registry, setAppLabel, PREFIX, LATENCY_BUCKETS } from "./registry.ts";
export { metricsEndpoint, type MetricsEndpointOptions } from "./endpoint.ts";
export { httpMetrics } from "./http.ts";
export { watchQueueDepth, countWorkerJobs, type QueueSource, type QueueRedis, type WorkerEvents } from "./queues.ts";
export { observeHttp } from "./observeHttp.ts";
export { watchMessageBudget, recordMessageOverBudget, type MessageBudgetSource } from "./smtp.ts";
