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
export type Template = Schemas["Template"];
export type TemplateVersion = Schemas["TemplateVersion"];
export type TemplateVariable = Schemas["TemplateVariable"];
export type CreateTemplateRequest = Schemas["CreateTemplateRequest"];
export type UpdateTemplateRequest = Schemas["UpdateTemplateRequest"];
export type RenderedTemplate = Schemas["RenderedTemplate"];
export type ErrorCode = Schemas["Error"]["code"];

export type ListEmailsQuery = NonNullable<operations["listEmails"]["parameters"]["query"]>;
export type ListSuppressionsQuery = NonNullable<operations["listSuppressions"]["parameters"]["query"]>;
export type ListTemplatesQuery = NonNullable<operations["listTemplates"]["parameters"]["query"]>;
