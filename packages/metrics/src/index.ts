export { type MetricsEndpointOptions, metricsEndpoint } from "./endpoint.ts";
export { httpMetrics } from "./http.ts";
export { observeHttp } from "./observeHttp.ts";
export { countWorkerJobs, type QueueRedis, type QueueSource, type WorkerEvents, watchQueueDepth } from "./queues.ts";
export { LATENCY_BUCKETS, PREFIX, registry, setAppLabel } from "./registry.ts";
export { type MessageBudgetSource, recordMessageOverBudget, watchMessageBudget } from "./smtp.ts";
