import type { components, operations } from "./generated/openapi.ts";

type Schemas = components["schemas"];

export type Email = Schemas["Email"];
export type EmailWithEvents = Schemas["EmailWithEvents"];
export type EmailEvent = Schemas["EmailEvent"];
export type EmailStatus = Schemas["EmailStatus"];
export type EventType = Schemas["EventType"];
export type QueuedEmail = Schemas["QueuedEmail"];
export type SendEmailRequest = Schemas["SendEmailRequest"];
export type BatchEntry = Schemas["BatchEntry"];
export type ScheduleChange = Schemas["ScheduleChange"];
export type ApiKey = Schemas["ApiKey"];
export type Suppression = Schemas["Suppression"];
export type AddSuppressionRequest = Schemas["AddSuppressionRequest"];
export type WebhookEvent = Schemas["WebhookEvent"];
export type Inbound = Schemas["Inbound"];
export type InboundSummary = Schemas["InboundSummary"];
export type ErrorCode = Schemas["Error"]["code"];

export type ListEmailsQuery = NonNullable<operations["listEmails"]["parameters"]["query"]>;
export type ListInboundQuery = NonNullable<operations["listInbound"]["parameters"]["query"]>;
export type ListSuppressionsQuery = NonNullable<operations["listSuppressions"]["parameters"]["query"]>;
