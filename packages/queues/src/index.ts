export type { Redis } from "ioredis";
export { type JobPayload, MAX_DELIVERIES_PER_JOB, MAX_EMAILS_PER_SEND_JOB, QUEUES, type QueueKey, queueJobOptions } from "./catalog.ts";
export { closeConnections, createProducerConnection, createWorkerConnection, type RedisTarget } from "./connection.ts";
export { type DeliveryJob, deliveriesOf, newDeliveryJobs } from "./deliveryJobs.ts";
export { FailureThrottle, type FailureThrottleOptions, type ThrottleCounter, type ThrottleReservation } from "./failureThrottle.ts";
export { type FairnessOptions, SendFairness } from "./fairness.ts";
export { isFinishedJobState } from "./jobStates.ts";
export { type QueueLayout, type QueueLayoutEnv, queueLayout, shardOf, singleQueueLayout } from "./layout.ts";
export { Producer } from "./producer.ts";
export {
  leaseSizeFor,
  type RateLimitDecision,
  type RateLimiterOptions,
  type RateLimitPolicy,
  RedisRateLimiter,
  rateLimitedMessage,
} from "./rateLimiter.ts";
export { MINIMUM_REDIS_MAJOR, redisVersionProblem, requireRedisVersion } from "./redisVersion.ts";
export { type ScriptCommands, type ScriptedRedis, withScripts } from "./scripts.ts";
export { SendGate, type SendGateDecision, type SendGateOptions } from "./sendGate.ts";
export { emailsOf, sharedSendJobId } from "./sendJobs.ts";
export { recordRetry, type SendJobFacts, type SendQueueFacts, sendQueueFacts, type WaitingHold } from "./sendProbe.ts";
export { SendQueue } from "./sendQueue.ts";
export { createShardWorkers } from "./shardWorkers.ts";
export { SubscriptionRateLimiter } from "./subscriptionRate.ts";
export { UnrecordedAcceptances } from "./unrecordedAcceptances.ts";
export { isRedisUnavailable, workerErrorListener } from "./workerErrors.ts";
