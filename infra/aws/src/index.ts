export { type AccessProps, AccessStack } from "./access.ts";
export { type SvcAwsOptions, svcAwsApp } from "./app.ts";
export { PROCESS_ACTIONS, type ProcessName } from "./permissions.ts";
export { type SesRegionProps, SesRegionStack, trackingSets } from "./sesRegion.ts";
