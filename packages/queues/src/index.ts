export { QUEUES, queueJobOptions, type QueueKey, type JobPayload } from "./catalog.ts";
export { Producer } from "./producer.ts";
export { SendFairness, type FairnessOptions } from "./fairness.ts";
export { SendQueue } from "./sendQueue.ts";
export { RedisRateLimiter, rateLimitedMessage, type RateLimitDecision, type RateLimitPolicy } from "./rateLimiter.ts";
export { closeConnections, createProducerConnection, createWorkerConnection } from "./connection.ts";
export { isFinishedJobState } from "./jobStates.ts";
export type { Redis } from "ioredis";
export { recordRetry, sendQueueFacts, type SendJobFacts, type SendQueueFacts } from "./sendProbe.ts";
