<?php

// Generated from docs/openapi.json by sdks/generator (`pnpm openapi`). Do not edit.
// svc API 1.0.0

declare(strict_types=1);

namespace SvcEmail;

/**
 * The API as the document describes it: how to call each operation, its error codes, and every
 * schema as an array shape (import one with `@phpstan-import-type SendEmailRequest from Generated`).
 *
 * @phpstan-type ErrorError array{index: int, error: string, code: 'bad_request'|'region_not_configured'|'unauthorized'|'forbidden'|'domain_not_verified'|'domain_not_allowed'|'source_not_allowed'|'not_found'|'conflict'|'confirmation_required'|'replay_in_progress'|'payload_too_large'|'unsupported_media_type'|'validation_failed'|'attachment_quota_exceeded'|'daily_limit_reached'|'rate_limited'|'replay_quota_exceeded'|'render_rate_limited'|'replay_rate_limited'|'erasure_rate_limited'|'unavailable'|'server_busy'|'internal'}
 * @phpstan-type Error array{error: string, code: 'bad_request'|'region_not_configured'|'unauthorized'|'forbidden'|'domain_not_verified'|'domain_not_allowed'|'source_not_allowed'|'not_found'|'conflict'|'confirmation_required'|'replay_in_progress'|'payload_too_large'|'unsupported_media_type'|'validation_failed'|'attachment_quota_exceeded'|'daily_limit_reached'|'rate_limited'|'replay_quota_exceeded'|'render_rate_limited'|'replay_rate_limited'|'erasure_rate_limited'|'unavailable'|'server_busy'|'internal', errors?: list<ErrorError>, quotaBytes?: int, heldBytes?: int}
 * @phpstan-type WebhookEventSentDataTag array{name: string, value: string}
 * @phpstan-type WebhookEventSentDataEvent array{eventId: string, type: 'sent', eventTimestamp: string}
 * @phpstan-type WebhookEventSentData array{emailId: string, tags: list<WebhookEventSentDataTag>, event: WebhookEventSentDataEvent}
 * @phpstan-type WebhookEventSent array{id: string, type: 'email.event', createdAt: string, data: WebhookEventSentData, test?: true, replayOf?: string}
 * @phpstan-type WebhookEventDeliveredDataTag array{name: string, value: string}
 * @phpstan-type WebhookEventDeliveredDataEvent array{eventId: string, type: 'delivered', eventTimestamp: string}
 * @phpstan-type WebhookEventDeliveredData array{emailId: string, tags: list<WebhookEventDeliveredDataTag>, event: WebhookEventDeliveredDataEvent}
 * @phpstan-type WebhookEventDelivered array{id: string, type: 'email.event', createdAt: string, data: WebhookEventDeliveredData, test?: true, replayOf?: string}
 * @phpstan-type WebhookEventOpenedDataTag array{name: string, value: string}
 * @phpstan-type WebhookEventOpenedDataEvent array{eventId: string, type: 'opened', eventTimestamp: string}
 * @phpstan-type WebhookEventOpenedData array{emailId: string, tags: list<WebhookEventOpenedDataTag>, event: WebhookEventOpenedDataEvent}
 * @phpstan-type WebhookEventOpened array{id: string, type: 'email.event', createdAt: string, data: WebhookEventOpenedData, test?: true, replayOf?: string}
 * @phpstan-type WebhookEventClickedDataTag array{name: string, value: string}
 * @phpstan-type WebhookEventClickedDataEvent array{eventId: string, type: 'clicked', eventTimestamp: string}
 * @phpstan-type WebhookEventClickedData array{emailId: string, tags: list<WebhookEventClickedDataTag>, event: WebhookEventClickedDataEvent}
 * @phpstan-type WebhookEventClicked array{id: string, type: 'email.event', createdAt: string, data: WebhookEventClickedData, test?: true, replayOf?: string}
 * @phpstan-type WebhookEventBouncedDataTag array{name: string, value: string}
 * @phpstan-type WebhookEventBouncedDataEvent array{eventId: string, type: 'bounced', eventTimestamp: string}
 * @phpstan-type WebhookEventBouncedData array{emailId: string, tags: list<WebhookEventBouncedDataTag>, event: WebhookEventBouncedDataEvent}
 * @phpstan-type WebhookEventBounced array{id: string, type: 'email.event', createdAt: string, data: WebhookEventBouncedData, test?: true, replayOf?: string}
 * @phpstan-type WebhookEventComplainedDataTag array{name: string, value: string}
 * @phpstan-type WebhookEventComplainedDataEvent array{eventId: string, type: 'complained', eventTimestamp: string}
 * @phpstan-type WebhookEventComplainedData array{emailId: string, tags: list<WebhookEventComplainedDataTag>, event: WebhookEventComplainedDataEvent}
 * @phpstan-type WebhookEventComplained array{id: string, type: 'email.event', createdAt: string, data: WebhookEventComplainedData, test?: true, replayOf?: string}
 * @phpstan-type WebhookEventRejectedDataTag array{name: string, value: string}
 * @phpstan-type WebhookEventRejectedDataEvent array{eventId: string, type: 'rejected', eventTimestamp: string}
 * @phpstan-type WebhookEventRejectedData array{emailId: string, tags: list<WebhookEventRejectedDataTag>, event: WebhookEventRejectedDataEvent}
 * @phpstan-type WebhookEventRejected array{id: string, type: 'email.event', createdAt: string, data: WebhookEventRejectedData, test?: true, replayOf?: string}
 * @phpstan-type WebhookEventRenderingFailedDataTag array{name: string, value: string}
 * @phpstan-type WebhookEventRenderingFailedDataEvent array{eventId: string, type: 'rendering_failed', eventTimestamp: string}
 * @phpstan-type WebhookEventRenderingFailedData array{emailId: string, tags: list<WebhookEventRenderingFailedDataTag>, event: WebhookEventRenderingFailedDataEvent}
 * @phpstan-type WebhookEventRenderingFailed array{id: string, type: 'email.event', createdAt: string, data: WebhookEventRenderingFailedData, test?: true, replayOf?: string}
 * @phpstan-type WebhookEventDeliveryDelayedDataTag array{name: string, value: string}
 * @phpstan-type WebhookEventDeliveryDelayedDataEvent array{eventId: string, type: 'delivery_delayed', eventTimestamp: string}
 * @phpstan-type WebhookEventDeliveryDelayedData array{emailId: string, tags: list<WebhookEventDeliveryDelayedDataTag>, event: WebhookEventDeliveryDelayedDataEvent}
 * @phpstan-type WebhookEventDeliveryDelayed array{id: string, type: 'email.event', createdAt: string, data: WebhookEventDeliveryDelayedData, test?: true, replayOf?: string}
 * @phpstan-type WebhookEventFailedDataTag array{name: string, value: string}
 * @phpstan-type WebhookEventFailedDataEventReason array{code: string, text: string}
 * @phpstan-type WebhookEventFailedDataEvent array{eventId: string, type: 'failed', eventTimestamp: string, reason: WebhookEventFailedDataEventReason}
 * @phpstan-type WebhookEventFailedData array{emailId: string, tags: list<WebhookEventFailedDataTag>, event: WebhookEventFailedDataEvent}
 * @phpstan-type WebhookEventFailed array{id: string, type: 'email.event', createdAt: string, data: WebhookEventFailedData, test?: true, replayOf?: string}
 * @phpstan-type WebhookEventReceivedDataEvent array{type: 'received', eventTimestamp: string}
 * @phpstan-type WebhookEventReceivedData array{inboundId: string, event: WebhookEventReceivedDataEvent, from: ?string, to: list<string>, recipients: list<string>, subject: ?string, messageId: ?string, replyToEmailId: ?string, attachmentCount: int, size: int, verdicts?: mixed, parseError: bool}
 * @phpstan-type WebhookEventReceived array{id: string, type: 'email.received', createdAt: string, data: WebhookEventReceivedData}
 * @phpstan-type WebhookEventUnsubscribedDataTag array{name: string, value: string}
 * @phpstan-type WebhookEventUnsubscribedDataEvent array{eventId: string, type: 'unsubscribed', eventTimestamp: string}
 * @phpstan-type WebhookEventUnsubscribedData array{emailId: string, tags: list<WebhookEventUnsubscribedDataTag>, event: WebhookEventUnsubscribedDataEvent}
 * @phpstan-type WebhookEventUnsubscribed array{id: string, type: 'email.event', createdAt: string, data: WebhookEventUnsubscribedData, test?: true, replayOf?: string}
 * @phpstan-type WebhookEventDataTag array{name: string, value: string}
 * @phpstan-type WebhookEventDataEvent array{eventId: string, type: EventType, eventTimestamp: string}
 * @phpstan-type WebhookEventData array{emailId: string, tags: list<WebhookEventDataTag>, event: WebhookEventDataEvent}
 * @phpstan-type WebhookEvent array{id: string, type: 'email.event', createdAt: string, data: WebhookEventData, test?: true, replayOf?: string}
 * @phpstan-type EventType 'sent'|'delivered'|'opened'|'clicked'|'bounced'|'complained'|'rejected'|'rendering_failed'|'delivery_delayed'|'failed'|'received'|'unsubscribed'
 * @phpstan-type QueuedEmail array{id: string, status: 'queued'|'scheduled'}
 * @phpstan-type SendEmailRequestTag array{name: string, value: string}
 * @phpstan-type SendEmailRequestAttachment array{filename: string, content: string, contentType?: ?string, contentId?: ?string}
 * @phpstan-type SendEmailRequestTemplate array{id?: string, alias?: string, version?: int, variables?: mixed}
 * @phpstan-type SendEmailRequestUnsubscribe array{topic: string}
 * @phpstan-type SendEmailRequest array{from: string, to: list<string>, cc?: list<string>, bcc?: list<string>, replyTo?: list<string>, subject?: string, html?: ?string, text?: ?string, headers?: mixed, tags?: list<SendEmailRequestTag>, attachments?: list<SendEmailRequestAttachment>, scheduledAt?: ?string, template?: SendEmailRequestTemplate, unsubscribe?: SendEmailRequestUnsubscribe}
 * @phpstan-type BatchEntryVariant2 array{error: string, code: 'bad_request'|'region_not_configured'|'unauthorized'|'forbidden'|'domain_not_verified'|'domain_not_allowed'|'source_not_allowed'|'not_found'|'conflict'|'confirmation_required'|'replay_in_progress'|'payload_too_large'|'unsupported_media_type'|'validation_failed'|'attachment_quota_exceeded'|'daily_limit_reached'|'rate_limited'|'replay_quota_exceeded'|'render_rate_limited'|'replay_rate_limited'|'erasure_rate_limited'|'unavailable'|'server_busy'|'internal'}
 * @phpstan-type BatchEntry QueuedEmail|BatchEntryVariant2
 * @phpstan-type SendEmailBatchRequest list<SendEmailRequest>
 * @phpstan-type ScheduleChange array{id: string, status: EmailStatus, scheduledAt: ?string}
 * @phpstan-type EmailStatus 'scheduled'|'queued'|'sending'|'sent'|'delivery_delayed'|'delivered'|'complained'|'bounced'|'rejected'|'failed'|'canceled'
 * @phpstan-type RescheduleRequest array{scheduledAt: string}
 * @phpstan-type EmailTag array{name: string, value: string}
 * @phpstan-type EmailAttachment array{filename: string, contentType: string, contentId: ?string, size: int}
 * @phpstan-type Email array{id: string, organizationId: string, apiKeyId: string, from: string, to: list<string>, cc: list<string>, bcc: list<string>, replyTo: list<string>, headers: array<string, string>, tags: list<EmailTag>, attachments: list<EmailAttachment>, subject: string, html: ?string, text: ?string, status: EmailStatus, provider: ?string, providerMessageId: ?string, errorMessage: ?string, createdAt: string, sentAt: ?string, failedAt: ?string, scheduledAt: ?string, bodyRemovedAt: ?string}
 * @phpstan-type EmailWithEventsTag array{name: string, value: string}
 * @phpstan-type EmailWithEventsAttachment array{filename: string, contentType: string, contentId: ?string, size: int}
 * @phpstan-type EmailWithEventsTemplate array{id: string, alias: ?string, version: ?int, variables: array<string, mixed>}
 * @phpstan-type EmailWithEventsReply array{id: string, receivedAt: string, from: ?string}
 * @phpstan-type EmailWithEventsSuppressedRecipient array{address: string, reason: string}
 * @phpstan-type EmailWithEventsWaitingReason array{code: 'scheduled'|'provider_retry'|'tenant_paused'|'account_paused'|'account_quota'|'rate_limit'|'render_busy'|'attachment_budget'|'region_unavailable'|'handoff_unknown'|'no_sender'|'no_job'|'backlog'|'domain_not_verified'|'provider_identity_not_verified'|'no_provider_events', message: string, nextAttemptAt?: string}
 * @phpstan-type EmailWithEventsWaiting array{since: string, reasons: list<EmailWithEventsWaitingReason>}
 * @phpstan-type EmailWithEvents array{id: string, organizationId: string, apiKeyId: string, from: string, to: list<string>, cc: list<string>, bcc: list<string>, replyTo: list<string>, headers: array<string, string>, tags: list<EmailWithEventsTag>, attachments: list<EmailWithEventsAttachment>, subject: string, html: ?string, text: ?string, status: EmailStatus, provider: ?string, providerMessageId: ?string, errorMessage: ?string, createdAt: string, sentAt: ?string, failedAt: ?string, scheduledAt: ?string, bodyRemovedAt: ?string, template: ?EmailWithEventsTemplate, replies: list<EmailWithEventsReply>, suppressedRecipients: list<EmailWithEventsSuppressedRecipient>, events: list<EmailEvent>, eventsNextCursor: ?string, waiting: ?EmailWithEventsWaiting}
 * @phpstan-type EmailEvent array{id: string, emailId: string, type: EventType, eventTimestamp: string, createdAt: string, payloadJson: string}
 * @phpstan-type EmailEventPage array{events: list<EmailEvent>, nextCursor: ?string}
 * @phpstan-type ApiKey array{id: string, name: string, environment: 'live'|'test', scope: 'send-only'|'read-only'|'full-access', displayHint: string, createdAt: string, lastUsedAt: ?string, revokedAt: ?string, allowedDomains: list<string>, allowedCidrs: list<string>}
 * @phpstan-type TopicSuppression array{id: string, topic: string, address: string, emailId: ?string, createdAt: string}
 * @phpstan-type Suppression array{id: string, address: string, reason: 'hard_bounce'|'complaint'|'manual', emailId: ?string, eventId: ?string, createdAt: string, expiresAt: ?string, active: bool}
 * @phpstan-type AddSuppressionRequest array{address: string, reason?: 'manual', expiresAt?: ?string}
 * @phpstan-type WebhookSubscription array{id: string, workspaceId: string, url: string, events: list<EventType>, isActive: bool, createdAt: string, failingSince: ?string, disabledAt: ?string, disabledReason: ?string, maxDeliveriesPerSecond: ?int}
 * @phpstan-type CreatedWebhookSubscription array{id: string, workspaceId: string, url: string, events: list<EventType>, isActive: bool, createdAt: string, failingSince: ?string, disabledAt: ?string, disabledReason: ?string, maxDeliveriesPerSecond: ?int, secret: string}
 * @phpstan-type CreateWebhookSubscriptionRequest array{url: string, events: list<'sent'|'delivered'|'opened'|'clicked'|'bounced'|'complained'|'rejected'|'rendering_failed'|'delivery_delayed'|'failed'|'received'|'unsubscribed'>, maxDeliveriesPerSecond?: ?int}
 * @phpstan-type UpdateWebhookSubscriptionRequest array{url?: string, events?: list<'sent'|'delivered'|'opened'|'clicked'|'bounced'|'complained'|'rejected'|'rendering_failed'|'delivery_delayed'|'failed'|'received'|'unsubscribed'>, isActive?: bool, maxDeliveriesPerSecond?: ?int}
 * @phpstan-type WebhookDeliveryDetail array{id: string, subscriptionId: string, eventId: ?string, eventType: EventType, test: bool, replayOf: ?string, status: 'pending'|'succeeded'|'failed', attemptCount: int, firstAttemptAt: ?string, nextAttemptAt: ?string, lastStatusCode: ?int, lastError: ?string, createdAt: string, completedAt: ?string, attempts?: list<WebhookAttempt>, body: string}
 * @phpstan-type WebhookAttempt array{id: string, number: int, manual: bool, startedAt: string, durationMs: int, statusCode: ?int, responseExcerpt: ?string, error: ?string}
 * @phpstan-type TestWebhookEventRequest array{eventType?: 'sent'|'delivered'|'opened'|'clicked'|'bounced'|'complained'|'rejected'|'rendering_failed'|'delivery_delayed'|'failed'|'received'|'unsubscribed'}
 * @phpstan-type WebhookDelivery array{id: string, subscriptionId: string, eventId: ?string, eventType: EventType, test: bool, replayOf: ?string, status: 'pending'|'succeeded'|'failed', attemptCount: int, firstAttemptAt: ?string, nextAttemptAt: ?string, lastStatusCode: ?int, lastError: ?string, createdAt: string, completedAt: ?string, attempts?: list<WebhookAttempt>}
 * @phpstan-type WebhookReplayProgress array{pending: int, succeeded: int, failed: int}
 * @phpstan-type WebhookReplay array{id: string, subscriptionId: string, kind: 'delivery'|'email'|'failed_since'|'range', deliveryId: ?string, emailId: ?string, since: ?string, until: ?string, perSecond: int, rearmed: int, copied: int, createdAt: string, pacedUntil: string, progress: WebhookReplayProgress}
 * @phpstan-type ReplayWebhookDeliveriesRequestVariant1 array{kind: 'delivery', deliveryId: string, perSecond?: int}
 * @phpstan-type ReplayWebhookDeliveriesRequestVariant2 array{kind: 'email', emailId: string, perSecond?: int}
 * @phpstan-type ReplayWebhookDeliveriesRequestVariant3 array{kind: 'failed_since', since: string, perSecond?: int}
 * @phpstan-type ReplayWebhookDeliveriesRequestVariant4 array{kind: 'range', since: string, until: string, perSecond?: int}
 * @phpstan-type ReplayWebhookDeliveriesRequest ReplayWebhookDeliveriesRequestVariant1|ReplayWebhookDeliveriesRequestVariant2|ReplayWebhookDeliveriesRequestVariant3|ReplayWebhookDeliveriesRequestVariant4
 * @phpstan-type TemplateDraft array{subject: string, html: string, text: ?string, variables: list<TemplateVariable>}
 * @phpstan-type Template array{id: string, name: string, alias: string, layoutId: ?string, draft: TemplateDraft, publishedVersion: ?int, createdAt: string, updatedAt: string}
 * @phpstan-type TemplateVariable array{name: string, type: 'string'|'number'|'boolean'|'list'|'object', fallback?: mixed}
 * @phpstan-type CreateTemplateRequest array{name: string, alias: string, subject: string, html: string, text?: ?string, variables?: list<TemplateVariable>, layoutId?: ?string}
 * @phpstan-type UpdateTemplateRequest array{name?: string, alias?: string, subject?: string, html?: string, text?: ?string, variables?: list<TemplateVariable>, layoutId?: ?string}
 * @phpstan-type TemplateVersion array{version: int, subject: string, html: string, text: ?string, variables: list<TemplateVariable>, layoutHtml: ?string, publishedAt: string}
 * @phpstan-type PublishTemplateRequest array{fromVersion?: int}
 * @phpstan-type DuplicateTemplateRequest array{alias: string, name?: string}
 * @phpstan-type RenderedTemplate array{subject: string, html: string, text: string}
 * @phpstan-type RenderTemplateRequest array{version?: int, variables?: array<string, mixed>}
 * @phpstan-type InboundSummaryAttachment array{filename: ?string, contentType: string, size: int}
 * @phpstan-type InboundSummaryVerdictsSpf array{result: string, domain?: ?string, policy?: ?string}
 * @phpstan-type InboundSummaryVerdictsDkim array{result: string, domain?: ?string, policy?: ?string}
 * @phpstan-type InboundSummaryVerdictsDmarc array{result: string, domain?: ?string, policy?: ?string}
 * @phpstan-type InboundSummaryVerdictsArc array{result: string, domain?: ?string, policy?: ?string}
 * @phpstan-type InboundSummaryVerdictsSpam array{result: string, domain?: ?string, policy?: ?string}
 * @phpstan-type InboundSummaryVerdictsVirus array{result: string, domain?: ?string, policy?: ?string}
 * @phpstan-type InboundSummaryVerdicts array{spf: InboundSummaryVerdictsSpf, dkim: InboundSummaryVerdictsDkim, dmarc: InboundSummaryVerdictsDmarc, arc: InboundSummaryVerdictsArc, spam?: InboundSummaryVerdictsSpam, virus?: InboundSummaryVerdictsVirus}
 * @phpstan-type InboundSummary array{id: string, source: 'mx'|'ses', mailFrom: string, recipients: list<string>, from: ?string, to: list<string>, cc: list<string>, subject: ?string, messageId: ?string, inReplyTo: ?string, replyToEmailId: ?string, attachments: list<InboundSummaryAttachment>, size: int, verdicts: InboundSummaryVerdicts, parseError: ?string, receivedAt: string}
 * @phpstan-type InboundAttachment array{filename: ?string, contentType: string, size: int}
 * @phpstan-type InboundVerdictsSpf array{result: string, domain?: ?string, policy?: ?string}
 * @phpstan-type InboundVerdictsDkim array{result: string, domain?: ?string, policy?: ?string}
 * @phpstan-type InboundVerdictsDmarc array{result: string, domain?: ?string, policy?: ?string}
 * @phpstan-type InboundVerdictsArc array{result: string, domain?: ?string, policy?: ?string}
 * @phpstan-type InboundVerdictsSpam array{result: string, domain?: ?string, policy?: ?string}
 * @phpstan-type InboundVerdictsVirus array{result: string, domain?: ?string, policy?: ?string}
 * @phpstan-type InboundVerdicts array{spf: InboundVerdictsSpf, dkim: InboundVerdictsDkim, dmarc: InboundVerdictsDmarc, arc: InboundVerdictsArc, spam?: InboundVerdictsSpam, virus?: InboundVerdictsVirus}
 * @phpstan-type Inbound array{id: string, source: 'mx'|'ses', mailFrom: string, recipients: list<string>, from: ?string, to: list<string>, cc: list<string>, subject: ?string, messageId: ?string, inReplyTo: ?string, replyToEmailId: ?string, attachments: list<InboundAttachment>, size: int, verdicts: InboundVerdicts, parseError: ?string, receivedAt: string, text: ?string, html: ?string, headers: list<list<mixed>>}
 * @phpstan-type DmarcReport array{id: string, domain: string, orgName: string, orgEmail: ?string, reportId: string, begin: string, end: string, policy: array<string, mixed>, recordCount: int, messageCount: int, authenticated: bool, receivedAt: string}
 * @phpstan-type DmarcRecord array{sourceIp: string, count: int, disposition: string, dkim: string, spf: string, aligned: bool, headerFrom: string, envelopeFrom: ?string, dkimDomain: ?string, dkimResult: ?string, spfDomain: ?string, spfResult: ?string}
 * @phpstan-type DmarcSourceDisposition array{none: int, quarantine: int, reject: int}
 * @phpstan-type DmarcSource array{domain: string, sourceIp: string, messages: int, aligned: int, notAligned: int, disposition: DmarcSourceDisposition}
 * @phpstan-type AuditEntryActor array{type: 'user'|'api_key'|'operator'|'anonymous', id: ?string}
 * @phpstan-type AuditEntryTarget array{type: string, id: string}
 * @phpstan-type AuditEntry array{id: string, at: string, workspaceId: ?string, actor: AuditEntryActor, source: ?string, action: 'auth.sign_up'|'auth.sign_in'|'auth.sign_in_failed'|'auth.sign_out'|'auth.second_factor_enrolled'|'auth.second_factor_removed'|'auth.recovery_code_used'|'auth.recovery_codes_regenerated'|'auth.oidc_refused'|'email.canceled'|'email.rescheduled'|'api_key.created'|'api_key.revoked'|'api_key.source_refused'|'domain.created'|'domain.verified'|'domain.tracking_changed'|'domain.removed'|'receiving_domain.created'|'receiving_domain.verified'|'receiving_domain.removed'|'inbound_route.created'|'inbound_route.removed'|'webhook.created'|'webhook.updated'|'webhook.deleted'|'webhook.replayed'|'webhook.test_sent'|'template.created'|'template.updated'|'template.deleted'|'template.published'|'template.duplicated'|'template.test_sent'|'test_recipient.added'|'test_recipient.removed'|'suppression.added'|'suppression.removed'|'suppression.imported'|'suppression.exported'|'topic_suppression.removed'|'member.invited'|'member.invitation_revoked'|'member.joined'|'member.role_changed'|'member.removed'|'operator.granted'|'operator.revoked'|'workspace.created'|'workspace.plan_changed'|'workspace.rate_limit_changed'|'workspace.second_factor_requirement_changed'|'workspace.retention_changed'|'workspace.regions_changed'|'ses.setup'|'oidc.configured'|'oidc.enabled_changed'|'oidc.removed'|'oidc.domain_allowed'|'oidc.domain_removed'|'erasure.requested'|'erasure.completed', target: ?AuditEntryTarget, changes: array<string, mixed>}
 * @phpstan-type Erasure array{id: string, status: 'queued'|'running'|'completed'|'failed', addressCount: int, emailIdCount: int, step: ?string, receipt: ErasureReceipt, error: ?string, createdAt: string, startedAt: ?string, completedAt: ?string}
 * @phpstan-type ErasureReceiptRemoved array{emails: int, email_events: int, webhook_deliveries: int, webhook_attempts: int, email_attachments: int, idempotency_keys: int, inbound_emails: int, inbound_attachments: int, test_recipients: int}
 * @phpstan-type ErasureReceiptRedacted array{emails: int, email_events: int, webhook_deliveries: int, webhook_attempts: int, suppressions: int}
 * @phpstan-type ErasureReceipt array{removed: ErasureReceiptRemoved, redacted: ErasureReceiptRedacted, objectsDeleted: int}
 * @phpstan-type CreateErasureRequest array{addresses?: list<string>, emailIds?: list<string>}
 * @phpstan-type ErasureReceiptDocumentRemoved array{emails: int, email_events: int, webhook_deliveries: int, webhook_attempts: int, email_attachments: int, idempotency_keys: int, inbound_emails: int, inbound_attachments: int, test_recipients: int}
 * @phpstan-type ErasureReceiptDocumentRedacted array{emails: int, email_events: int, webhook_deliveries: int, webhook_attempts: int, suppressions: int}
 * @phpstan-type ErasureReceiptDocument array{removed: ErasureReceiptDocumentRemoved, redacted: ErasureReceiptDocumentRedacted, objectsDeleted: int, erasureId: string, workspaceId: string, status: 'queued'|'running'|'completed'|'failed', requestedAt: string, completedAt: ?string, addressCount: int, emailIdCount: int}
 * @phpstan-type DeliverabilityBreakdownProviderBounce array{cause: 'unknown_user'|'mailbox_full'|'policy_block'|'dns_routing'|'message_too_large'|'suppressed'|'permanent_other'|'transient_other'|'unclassified', count: int}
 * @phpstan-type DeliverabilityBreakdownProvider array{provider: 'gmail'|'microsoft'|'yahoo'|'apple'|'other', sent: int, delivered: int, bounced: int, complained: int, deliveryRate: ?float, bounceRate: ?float, complaintRate: ?float, bounces: list<DeliverabilityBreakdownProviderBounce>}
 * @phpstan-type DeliverabilityBreakdownBounce array{cause: 'unknown_user'|'mailbox_full'|'policy_block'|'dns_routing'|'message_too_large'|'suppressed'|'permanent_other'|'transient_other'|'unclassified', count: int}
 * @phpstan-type DeliverabilityBreakdown array{from: string, to: string, days: int, providers: list<DeliverabilityBreakdownProvider>, bounces: list<DeliverabilityBreakdownBounce>}
 * @phpstan-type DeleteWebhookSubscriptionResponse array{id: string, deleted: true}
 * @phpstan-type ListTemplatesResponse array{data: list<Template>, hasMore: bool}
 * @phpstan-type DeleteTemplateResponse array{id: string, deleted: true}
 * @phpstan-type ListTemplateVersionsResponse array{data: list<TemplateVersion>}
 * @phpstan-type ListInboundResponse array{data: list<InboundSummary>, nextCursor: ?string}
 * @phpstan-type ListDmarcReportsResponse array{data: list<DmarcReport>, nextCursor: ?string}
 * @phpstan-type GetDmarcReportResponse array{id: string, domain: string, orgName: string, orgEmail: ?string, reportId: string, begin: string, end: string, policy: array<string, mixed>, recordCount: int, messageCount: int, authenticated: bool, receivedAt: string, records: list<DmarcRecord>}
 * @phpstan-type SummarizeDmarcResponseTotals array{messages: int, aligned: int, notAligned: int}
 * @phpstan-type SummarizeDmarcResponseDailyItem array{day: string, messages: int, aligned: int}
 * @phpstan-type SummarizeDmarcResponse array{from: string, to: string, totals: SummarizeDmarcResponseTotals, sources: list<DmarcSource>, daily: list<SummarizeDmarcResponseDailyItem>, refused: array<string, int>}
 * @phpstan-type ListAuditLogResponse array{data: list<AuditEntry>, nextCursor: ?string}
 * @phpstan-type GetHealthResponse array{status: 'ok'}
 * @phpstan-type GetReadinessResponse array{status: 'ready', checks: array<string, 'ok'|'unreachable'>}
 * @phpstan-type GetOpenApiDocumentResponse array{openapi: string}
 */
final class Generated
{
    public const API_VERSION = '1.0.0';

    /**
     * How to call one operation of the API (one entry per operationId of the document).
     * 'response': 'json' is decoded, 'text' and 'bytes' are returned as received; 'safeToRepeat':
     * sending it again after a failure without an answer cannot do the work twice.
     *
     * @var array<string, array{id: string, tag: string, method: string, path: string, pathParams: list<string>, queryParams: list<string>, idempotencyKey: bool, hasBody: bool, response: string, auth: bool, safeToRepeat: bool}>
     */
    public const OPERATIONS = [
        'listEmails' => [
            'id' => 'listEmails',
            'tag' => 'Emails',
            'method' => 'GET',
            'path' => '/emails',
            'pathParams' => [],
            'queryParams' => ['limit', 'after', 'status', 'to', 'tag', 'createdAfter', 'createdBefore'],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'sendEmail' => [
            'id' => 'sendEmail',
            'tag' => 'Emails',
            'method' => 'POST',
            'path' => '/emails',
            'pathParams' => [],
            'queryParams' => [],
            'idempotencyKey' => true,
            'hasBody' => true,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'sendEmailBatch' => [
            'id' => 'sendEmailBatch',
            'tag' => 'Emails',
            'method' => 'POST',
            'path' => '/emails/batch',
            'pathParams' => [],
            'queryParams' => ['mode'],
            'idempotencyKey' => true,
            'hasBody' => true,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'cancelEmail' => [
            'id' => 'cancelEmail',
            'tag' => 'Emails',
            'method' => 'POST',
            'path' => '/emails/{id}/cancel',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => false,
        ],
        'getEmail' => [
            'id' => 'getEmail',
            'tag' => 'Emails',
            'method' => 'GET',
            'path' => '/emails/{id}',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'rescheduleEmail' => [
            'id' => 'rescheduleEmail',
            'tag' => 'Emails',
            'method' => 'PATCH',
            'path' => '/emails/{id}',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => true,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'listEmailEvents' => [
            'id' => 'listEmailEvents',
            'tag' => 'Emails',
            'method' => 'GET',
            'path' => '/emails/{id}/events',
            'pathParams' => ['id'],
            'queryParams' => ['after', 'limit'],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'listApiKeys' => [
            'id' => 'listApiKeys',
            'tag' => 'API keys',
            'method' => 'GET',
            'path' => '/api-keys',
            'pathParams' => [],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'revokeApiKey' => [
            'id' => 'revokeApiKey',
            'tag' => 'API keys',
            'method' => 'DELETE',
            'path' => '/api-keys/{id}',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'listTopicSuppressions' => [
            'id' => 'listTopicSuppressions',
            'tag' => 'Suppressions',
            'method' => 'GET',
            'path' => '/suppressions/topics',
            'pathParams' => [],
            'queryParams' => ['topic', 'address', 'limit', 'afterTopic', 'afterAddress'],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'removeTopicSuppression' => [
            'id' => 'removeTopicSuppression',
            'tag' => 'Suppressions',
            'method' => 'DELETE',
            'path' => '/suppressions/topics/{topic}/{address}',
            'pathParams' => ['topic', 'address'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'listSuppressions' => [
            'id' => 'listSuppressions',
            'tag' => 'Suppressions',
            'method' => 'GET',
            'path' => '/suppressions',
            'pathParams' => [],
            'queryParams' => ['address', 'reason', 'limit', 'after'],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'addSuppression' => [
            'id' => 'addSuppression',
            'tag' => 'Suppressions',
            'method' => 'POST',
            'path' => '/suppressions',
            'pathParams' => [],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => true,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => false,
        ],
        'removeSuppression' => [
            'id' => 'removeSuppression',
            'tag' => 'Suppressions',
            'method' => 'DELETE',
            'path' => '/suppressions/{address}',
            'pathParams' => ['address'],
            'queryParams' => ['confirm'],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'listWebhookSubscriptions' => [
            'id' => 'listWebhookSubscriptions',
            'tag' => 'Webhook subscriptions',
            'method' => 'GET',
            'path' => '/webhooks',
            'pathParams' => [],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'createWebhookSubscription' => [
            'id' => 'createWebhookSubscription',
            'tag' => 'Webhook subscriptions',
            'method' => 'POST',
            'path' => '/webhooks',
            'pathParams' => [],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => true,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => false,
        ],
        'getWebhookSubscription' => [
            'id' => 'getWebhookSubscription',
            'tag' => 'Webhook subscriptions',
            'method' => 'GET',
            'path' => '/webhooks/{id}',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'updateWebhookSubscription' => [
            'id' => 'updateWebhookSubscription',
            'tag' => 'Webhook subscriptions',
            'method' => 'PATCH',
            'path' => '/webhooks/{id}',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => true,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'deleteWebhookSubscription' => [
            'id' => 'deleteWebhookSubscription',
            'tag' => 'Webhook subscriptions',
            'method' => 'DELETE',
            'path' => '/webhooks/{id}',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'sendTestWebhookEvent' => [
            'id' => 'sendTestWebhookEvent',
            'tag' => 'Webhook subscriptions',
            'method' => 'POST',
            'path' => '/webhooks/{id}/test',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => true,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => false,
        ],
        'listWebhookDeliveries' => [
            'id' => 'listWebhookDeliveries',
            'tag' => 'Webhook subscriptions',
            'method' => 'GET',
            'path' => '/webhooks/{id}/deliveries',
            'pathParams' => ['id'],
            'queryParams' => ['status', 'limit'],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'listWebhookReplays' => [
            'id' => 'listWebhookReplays',
            'tag' => 'Webhook subscriptions',
            'method' => 'GET',
            'path' => '/webhooks/{id}/replays',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'replayWebhookDeliveries' => [
            'id' => 'replayWebhookDeliveries',
            'tag' => 'Webhook subscriptions',
            'method' => 'POST',
            'path' => '/webhooks/{id}/replays',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => true,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => false,
        ],
        'getWebhookReplay' => [
            'id' => 'getWebhookReplay',
            'tag' => 'Webhook subscriptions',
            'method' => 'GET',
            'path' => '/webhooks/{id}/replays/{replayId}',
            'pathParams' => ['id', 'replayId'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'getWebhookDelivery' => [
            'id' => 'getWebhookDelivery',
            'tag' => 'Webhook subscriptions',
            'method' => 'GET',
            'path' => '/webhooks/{id}/deliveries/{deliveryId}',
            'pathParams' => ['id', 'deliveryId'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'listTemplates' => [
            'id' => 'listTemplates',
            'tag' => 'Templates',
            'method' => 'GET',
            'path' => '/templates',
            'pathParams' => [],
            'queryParams' => ['limit', 'after'],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'createTemplate' => [
            'id' => 'createTemplate',
            'tag' => 'Templates',
            'method' => 'POST',
            'path' => '/templates',
            'pathParams' => [],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => true,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => false,
        ],
        'getTemplate' => [
            'id' => 'getTemplate',
            'tag' => 'Templates',
            'method' => 'GET',
            'path' => '/templates/{id}',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'updateTemplate' => [
            'id' => 'updateTemplate',
            'tag' => 'Templates',
            'method' => 'PATCH',
            'path' => '/templates/{id}',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => true,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'deleteTemplate' => [
            'id' => 'deleteTemplate',
            'tag' => 'Templates',
            'method' => 'DELETE',
            'path' => '/templates/{id}',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'publishTemplate' => [
            'id' => 'publishTemplate',
            'tag' => 'Templates',
            'method' => 'POST',
            'path' => '/templates/{id}/publish',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => true,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => false,
        ],
        'duplicateTemplate' => [
            'id' => 'duplicateTemplate',
            'tag' => 'Templates',
            'method' => 'POST',
            'path' => '/templates/{id}/duplicate',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => true,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => false,
        ],
        'listTemplateVersions' => [
            'id' => 'listTemplateVersions',
            'tag' => 'Templates',
            'method' => 'GET',
            'path' => '/templates/{id}/versions',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'renderTemplate' => [
            'id' => 'renderTemplate',
            'tag' => 'Templates',
            'method' => 'POST',
            'path' => '/templates/{id}/render',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => true,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => false,
        ],
        'listInbound' => [
            'id' => 'listInbound',
            'tag' => 'Inbound',
            'method' => 'GET',
            'path' => '/inbound',
            'pathParams' => [],
            'queryParams' => ['limit', 'after'],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'getInbound' => [
            'id' => 'getInbound',
            'tag' => 'Inbound',
            'method' => 'GET',
            'path' => '/inbound/{id}',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'getInboundRaw' => [
            'id' => 'getInboundRaw',
            'tag' => 'Inbound',
            'method' => 'GET',
            'path' => '/inbound/{id}/raw',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'bytes',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'getInboundAttachment' => [
            'id' => 'getInboundAttachment',
            'tag' => 'Inbound',
            'method' => 'GET',
            'path' => '/inbound/{id}/attachments/{n}',
            'pathParams' => ['id', 'n'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'bytes',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'listDmarcReports' => [
            'id' => 'listDmarcReports',
            'tag' => 'DMARC',
            'method' => 'GET',
            'path' => '/dmarc/reports',
            'pathParams' => [],
            'queryParams' => ['limit', 'after', 'domain'],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'getDmarcReport' => [
            'id' => 'getDmarcReport',
            'tag' => 'DMARC',
            'method' => 'GET',
            'path' => '/dmarc/reports/{id}',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'summarizeDmarc' => [
            'id' => 'summarizeDmarc',
            'tag' => 'DMARC',
            'method' => 'GET',
            'path' => '/dmarc/summary',
            'pathParams' => [],
            'queryParams' => ['from', 'to', 'domain'],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'listAuditLog' => [
            'id' => 'listAuditLog',
            'tag' => 'Audit log',
            'method' => 'GET',
            'path' => '/audit-log',
            'pathParams' => [],
            'queryParams' => ['action', 'actor', 'target', 'since', 'until', 'limit', 'after'],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'exportAuditLog' => [
            'id' => 'exportAuditLog',
            'tag' => 'Audit log',
            'method' => 'GET',
            'path' => '/audit-log/export',
            'pathParams' => [],
            'queryParams' => ['format', 'action', 'actor', 'target', 'since', 'until', 'limit'],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'text',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'listErasures' => [
            'id' => 'listErasures',
            'tag' => 'Erasures',
            'method' => 'GET',
            'path' => '/erasures',
            'pathParams' => [],
            'queryParams' => ['limit', 'after'],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'createErasure' => [
            'id' => 'createErasure',
            'tag' => 'Erasures',
            'method' => 'POST',
            'path' => '/erasures',
            'pathParams' => [],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => true,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => false,
        ],
        'getErasure' => [
            'id' => 'getErasure',
            'tag' => 'Erasures',
            'method' => 'GET',
            'path' => '/erasures/{id}',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'getErasureReceipt' => [
            'id' => 'getErasureReceipt',
            'tag' => 'Erasures',
            'method' => 'GET',
            'path' => '/erasures/{id}/receipt',
            'pathParams' => ['id'],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'getDeliverability' => [
            'id' => 'getDeliverability',
            'tag' => 'Deliverability',
            'method' => 'GET',
            'path' => '/deliverability',
            'pathParams' => [],
            'queryParams' => ['days'],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => true,
            'safeToRepeat' => true,
        ],
        'getHealth' => [
            'id' => 'getHealth',
            'tag' => 'Service',
            'method' => 'GET',
            'path' => '/healthz',
            'pathParams' => [],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => false,
            'safeToRepeat' => true,
        ],
        'getReadiness' => [
            'id' => 'getReadiness',
            'tag' => 'Service',
            'method' => 'GET',
            'path' => '/readyz',
            'pathParams' => [],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => false,
            'safeToRepeat' => true,
        ],
        'getOpenApiDocument' => [
            'id' => 'getOpenApiDocument',
            'tag' => 'Service',
            'method' => 'GET',
            'path' => '/openapi.json',
            'pathParams' => [],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'json',
            'auth' => false,
            'safeToRepeat' => true,
        ],
        'getApiReference' => [
            'id' => 'getApiReference',
            'tag' => 'Service',
            'method' => 'GET',
            'path' => '/docs',
            'pathParams' => [],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'text',
            'auth' => false,
            'safeToRepeat' => true,
        ],
        'getApiReferenceScript' => [
            'id' => 'getApiReferenceScript',
            'tag' => 'Service',
            'method' => 'GET',
            'path' => '/docs/api-reference.js',
            'pathParams' => [],
            'queryParams' => [],
            'idempotencyKey' => false,
            'hasBody' => false,
            'response' => 'text',
            'auth' => false,
            'safeToRepeat' => true,
        ],
    ];

    /** Every error `code` the API answers with. */
    public const ERROR_CODES = ['bad_request', 'region_not_configured', 'unauthorized', 'forbidden', 'domain_not_verified', 'domain_not_allowed', 'source_not_allowed', 'not_found', 'conflict', 'confirmation_required', 'replay_in_progress', 'payload_too_large', 'unsupported_media_type', 'validation_failed', 'attachment_quota_exceeded', 'daily_limit_reached', 'rate_limited', 'replay_quota_exceeded', 'render_rate_limited', 'replay_rate_limited', 'erasure_rate_limited', 'unavailable', 'server_busy', 'internal'];
}
