export { createSesInboundClients, type SesInboundEnv } from "./clients.ts";
export {
  createReceivedObjectReader,
  ReceivedObjectBusy,
  ReceivedObjectMissing,
  type ReceivedObjectReader,
  ReceivedObjectTooLarge,
  type S3Env,
} from "./objects.ts";
export { type AppliedSesInbound, applySesInbound, type DesiredSesInbound, receiptRuleName, type SesInboundClients } from "./reconcile.ts";
