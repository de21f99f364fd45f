export { runApp, type App, type StartedApp } from "./app.ts";
export { Shutdown, type ShutdownStep } from "./shutdown.ts";
export { every, type PeriodicTask } from "./every.ts";
export { listen, closeServer } from "./http.ts";
export { checkReadiness, createHealthServer, healthEndpoints, HEALTHY, type HealthAnswer, type ReadinessCheck } from "./health.ts";
export { withTimeout } from "./timeout.ts";
export { Batcher, type BatcherOptions } from "./batcher.ts";
export { BodyReadError, hasPlainBody, readUtf8Body } from "./body.ts";
export { bodyErrorAnswer, type BodyErrorAnswer, type BodyWording } from "./bodyErrors.ts";
