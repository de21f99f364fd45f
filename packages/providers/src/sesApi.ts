/**
 * The SES and SNS API clients alone, for code that loads them on demand (the doctor's checks): a
 * dynamic import keeps every export of the module it names, so it names this one rather than the
 * package's index, and a process's bundle holds no SES call it never makes (its IAM policy is
 * derived from them).
 */
export { createSesApiClients, type SesApiClients, type SesApiEnv, sesApiEnvOf } from "./ses/setup/clients.ts";
