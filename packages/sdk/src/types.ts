import type { components, operations } from "./generated/openapi.ts";

type Schemas = components["schemas"];

export type Email = Schemas["Email"];
export type EmailWithEvents = Schemas["EmailWithEvents"];
export type EmailEvent = Schemas["EmailEvent"];
export type EmailEventPage = Schemas["EmailEventPage"];
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
export type WebhookSubscription = Schemas["WebhookSubscription"];
export type CreatedWebhookSubscription = Schemas["CreatedWebhookSubscription"];
export type CreateWebhookSubscriptionRequest = Schemas["CreateWebhookSubscriptionRequest"];
export type UpdateWebhookSubscriptionRequest = Schemas["UpdateWebhookSubscriptionRequest"];
export type WebhookDelivery = Schemas["WebhookDelivery"];
export type WebhookDeliveryDetail = Schemas["WebhookDeliveryDetail"];
export type WebhookAttempt = Schemas["WebhookAttempt"];
export type WebhookReplay = Schemas["WebhookReplay"];
export type ReplayWebhookDeliveriesRequest = Schemas["ReplayWebhookDeliveriesRequest"];
export type ErrorCode = Schemas["Error"]["code"];

export type ListEmailsQuery = NonNullable<operations["listEmails"]["parameters"]["query"]>;
export type ListEmailEventsQuery = NonNullable<operations["listEmailEvents"]["parameters"]["query"]>;
export type ListWebhookDeliveriesQuery = NonNullable<operations["listWebhookDeliveries"]["parameters"]["query"]>;
export type ListSuppressionsQuery = NonNullable<operations["listSuppressions"]["parameters"]["query"]>;
