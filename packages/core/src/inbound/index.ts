export * from "./authenticate.ts";
export * from "./deliveryBody.ts";
export * from "./domains.ts";
export * from "./read.ts";
export { storeInbound, routeRecipients, type ArrivedMessage, type RoutedRecipient, type StoredInbound } from "./receive.ts";
export { CATCH_ALL, parseRouteLocalPart, splitRecipient, matchRoute } from "./routes.ts";
export { parseInbound, type InboundAttachmentMeta, type ParsedInbound } from "./parse.ts";
export { providerMessageIdsIn } from "./replies.ts";
export { ingestSesReceipt, sesReceiptSchema, sesVerdicts, type SesReceipt, type SesReceiptOutcome } from "./sesReceipt.ts";
