export * from "./authenticate.ts";
export * from "./deliveryBody.ts";
export { buildInboundDeliveryBody } from "./deliveryBody.ts";
export * from "./domains.ts";
export { type InboundAttachmentMeta, type ParsedInbound, parseInbound } from "./parse.ts";
export * from "./read.ts";
export {
  type ArrivedMessage,
  INBOUND_MEMORY_PER_BYTE,
  type RoutedRecipient,
  routeRecipients,
  type StoredInbound,
  storeInbound,
} from "./receive.ts";
export { providerMessageIdsIn } from "./replies.ts";
export { CATCH_ALL, matchRoute, parseRouteLocalPart, splitRecipient } from "./routes.ts";
export {
  ingestSesReceipt,
  type ReceivedObject,
  type ReceivedObjects,
  type SesReceipt,
  type SesReceiptOutcome,
  sesReceiptSchema,
  sesVerdicts,
} from "./sesReceipt.ts";
