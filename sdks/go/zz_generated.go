// Code generated from docs/openapi.json by sdks/generator (`pnpm openapi`). DO NOT EDIT.

package svcemail

import (
	"encoding/json"
	"net/url"
	"strconv"
)

// APIVersion is the version of the API document this package was generated from (svc API).
const APIVersion = "1.0.0"

// operation is how to call one operation of the API (one entry per operationId of the document).
type operation struct {
	ID             string
	Tag            string
	Method         string
	Path           string
	PathParams     []string
	QueryParams    []string
	IdempotencyKey bool
	HasBody        bool
	// "json": decoded; "text" and "bytes": as received.
	Response string
	Auth     bool
	// Sending it again after a failure without an answer cannot do the work twice.
	SafeToRepeat bool
}

var operations = map[string]operation{
	"listEmails": {ID: "listEmails", Tag: "Emails", Method: "GET", Path: "/emails", PathParams: []string{}, QueryParams: []string{"limit", "after", "status", "to", "tag", "createdAfter", "createdBefore"}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"sendEmail": {ID: "sendEmail", Tag: "Emails", Method: "POST", Path: "/emails", PathParams: []string{}, QueryParams: []string{}, IdempotencyKey: true, HasBody: true, Response: "json", Auth: true, SafeToRepeat: true},

	"sendEmailBatch": {ID: "sendEmailBatch", Tag: "Emails", Method: "POST", Path: "/emails/batch", PathParams: []string{}, QueryParams: []string{"mode"}, IdempotencyKey: true, HasBody: true, Response: "json", Auth: true, SafeToRepeat: true},

	"cancelEmail": {ID: "cancelEmail", Tag: "Emails", Method: "POST", Path: "/emails/{id}/cancel", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: false},

	"getEmail": {ID: "getEmail", Tag: "Emails", Method: "GET", Path: "/emails/{id}", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"rescheduleEmail": {ID: "rescheduleEmail", Tag: "Emails", Method: "PATCH", Path: "/emails/{id}", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: true, Response: "json", Auth: true, SafeToRepeat: true},

	"listEmailEvents": {ID: "listEmailEvents", Tag: "Emails", Method: "GET", Path: "/emails/{id}/events", PathParams: []string{"id"}, QueryParams: []string{"after", "limit"}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"listApiKeys": {ID: "listApiKeys", Tag: "API keys", Method: "GET", Path: "/api-keys", PathParams: []string{}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"revokeApiKey": {ID: "revokeApiKey", Tag: "API keys", Method: "DELETE", Path: "/api-keys/{id}", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"listTopicSuppressions": {ID: "listTopicSuppressions", Tag: "Suppressions", Method: "GET", Path: "/suppressions/topics", PathParams: []string{}, QueryParams: []string{"topic", "address", "limit", "afterTopic", "afterAddress"}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"removeTopicSuppression": {ID: "removeTopicSuppression", Tag: "Suppressions", Method: "DELETE", Path: "/suppressions/topics/{topic}/{address}", PathParams: []string{"topic", "address"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"listSuppressions": {ID: "listSuppressions", Tag: "Suppressions", Method: "GET", Path: "/suppressions", PathParams: []string{}, QueryParams: []string{"address", "reason", "limit", "after"}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"addSuppression": {ID: "addSuppression", Tag: "Suppressions", Method: "POST", Path: "/suppressions", PathParams: []string{}, QueryParams: []string{}, IdempotencyKey: false, HasBody: true, Response: "json", Auth: true, SafeToRepeat: false},

	"removeSuppression": {ID: "removeSuppression", Tag: "Suppressions", Method: "DELETE", Path: "/suppressions/{address}", PathParams: []string{"address"}, QueryParams: []string{"confirm"}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"listWebhookSubscriptions": {ID: "listWebhookSubscriptions", Tag: "Webhook subscriptions", Method: "GET", Path: "/webhooks", PathParams: []string{}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"createWebhookSubscription": {ID: "createWebhookSubscription", Tag: "Webhook subscriptions", Method: "POST", Path: "/webhooks", PathParams: []string{}, QueryParams: []string{}, IdempotencyKey: false, HasBody: true, Response: "json", Auth: true, SafeToRepeat: false},

	"getWebhookSubscription": {ID: "getWebhookSubscription", Tag: "Webhook subscriptions", Method: "GET", Path: "/webhooks/{id}", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"updateWebhookSubscription": {ID: "updateWebhookSubscription", Tag: "Webhook subscriptions", Method: "PATCH", Path: "/webhooks/{id}", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: true, Response: "json", Auth: true, SafeToRepeat: true},

	"deleteWebhookSubscription": {ID: "deleteWebhookSubscription", Tag: "Webhook subscriptions", Method: "DELETE", Path: "/webhooks/{id}", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"sendTestWebhookEvent": {ID: "sendTestWebhookEvent", Tag: "Webhook subscriptions", Method: "POST", Path: "/webhooks/{id}/test", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: true, Response: "json", Auth: true, SafeToRepeat: false},

	"listWebhookDeliveries": {ID: "listWebhookDeliveries", Tag: "Webhook subscriptions", Method: "GET", Path: "/webhooks/{id}/deliveries", PathParams: []string{"id"}, QueryParams: []string{"status", "limit"}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"listWebhookReplays": {ID: "listWebhookReplays", Tag: "Webhook subscriptions", Method: "GET", Path: "/webhooks/{id}/replays", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"replayWebhookDeliveries": {ID: "replayWebhookDeliveries", Tag: "Webhook subscriptions", Method: "POST", Path: "/webhooks/{id}/replays", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: true, Response: "json", Auth: true, SafeToRepeat: false},

	"getWebhookReplay": {ID: "getWebhookReplay", Tag: "Webhook subscriptions", Method: "GET", Path: "/webhooks/{id}/replays/{replayId}", PathParams: []string{"id", "replayId"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"getWebhookDelivery": {ID: "getWebhookDelivery", Tag: "Webhook subscriptions", Method: "GET", Path: "/webhooks/{id}/deliveries/{deliveryId}", PathParams: []string{"id", "deliveryId"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"listTemplates": {ID: "listTemplates", Tag: "Templates", Method: "GET", Path: "/templates", PathParams: []string{}, QueryParams: []string{"limit", "after"}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"createTemplate": {ID: "createTemplate", Tag: "Templates", Method: "POST", Path: "/templates", PathParams: []string{}, QueryParams: []string{}, IdempotencyKey: false, HasBody: true, Response: "json", Auth: true, SafeToRepeat: false},

	"getTemplate": {ID: "getTemplate", Tag: "Templates", Method: "GET", Path: "/templates/{id}", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"updateTemplate": {ID: "updateTemplate", Tag: "Templates", Method: "PATCH", Path: "/templates/{id}", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: true, Response: "json", Auth: true, SafeToRepeat: true},

	"deleteTemplate": {ID: "deleteTemplate", Tag: "Templates", Method: "DELETE", Path: "/templates/{id}", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"publishTemplate": {ID: "publishTemplate", Tag: "Templates", Method: "POST", Path: "/templates/{id}/publish", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: true, Response: "json", Auth: true, SafeToRepeat: false},

	"duplicateTemplate": {ID: "duplicateTemplate", Tag: "Templates", Method: "POST", Path: "/templates/{id}/duplicate", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: true, Response: "json", Auth: true, SafeToRepeat: false},

	"listTemplateVersions": {ID: "listTemplateVersions", Tag: "Templates", Method: "GET", Path: "/templates/{id}/versions", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"renderTemplate": {ID: "renderTemplate", Tag: "Templates", Method: "POST", Path: "/templates/{id}/render", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: true, Response: "json", Auth: true, SafeToRepeat: false},

	"listInbound": {ID: "listInbound", Tag: "Inbound", Method: "GET", Path: "/inbound", PathParams: []string{}, QueryParams: []string{"limit", "after"}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"getInbound": {ID: "getInbound", Tag: "Inbound", Method: "GET", Path: "/inbound/{id}", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"getInboundRaw": {ID: "getInboundRaw", Tag: "Inbound", Method: "GET", Path: "/inbound/{id}/raw", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "bytes", Auth: true, SafeToRepeat: true},

	"getInboundAttachment": {ID: "getInboundAttachment", Tag: "Inbound", Method: "GET", Path: "/inbound/{id}/attachments/{n}", PathParams: []string{"id", "n"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "bytes", Auth: true, SafeToRepeat: true},

	"listDmarcReports": {ID: "listDmarcReports", Tag: "DMARC", Method: "GET", Path: "/dmarc/reports", PathParams: []string{}, QueryParams: []string{"limit", "after", "domain"}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"getDmarcReport": {ID: "getDmarcReport", Tag: "DMARC", Method: "GET", Path: "/dmarc/reports/{id}", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"summarizeDmarc": {ID: "summarizeDmarc", Tag: "DMARC", Method: "GET", Path: "/dmarc/summary", PathParams: []string{}, QueryParams: []string{"from", "to", "domain"}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"listAuditLog": {ID: "listAuditLog", Tag: "Audit log", Method: "GET", Path: "/audit-log", PathParams: []string{}, QueryParams: []string{"action", "actor", "target", "since", "until", "limit", "after"}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"exportAuditLog": {ID: "exportAuditLog", Tag: "Audit log", Method: "GET", Path: "/audit-log/export", PathParams: []string{}, QueryParams: []string{"format", "action", "actor", "target", "since", "until", "limit"}, IdempotencyKey: false, HasBody: false, Response: "text", Auth: true, SafeToRepeat: true},

	"listErasures": {ID: "listErasures", Tag: "Erasures", Method: "GET", Path: "/erasures", PathParams: []string{}, QueryParams: []string{"limit", "after"}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"createErasure": {ID: "createErasure", Tag: "Erasures", Method: "POST", Path: "/erasures", PathParams: []string{}, QueryParams: []string{}, IdempotencyKey: false, HasBody: true, Response: "json", Auth: true, SafeToRepeat: false},

	"getErasure": {ID: "getErasure", Tag: "Erasures", Method: "GET", Path: "/erasures/{id}", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"getErasureReceipt": {ID: "getErasureReceipt", Tag: "Erasures", Method: "GET", Path: "/erasures/{id}/receipt", PathParams: []string{"id"}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"getDeliverability": {ID: "getDeliverability", Tag: "Deliverability", Method: "GET", Path: "/deliverability", PathParams: []string{}, QueryParams: []string{"days"}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: true, SafeToRepeat: true},

	"getHealth": {ID: "getHealth", Tag: "Service", Method: "GET", Path: "/healthz", PathParams: []string{}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: false, SafeToRepeat: true},

	"getReadiness": {ID: "getReadiness", Tag: "Service", Method: "GET", Path: "/readyz", PathParams: []string{}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: false, SafeToRepeat: true},

	"getOpenApiDocument": {ID: "getOpenApiDocument", Tag: "Service", Method: "GET", Path: "/openapi.json", PathParams: []string{}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "json", Auth: false, SafeToRepeat: true},

	"getApiReference": {ID: "getApiReference", Tag: "Service", Method: "GET", Path: "/docs", PathParams: []string{}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "text", Auth: false, SafeToRepeat: true},

	"getApiReferenceScript": {ID: "getApiReferenceScript", Tag: "Service", Method: "GET", Path: "/docs/api-reference.js", PathParams: []string{}, QueryParams: []string{}, IdempotencyKey: false, HasBody: false, Response: "text", Auth: false, SafeToRepeat: true},
}

// ErrorCodes are every error code the API answers with.
var ErrorCodes = []string{"bad_request", "region_not_configured", "unauthorized", "forbidden", "domain_not_verified", "domain_not_allowed", "source_not_allowed", "not_found", "conflict", "confirmation_required", "replay_in_progress", "payload_too_large", "unsupported_media_type", "validation_failed", "attachment_quota_exceeded", "daily_limit_reached", "rate_limited", "replay_quota_exceeded", "render_rate_limited", "replay_rate_limited", "erasure_rate_limited", "unavailable", "server_busy", "internal"}

// ErrorError is a schema of the API.
type ErrorError struct {
	Index int64 `json:"index"`

	Error string `json:"error"`

	Code string `json:"code"`
}

// Error The body of every error answer. Codes and their statuses:
type Error struct {
	// A human-readable message; may change between versions: match on `code`.
	Error string `json:"error"`

	// A stable machine code (see the catalogue).
	Code string `json:"code"`

	// On a refused batch: every refused email by its index in the request, with its own error.
	Errors []ErrorError `json:"errors,omitempty"`

	// On `attachment_quota_exceeded`: the plan's quota of attachment bytes held for unsent emails.
	QuotaBytes *int64 `json:"quotaBytes,omitempty"`

	// On `attachment_quota_exceeded`: the attachment bytes the workspace's unsent emails hold now.
	HeldBytes *int64 `json:"heldBytes,omitempty"`
}

// WebhookEventSentDataTag is a schema of the API.
type WebhookEventSentDataTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// WebhookEventSentDataEvent is a schema of the API.
type WebhookEventSentDataEvent struct {
	// The stored event (`evt_…`), listed under the email's `events`.
	EventID string `json:"eventId"`

	Type string `json:"type"`

	// When it happened.
	EventTimestamp string `json:"eventTimestamp"`
}

// WebhookEventSentData is a schema of the API.
type WebhookEventSentData struct {
	// The email (`email_…`), as POST /emails returned it.
	EmailID string `json:"emailId"`

	// The email's tags, to route the event without looking the email up.
	Tags []WebhookEventSentDataTag `json:"tags"`

	Event WebhookEventSentDataEvent `json:"event"`
}

// WebhookEventSent The body of a `sent` event: The provider accepted the message for delivery (handoff complete).
type WebhookEventSent struct {
	// The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry.
	ID string `json:"id"`

	Type string `json:"type"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	Data WebhookEventSentData `json:"data"`

	// Only on a test event sent from the dashboard or CLI: its ids name nothing stored.
	Test *bool `json:"test,omitempty"`

	// Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it.
	ReplayOf *string `json:"replayOf,omitempty"`
}

// WebhookEventDeliveredDataTag is a schema of the API.
type WebhookEventDeliveredDataTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// WebhookEventDeliveredDataEvent is a schema of the API.
type WebhookEventDeliveredDataEvent struct {
	// The stored event (`evt_…`), listed under the email's `events`.
	EventID string `json:"eventId"`

	Type string `json:"type"`

	// When it happened.
	EventTimestamp string `json:"eventTimestamp"`
}

// WebhookEventDeliveredData is a schema of the API.
type WebhookEventDeliveredData struct {
	// The email (`email_…`), as POST /emails returned it.
	EmailID string `json:"emailId"`

	// The email's tags, to route the event without looking the email up.
	Tags []WebhookEventDeliveredDataTag `json:"tags"`

	Event WebhookEventDeliveredDataEvent `json:"event"`
}

// WebhookEventDelivered The body of a `delivered` event: The receiving mail server accepted the message.
type WebhookEventDelivered struct {
	// The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry.
	ID string `json:"id"`

	Type string `json:"type"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	Data WebhookEventDeliveredData `json:"data"`

	// Only on a test event sent from the dashboard or CLI: its ids name nothing stored.
	Test *bool `json:"test,omitempty"`

	// Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it.
	ReplayOf *string `json:"replayOf,omitempty"`
}

// WebhookEventOpenedDataTag is a schema of the API.
type WebhookEventOpenedDataTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// WebhookEventOpenedDataEvent is a schema of the API.
type WebhookEventOpenedDataEvent struct {
	// The stored event (`evt_…`), listed under the email's `events`.
	EventID string `json:"eventId"`

	Type string `json:"type"`

	// When it happened.
	EventTimestamp string `json:"eventTimestamp"`
}

// WebhookEventOpenedData is a schema of the API.
type WebhookEventOpenedData struct {
	// The email (`email_…`), as POST /emails returned it.
	EmailID string `json:"emailId"`

	// The email's tags, to route the event without looking the email up.
	Tags []WebhookEventOpenedDataTag `json:"tags"`

	Event WebhookEventOpenedDataEvent `json:"event"`
}

// WebhookEventOpened The body of a `opened` event: A tracking pixel fired (an estimate only; needs open tracking on).
type WebhookEventOpened struct {
	// The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry.
	ID string `json:"id"`

	Type string `json:"type"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	Data WebhookEventOpenedData `json:"data"`

	// Only on a test event sent from the dashboard or CLI: its ids name nothing stored.
	Test *bool `json:"test,omitempty"`

	// Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it.
	ReplayOf *string `json:"replayOf,omitempty"`
}

// WebhookEventClickedDataTag is a schema of the API.
type WebhookEventClickedDataTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// WebhookEventClickedDataEvent is a schema of the API.
type WebhookEventClickedDataEvent struct {
	// The stored event (`evt_…`), listed under the email's `events`.
	EventID string `json:"eventId"`

	Type string `json:"type"`

	// When it happened.
	EventTimestamp string `json:"eventTimestamp"`
}

// WebhookEventClickedData is a schema of the API.
type WebhookEventClickedData struct {
	// The email (`email_…`), as POST /emails returned it.
	EmailID string `json:"emailId"`

	// The email's tags, to route the event without looking the email up.
	Tags []WebhookEventClickedDataTag `json:"tags"`

	Event WebhookEventClickedDataEvent `json:"event"`
}

// WebhookEventClicked The body of a `clicked` event: A tracked link was followed (needs click tracking on).
type WebhookEventClicked struct {
	// The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry.
	ID string `json:"id"`

	Type string `json:"type"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	Data WebhookEventClickedData `json:"data"`

	// Only on a test event sent from the dashboard or CLI: its ids name nothing stored.
	Test *bool `json:"test,omitempty"`

	// Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it.
	ReplayOf *string `json:"replayOf,omitempty"`
}

// WebhookEventBouncedDataTag is a schema of the API.
type WebhookEventBouncedDataTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// WebhookEventBouncedDataEvent is a schema of the API.
type WebhookEventBouncedDataEvent struct {
	// The stored event (`evt_…`), listed under the email's `events`.
	EventID string `json:"eventId"`

	Type string `json:"type"`

	// When it happened.
	EventTimestamp string `json:"eventTimestamp"`
}

// WebhookEventBouncedData is a schema of the API.
type WebhookEventBouncedData struct {
	// The email (`email_…`), as POST /emails returned it.
	EmailID string `json:"emailId"`

	// The email's tags, to route the event without looking the email up.
	Tags []WebhookEventBouncedDataTag `json:"tags"`

	Event WebhookEventBouncedDataEvent `json:"event"`
}

// WebhookEventBounced The body of a `bounced` event: The receiving mail server rejected the message.
type WebhookEventBounced struct {
	// The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry.
	ID string `json:"id"`

	Type string `json:"type"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	Data WebhookEventBouncedData `json:"data"`

	// Only on a test event sent from the dashboard or CLI: its ids name nothing stored.
	Test *bool `json:"test,omitempty"`

	// Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it.
	ReplayOf *string `json:"replayOf,omitempty"`
}

// WebhookEventComplainedDataTag is a schema of the API.
type WebhookEventComplainedDataTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// WebhookEventComplainedDataEvent is a schema of the API.
type WebhookEventComplainedDataEvent struct {
	// The stored event (`evt_…`), listed under the email's `events`.
	EventID string `json:"eventId"`

	Type string `json:"type"`

	// When it happened.
	EventTimestamp string `json:"eventTimestamp"`
}

// WebhookEventComplainedData is a schema of the API.
type WebhookEventComplainedData struct {
	// The email (`email_…`), as POST /emails returned it.
	EmailID string `json:"emailId"`

	// The email's tags, to route the event without looking the email up.
	Tags []WebhookEventComplainedDataTag `json:"tags"`

	Event WebhookEventComplainedDataEvent `json:"event"`
}

// WebhookEventComplained The body of a `complained` event: The recipient marked the message as spam.
type WebhookEventComplained struct {
	// The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry.
	ID string `json:"id"`

	Type string `json:"type"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	Data WebhookEventComplainedData `json:"data"`

	// Only on a test event sent from the dashboard or CLI: its ids name nothing stored.
	Test *bool `json:"test,omitempty"`

	// Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it.
	ReplayOf *string `json:"replayOf,omitempty"`
}

// WebhookEventRejectedDataTag is a schema of the API.
type WebhookEventRejectedDataTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// WebhookEventRejectedDataEvent is a schema of the API.
type WebhookEventRejectedDataEvent struct {
	// The stored event (`evt_…`), listed under the email's `events`.
	EventID string `json:"eventId"`

	Type string `json:"type"`

	// When it happened.
	EventTimestamp string `json:"eventTimestamp"`
}

// WebhookEventRejectedData is a schema of the API.
type WebhookEventRejectedData struct {
	// The email (`email_…`), as POST /emails returned it.
	EmailID string `json:"emailId"`

	// The email's tags, to route the event without looking the email up.
	Tags []WebhookEventRejectedDataTag `json:"tags"`

	Event WebhookEventRejectedDataEvent `json:"event"`
}

// WebhookEventRejected The body of a `rejected` event: The provider rejected the message before delivery, or the service did not send it (a suppressed recipient).
type WebhookEventRejected struct {
	// The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry.
	ID string `json:"id"`

	Type string `json:"type"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	Data WebhookEventRejectedData `json:"data"`

	// Only on a test event sent from the dashboard or CLI: its ids name nothing stored.
	Test *bool `json:"test,omitempty"`

	// Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it.
	ReplayOf *string `json:"replayOf,omitempty"`
}

// WebhookEventRenderingFailedDataTag is a schema of the API.
type WebhookEventRenderingFailedDataTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// WebhookEventRenderingFailedDataEvent is a schema of the API.
type WebhookEventRenderingFailedDataEvent struct {
	// The stored event (`evt_…`), listed under the email's `events`.
	EventID string `json:"eventId"`

	Type string `json:"type"`

	// When it happened.
	EventTimestamp string `json:"eventTimestamp"`
}

// WebhookEventRenderingFailedData is a schema of the API.
type WebhookEventRenderingFailedData struct {
	// The email (`email_…`), as POST /emails returned it.
	EmailID string `json:"emailId"`

	// The email's tags, to route the event without looking the email up.
	Tags []WebhookEventRenderingFailedDataTag `json:"tags"`

	Event WebhookEventRenderingFailedDataEvent `json:"event"`
}

// WebhookEventRenderingFailed The body of a `rendering_failed` event: Template rendering failed.
type WebhookEventRenderingFailed struct {
	// The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry.
	ID string `json:"id"`

	Type string `json:"type"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	Data WebhookEventRenderingFailedData `json:"data"`

	// Only on a test event sent from the dashboard or CLI: its ids name nothing stored.
	Test *bool `json:"test,omitempty"`

	// Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it.
	ReplayOf *string `json:"replayOf,omitempty"`
}

// WebhookEventDeliveryDelayedDataTag is a schema of the API.
type WebhookEventDeliveryDelayedDataTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// WebhookEventDeliveryDelayedDataEvent is a schema of the API.
type WebhookEventDeliveryDelayedDataEvent struct {
	// The stored event (`evt_…`), listed under the email's `events`.
	EventID string `json:"eventId"`

	Type string `json:"type"`

	// When it happened.
	EventTimestamp string `json:"eventTimestamp"`
}

// WebhookEventDeliveryDelayedData is a schema of the API.
type WebhookEventDeliveryDelayedData struct {
	// The email (`email_…`), as POST /emails returned it.
	EmailID string `json:"emailId"`

	// The email's tags, to route the event without looking the email up.
	Tags []WebhookEventDeliveryDelayedDataTag `json:"tags"`

	Event WebhookEventDeliveryDelayedDataEvent `json:"event"`
}

// WebhookEventDeliveryDelayed The body of a `delivery_delayed` event: The provider could not deliver yet and will retry.
type WebhookEventDeliveryDelayed struct {
	// The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry.
	ID string `json:"id"`

	Type string `json:"type"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	Data WebhookEventDeliveryDelayedData `json:"data"`

	// Only on a test event sent from the dashboard or CLI: its ids name nothing stored.
	Test *bool `json:"test,omitempty"`

	// Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it.
	ReplayOf *string `json:"replayOf,omitempty"`
}

// WebhookEventFailedDataTag is a schema of the API.
type WebhookEventFailedDataTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// WebhookEventFailedDataEventReason Why the email will not be sent.
type WebhookEventFailedDataEventReason struct {
	// A machine code for why the email ended unsent.
	Code string `json:"code"`

	// The same, for people.
	Text string `json:"text"`
}

// WebhookEventFailedDataEvent is a schema of the API.
type WebhookEventFailedDataEvent struct {
	// The stored event (`evt_…`), listed under the email's `events`.
	EventID string `json:"eventId"`

	Type string `json:"type"`

	// When it happened.
	EventTimestamp string `json:"eventTimestamp"`

	// Why the email will not be sent.
	Reason WebhookEventFailedDataEventReason `json:"reason"`
}

// WebhookEventFailedData is a schema of the API.
type WebhookEventFailedData struct {
	// The email (`email_…`), as POST /emails returned it.
	EmailID string `json:"emailId"`

	// The email's tags, to route the event without looking the email up.
	Tags []WebhookEventFailedDataTag `json:"tags"`

	Event WebhookEventFailedDataEvent `json:"event"`
}

// WebhookEventFailed The body of a `failed` event: The email ended without a handoff, or past its retries: it will not be sent.
type WebhookEventFailed struct {
	// The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry.
	ID string `json:"id"`

	Type string `json:"type"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	Data WebhookEventFailedData `json:"data"`

	// Only on a test event sent from the dashboard or CLI: its ids name nothing stored.
	Test *bool `json:"test,omitempty"`

	// Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it.
	ReplayOf *string `json:"replayOf,omitempty"`
}

// WebhookEventReceivedDataEvent is a schema of the API.
type WebhookEventReceivedDataEvent struct {
	Type string `json:"type"`

	// When it arrived.
	EventTimestamp string `json:"eventTimestamp"`
}

// WebhookEventReceivedData is a schema of the API.
type WebhookEventReceivedData struct {
	// The received message (`inb_…`): GET /inbound/{id}, its raw bytes and attachments.
	InboundID string `json:"inboundId"`

	Event WebhookEventReceivedDataEvent `json:"event"`

	From *string `json:"from"`

	To []string `json:"to"`

	// The envelope recipients (RCPT TO) of this workspace.
	Recipients []string `json:"recipients"`

	Subject *string `json:"subject"`

	MessageID *string `json:"messageId"`

	// The sent email it replies to (In-Reply-To/References), when it names one of ours.
	ReplyToEmailID *string `json:"replyToEmailId"`

	AttachmentCount int64 `json:"attachmentCount"`

	// Bytes of the raw message.
	Size int64 `json:"size"`

	// SPF, DKIM, DMARC and ARC results (mailauth).
	Verdicts any `json:"verdicts,omitempty"`

	// True when the MIME could not be parsed: the raw message is kept as it came.
	ParseError bool `json:"parseError"`
}

// WebhookEventReceived The body of a `received` event: A message arrived for one of the workspace's receiving domains (metadata here; its content over REST, GET /inbound/{id}).
type WebhookEventReceived struct {
	// The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry.
	ID string `json:"id"`

	Type string `json:"type"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	Data WebhookEventReceivedData `json:"data"`
}

// WebhookEventUnsubscribedDataTag is a schema of the API.
type WebhookEventUnsubscribedDataTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// WebhookEventUnsubscribedDataEvent is a schema of the API.
type WebhookEventUnsubscribedDataEvent struct {
	// The stored event (`evt_…`), listed under the email's `events`.
	EventID string `json:"eventId"`

	Type string `json:"type"`

	// When it happened.
	EventTimestamp string `json:"eventTimestamp"`
}

// WebhookEventUnsubscribedData is a schema of the API.
type WebhookEventUnsubscribedData struct {
	// The email (`email_…`), as POST /emails returned it.
	EmailID string `json:"emailId"`

	// The email's tags, to route the event without looking the email up.
	Tags []WebhookEventUnsubscribedDataTag `json:"tags"`

	Event WebhookEventUnsubscribedDataEvent `json:"event"`
}

// WebhookEventUnsubscribed The body of a `unsubscribed` event: The recipient used the email's one-click unsubscribe link: later emails of that topic to that address are not sent (payload: topic, recipient).
type WebhookEventUnsubscribed struct {
	// The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry.
	ID string `json:"id"`

	Type string `json:"type"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	Data WebhookEventUnsubscribedData `json:"data"`

	// Only on a test event sent from the dashboard or CLI: its ids name nothing stored.
	Test *bool `json:"test,omitempty"`

	// Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it.
	ReplayOf *string `json:"replayOf,omitempty"`
}

// WebhookEventDataTag is a schema of the API.
type WebhookEventDataTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// WebhookEventDataEvent is a schema of the API.
type WebhookEventDataEvent struct {
	// The stored event (`evt_…`), listed under the email's `events`.
	EventID string `json:"eventId"`

	Type EventType `json:"type"`

	// When it happened.
	EventTimestamp string `json:"eventTimestamp"`
}

// WebhookEventData is a schema of the API.
type WebhookEventData struct {
	// The email (`email_…`), as POST /emails returned it.
	EmailID string `json:"emailId"`

	// The email's tags, to route the event without looking the email up.
	Tags []WebhookEventDataTag `json:"tags"`

	Event WebhookEventDataEvent `json:"event"`
}

// WebhookEvent The JSON body of every webhook request. Every retry sends exactly the same bytes.
type WebhookEvent struct {
	// The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry.
	ID string `json:"id"`

	Type string `json:"type"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	Data WebhookEventData `json:"data"`

	// Only on a test event sent from the dashboard or CLI: its ids name nothing stored.
	Test *bool `json:"test,omitempty"`

	// Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it.
	ReplayOf *string `json:"replayOf,omitempty"`
}

// EventType What the provider reported about an email; `failed` is ours: the email ended failed without a provider's verdict (its payload has `source: "svc"`, a `reason` code and a `message`).
type EventType string

const (
	EventTypeSent EventType = "sent"

	EventTypeDelivered EventType = "delivered"

	EventTypeOpened EventType = "opened"

	EventTypeClicked EventType = "clicked"

	EventTypeBounced EventType = "bounced"

	EventTypeComplained EventType = "complained"

	EventTypeRejected EventType = "rejected"

	EventTypeRenderingFailed EventType = "rendering_failed"

	EventTypeDeliveryDelayed EventType = "delivery_delayed"

	EventTypeFailed EventType = "failed"

	EventTypeReceived EventType = "received"

	EventTypeUnsubscribed EventType = "unsubscribed"
)

// QueuedEmail The email is stored: `queued` (the handoff to the provider happens in the background) or `scheduled` (queued at its `scheduledAt`).
type QueuedEmail struct {
	// Prefixed with `email_`.
	ID string `json:"id"`

	Status string `json:"status"`
}

// SendEmailRequestTag is a schema of the API.
type SendEmailRequestTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// SendEmailRequestAttachment is a schema of the API.
type SendEmailRequestAttachment struct {
	Filename string `json:"filename"`

	Content string `json:"content"`

	ContentType *string `json:"contentType,omitempty"`

	ContentID *string `json:"contentId,omitempty"`
}

// SendEmailRequestTemplate is a schema of the API.
type SendEmailRequestTemplate struct {
	ID *string `json:"id,omitempty"`

	Alias *string `json:"alias,omitempty"`

	Version *int64 `json:"version,omitempty"`

	Variables any `json:"variables,omitempty"`
}

// SendEmailRequestUnsubscribe One-click unsubscribe (RFC 8058): the message gets List-Unsubscribe and List-Unsubscribe-Post headers whose link unsubscribes the recipient from `topic` in this workspace; later emails of that topic to that address end `failed` with a `rejected` event (reason `unsubscribed`). Needs exactly one recipient, in `to`, and no List-Unsubscribe header in `headers` (at most 13 headers).
type SendEmailRequestUnsubscribe struct {
	Topic string `json:"topic"`
}

// SendEmailRequest - `from`: an address or `Name <address>` (address at most 254 characters, name at most 200), on a domain verified for the workspace.
type SendEmailRequest struct {
	From string `json:"from"`

	To []string `json:"to"`

	Cc []string `json:"cc,omitempty"`

	Bcc []string `json:"bcc,omitempty"`

	ReplyTo []string `json:"replyTo,omitempty"`

	Subject *string `json:"subject,omitempty"`

	HTML *string `json:"html,omitempty"`

	Text *string `json:"text,omitempty"`

	Headers any `json:"headers,omitempty"`

	Tags []SendEmailRequestTag `json:"tags,omitempty"`

	Attachments []SendEmailRequestAttachment `json:"attachments,omitempty"`

	ScheduledAt *string `json:"scheduledAt,omitempty"`

	Template *SendEmailRequestTemplate `json:"template,omitempty"`

	// One-click unsubscribe (RFC 8058): the message gets List-Unsubscribe and List-Unsubscribe-Post headers whose link unsubscribes the recipient from `topic` in this workspace; later emails of that topic to that address end `failed` with a `rejected` event (reason `unsubscribed`). Needs exactly one recipient, in `to`, and no List-Unsubscribe header in `headers` (at most 13 headers).
	Unsubscribe *SendEmailRequestUnsubscribe `json:"unsubscribe,omitempty"`
}

// BatchEntryVariant2 is a schema of the API.
type BatchEntryVariant2 struct {
	Error string `json:"error"`

	// The email's own error code (permissive mode).
	Code string `json:"code"`
}

// BatchEntry One email of a batch, in request order: created, or (permissive mode) why not.
// It holds one of several shapes: the fields of each, all optional.
type BatchEntry struct {
	// Prefixed with `email_`.
	ID *string `json:"id,omitempty"`

	Status *string `json:"status,omitempty"`

	Error *string `json:"error,omitempty"`

	// The email's own error code (permissive mode).
	Code *string `json:"code,omitempty"`
}

// SendEmailBatchRequest 1 to 100 emails, each a POST /emails body; the whole body at most 10 MB.
type SendEmailBatchRequest = []SendEmailRequest

// ScheduleChange A scheduled email after a cancel or a reschedule.
type ScheduleChange struct {
	// Prefixed with `email_`.
	ID string `json:"id"`

	Status EmailStatus `json:"status"`

	ScheduledAt *string `json:"scheduledAt"`
}

// EmailStatus Moves forward only: `queued → sending → sent → delivery_delayed → delivered → complained`; `bounced`, `rejected` and `failed` are final; `opened`/`clicked` leave it unchanged.
type EmailStatus string

const (
	EmailStatusScheduled EmailStatus = "scheduled"

	EmailStatusQueued EmailStatus = "queued"

	EmailStatusSending EmailStatus = "sending"

	EmailStatusSent EmailStatus = "sent"

	EmailStatusDeliveryDelayed EmailStatus = "delivery_delayed"

	EmailStatusDelivered EmailStatus = "delivered"

	EmailStatusComplained EmailStatus = "complained"

	EmailStatusBounced EmailStatus = "bounced"

	EmailStatusRejected EmailStatus = "rejected"

	EmailStatusFailed EmailStatus = "failed"

	EmailStatusCanceled EmailStatus = "canceled"
)

// RescheduleRequest `scheduledAt`: an ISO 8601 date-time with a time zone, at most 30 days ahead.
type RescheduleRequest struct {
	ScheduledAt string `json:"scheduledAt"`
}

// EmailTag is a schema of the API.
type EmailTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// EmailAttachment is a schema of the API.
type EmailAttachment struct {
	Filename string `json:"filename"`

	ContentType string `json:"contentType"`

	// Set for an inline part (`cid:<contentId>` in the HTML).
	ContentID *string `json:"contentId"`

	// Bytes, decoded.
	Size int64 `json:"size"`
}

// Email An email, without its events (as listed).
type Email struct {
	// Prefixed with `email_`.
	ID string `json:"id"`

	// Prefixed with `org_`.
	OrganizationID string `json:"organizationId"`

	// Prefixed with `key_`.
	APIKeyID string `json:"apiKeyId"`

	From string `json:"from"`

	To []string `json:"to"`

	Cc []string `json:"cc"`

	Bcc []string `json:"bcc"`

	ReplyTo []string `json:"replyTo"`

	// Extra header name → value, in the order given.
	Headers map[string]string `json:"headers"`

	Tags []EmailTag `json:"tags"`

	// What each attachment is; never its bytes.
	Attachments []EmailAttachment `json:"attachments"`

	Subject string `json:"subject"`

	HTML *string `json:"html"`

	Text *string `json:"text"`

	Status EmailStatus `json:"status"`

	// `ses` or `simulator` once handed off.
	Provider *string `json:"provider"`

	ProviderMessageID *string `json:"providerMessageId"`

	ErrorMessage *string `json:"errorMessage"`

	// When the email was queued.
	CreatedAt string `json:"createdAt"`

	SentAt *string `json:"sentAt"`

	FailedAt *string `json:"failedAt"`

	ScheduledAt *string `json:"scheduledAt"`

	BodyRemovedAt *string `json:"bodyRemovedAt"`
}

// EmailWithEventsTag is a schema of the API.
type EmailWithEventsTag struct {
	Name string `json:"name"`

	Value string `json:"value"`
}

// EmailWithEventsAttachment is a schema of the API.
type EmailWithEventsAttachment struct {
	Filename string `json:"filename"`

	ContentType string `json:"contentType"`

	// Set for an inline part (`cid:<contentId>` in the HTML).
	ContentID *string `json:"contentId"`

	// Bytes, decoded.
	Size int64 `json:"size"`
}

// EmailWithEventsTemplate is a schema of the API.
type EmailWithEventsTemplate struct {
	ID string `json:"id"`

	// The template's alias now; null once the template is deleted.
	Alias *string `json:"alias"`

	// The version pinned when the email was accepted; null for a dashboard test send of the draft (its bodies are stored).
	Version *int64 `json:"version"`

	// The values it was rendered with. POST /templates/{id}/render with `version` and these `variables` renders the bodies that were sent.
	Variables map[string]any `json:"variables"`
}

// EmailWithEventsReply is a schema of the API.
type EmailWithEventsReply struct {
	// Prefixed with `inb_`.
	ID string `json:"id"`

	// When it was received.
	ReceivedAt string `json:"receivedAt"`

	From *string `json:"from"`
}

// EmailWithEventsSuppressedRecipient is a schema of the API.
type EmailWithEventsSuppressedRecipient struct {
	Address string `json:"address"`

	Reason string `json:"reason"`
}

// EmailWithEventsWaitingReason is a schema of the API.
type EmailWithEventsWaitingReason struct {
	Code string `json:"code"`

	Message string `json:"message"`

	// When the next attempt is due: the scheduled time (scheduled), the retry (provider_retry), or when the hold ends (tenant_paused, account_paused, account_quota: when the 24-hour window has moved enough; rate_limit, render_busy, attachment_budget, region_unavailable: the next look at the regions; handoff_unknown: when the wait for the first region's Send event ends).
	NextAttemptAt *string `json:"nextAttemptAt,omitempty"`
}

// EmailWithEventsWaiting is a schema of the API.
type EmailWithEventsWaiting struct {
	// Since when it waits in its status.
	Since string `json:"since"`

	Reasons []EmailWithEventsWaitingReason `json:"reasons"`
}

// EmailWithEvents An email with the first page of its events.
type EmailWithEvents struct {
	// Prefixed with `email_`.
	ID string `json:"id"`

	// Prefixed with `org_`.
	OrganizationID string `json:"organizationId"`

	// Prefixed with `key_`.
	APIKeyID string `json:"apiKeyId"`

	From string `json:"from"`

	To []string `json:"to"`

	Cc []string `json:"cc"`

	Bcc []string `json:"bcc"`

	ReplyTo []string `json:"replyTo"`

	// Extra header name → value, in the order given.
	Headers map[string]string `json:"headers"`

	Tags []EmailWithEventsTag `json:"tags"`

	// What each attachment is; never its bytes.
	Attachments []EmailWithEventsAttachment `json:"attachments"`

	// For a templated email, the rendered subject once the provider accepted it; before that (and when the render failed), the subject's template source.
	Subject string `json:"subject"`

	// Null for a templated email: its bodies are not stored; `template` says how to render them again.
	HTML *string `json:"html"`

	// Null for a templated email (see `html`).
	Text *string `json:"text"`

	Status EmailStatus `json:"status"`

	// `ses` or `simulator` once handed off.
	Provider *string `json:"provider"`

	ProviderMessageID *string `json:"providerMessageId"`

	ErrorMessage *string `json:"errorMessage"`

	// When the email was queued.
	CreatedAt string `json:"createdAt"`

	SentAt *string `json:"sentAt"`

	FailedAt *string `json:"failedAt"`

	ScheduledAt *string `json:"scheduledAt"`

	BodyRemovedAt *string `json:"bodyRemovedAt"`

	// The template the email was sent by; null for an email sent without one.
	Template *EmailWithEventsTemplate `json:"template"`

	// Mail received in reply to this email (GET /inbound/{id}), oldest first, at most 100.
	Replies []EmailWithEventsReply `json:"replies"`

	// Recipients the sender dropped because the workspace's suppression list holds them.
	SuppressedRecipients []EmailWithEventsSuppressedRecipient `json:"suppressedRecipients"`

	// The first page of its events (at most 100), oldest first.
	Events []EmailEvent `json:"events"`

	// When the email has more events than `events` holds: pass it as `after` to GET /emails/{id}/events for the next page. Null when `events` holds them all.
	EventsNextCursor *string `json:"eventsNextCursor"`

	// Why an email waits longer than expected in its status; null when it does not.
	Waiting *EmailWithEventsWaiting `json:"waiting"`
}

// EmailEvent An immutable record of something that happened to an email.
type EmailEvent struct {
	// Prefixed with `evt_`.
	ID string `json:"id"`

	// Prefixed with `email_`.
	EmailID string `json:"emailId"`

	Type EventType `json:"type"`

	// When it happened.
	EventTimestamp string `json:"eventTimestamp"`

	// When it was stored.
	CreatedAt string `json:"createdAt"`

	// The provider's raw event JSON, as a string (not normalised).
	PayloadJSON string `json:"payloadJson"`
}

// EmailEventPage One page of an email's events.
type EmailEventPage struct {
	// Oldest first.
	Events []EmailEvent `json:"events"`

	// `after` for the next page; null on the last page.
	NextCursor *string `json:"nextCursor"`
}

// APIKey An API key record: never the key itself, never its hash.
type APIKey struct {
	// Prefixed with `key_`.
	ID string `json:"id"`

	Name string `json:"name"`

	Environment string `json:"environment"`

	Scope string `json:"scope"`

	// Enough to recognise a key, useless to use it.
	DisplayHint string `json:"displayHint"`

	// When the key was created.
	CreatedAt string `json:"createdAt"`

	LastUsedAt *string `json:"lastUsedAt"`

	RevokedAt *string `json:"revokedAt"`

	// The sending domains the key is bound to (exact names): a send from any other answers 403 `domain_not_allowed`. Empty: any verified domain of the workspace. Set when the key is made (dashboard, CLI).
	AllowedDomains []string `json:"allowedDomains"`

	// The source networks (IPv4 or IPv6 CIDRs) the key is bound to: a request from elsewhere answers 403 `source_not_allowed`. Empty: anywhere. Set when the key is made (dashboard, CLI).
	AllowedCidrs []string `json:"allowedCidrs"`
}

// TopicSuppression A recipient who unsubscribed from one topic: only emails naming that topic skip it.
type TopicSuppression struct {
	// Prefixed with `tsup_`.
	ID string `json:"id"`

	Topic string `json:"topic"`

	// Trimmed and lower-cased.
	Address string `json:"address"`

	// The email whose unsubscribe link was used.
	EmailID *string `json:"emailId"`

	// When the recipient unsubscribed.
	CreatedAt string `json:"createdAt"`
}

// Suppression An address the sender never hands to the provider for this workspace.
type Suppression struct {
	// Prefixed with `sup_`.
	ID string `json:"id"`

	// Trimmed and lower-cased.
	Address string `json:"address"`

	Reason string `json:"reason"`

	// The email whose event caused the entry (null for a manual one).
	EmailID *string `json:"emailId"`

	EventID *string `json:"eventId"`

	// When the address was added.
	CreatedAt string `json:"createdAt"`

	ExpiresAt *string `json:"expiresAt"`

	// False once expiresAt has passed.
	Active bool `json:"active"`
}

// AddSuppressionRequest `address`: one email address (at most 254 characters). `reason`: only `manual`. `expiresAt`: a future date-time, or null for never.
type AddSuppressionRequest struct {
	Address string `json:"address"`

	Reason *string `json:"reason,omitempty"`

	ExpiresAt *string `json:"expiresAt,omitempty"`
}

// WebhookSubscription A webhook subscription. The signing secret is never shown again after creation.
type WebhookSubscription struct {
	// Prefixed with `wh_`.
	ID string `json:"id"`

	// Prefixed with `org_`.
	WorkspaceID string `json:"workspaceId"`

	URL string `json:"url"`

	Events []EventType `json:"events"`

	IsActive bool `json:"isActive"`

	// When it was created.
	CreatedAt string `json:"createdAt"`

	FailingSince *string `json:"failingSince"`

	DisabledAt *string `json:"disabledAt"`

	DisabledReason *string `json:"disabledReason"`

	// At most this many automatic attempts per second; null: no limit.
	MaxDeliveriesPerSecond *int64 `json:"maxDeliveriesPerSecond"`
}

// CreatedWebhookSubscription is a schema of the API.
type CreatedWebhookSubscription struct {
	// Prefixed with `wh_`.
	ID string `json:"id"`

	// Prefixed with `org_`.
	WorkspaceID string `json:"workspaceId"`

	URL string `json:"url"`

	Events []EventType `json:"events"`

	IsActive bool `json:"isActive"`

	// When it was created.
	CreatedAt string `json:"createdAt"`

	FailingSince *string `json:"failingSince"`

	DisabledAt *string `json:"disabledAt"`

	DisabledReason *string `json:"disabledReason"`

	// At most this many automatic attempts per second; null: no limit.
	MaxDeliveriesPerSecond *int64 `json:"maxDeliveriesPerSecond"`

	// The signing secret, shown only in this answer: the HMAC key of `X-Service-Signature` as is, and of the Standard Webhooks `webhook-signature` (its libraries take it as is).
	Secret string `json:"secret"`
}

// CreateWebhookSubscriptionRequest is a schema of the API.
type CreateWebhookSubscriptionRequest struct {
	// An https URL on a public address.
	URL string `json:"url"`

	// The event types delivered to it.
	Events []string `json:"events"`

	// At most this many automatic attempts per second, across every dispatcher; null or absent: no limit.
	MaxDeliveriesPerSecond *int64 `json:"maxDeliveriesPerSecond,omitempty"`
}

// UpdateWebhookSubscriptionRequest is a schema of the API.
type UpdateWebhookSubscriptionRequest struct {
	URL *string `json:"url,omitempty"`

	Events []string `json:"events,omitempty"`

	// false stops new deliveries and fails pending ones; true starts afresh.
	IsActive *bool `json:"isActive,omitempty"`

	MaxDeliveriesPerSecond *int64 `json:"maxDeliveriesPerSecond,omitempty"`
}

// WebhookDeliveryDetail is a schema of the API.
type WebhookDeliveryDetail struct {
	// Prefixed with `wd_`: the `X-Service-Delivery-Id` and `webhook-id` of its requests.
	ID string `json:"id"`

	SubscriptionID string `json:"subscriptionId"`

	// Null for a test event and for a replay's copy (its body names the event).
	EventID *string `json:"eventId"`

	EventType EventType `json:"eventType"`

	Test bool `json:"test"`

	// A replay's copy of a succeeded delivery: the original delivery's id.
	ReplayOf *string `json:"replayOf"`

	Status string `json:"status"`

	AttemptCount int64 `json:"attemptCount"`

	FirstAttemptAt *string `json:"firstAttemptAt"`

	NextAttemptAt *string `json:"nextAttemptAt"`

	LastStatusCode *int64 `json:"lastStatusCode"`

	LastError *string `json:"lastError"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	CompletedAt *string `json:"completedAt"`

	// Its attempts, oldest first.
	Attempts []WebhookAttempt `json:"attempts,omitempty"`

	// The exact bytes POSTed on every attempt.
	Body string `json:"body"`
}

// WebhookAttempt is a schema of the API.
type WebhookAttempt struct {
	ID string `json:"id"`

	Number int64 `json:"number"`

	// Made by hand (a retry from the dashboard, CLI or API), outside the automatic schedule.
	Manual bool `json:"manual"`

	// When the POST started.
	StartedAt string `json:"startedAt"`

	DurationMs int64 `json:"durationMs"`

	StatusCode *int64 `json:"statusCode"`

	// The first 2 KB of the answer.
	ResponseExcerpt *string `json:"responseExcerpt"`

	Error *string `json:"error"`
}

// TestWebhookEventRequest is a schema of the API.
type TestWebhookEventRequest struct {
	// Defaults to the subscription's first event type.
	EventType *string `json:"eventType,omitempty"`
}

// WebhookDelivery is a schema of the API.
type WebhookDelivery struct {
	// Prefixed with `wd_`: the `X-Service-Delivery-Id` and `webhook-id` of its requests.
	ID string `json:"id"`

	SubscriptionID string `json:"subscriptionId"`

	// Null for a test event and for a replay's copy (its body names the event).
	EventID *string `json:"eventId"`

	EventType EventType `json:"eventType"`

	Test bool `json:"test"`

	// A replay's copy of a succeeded delivery: the original delivery's id.
	ReplayOf *string `json:"replayOf"`

	Status string `json:"status"`

	AttemptCount int64 `json:"attemptCount"`

	FirstAttemptAt *string `json:"firstAttemptAt"`

	NextAttemptAt *string `json:"nextAttemptAt"`

	LastStatusCode *int64 `json:"lastStatusCode"`

	LastError *string `json:"lastError"`

	// When the delivery was created.
	CreatedAt string `json:"createdAt"`

	CompletedAt *string `json:"completedAt"`

	// Its attempts, oldest first.
	Attempts []WebhookAttempt `json:"attempts,omitempty"`
}

// WebhookReplayProgress Its deliveries by status now.
type WebhookReplayProgress struct {
	Pending int64 `json:"pending"`

	Succeeded int64 `json:"succeeded"`

	Failed int64 `json:"failed"`
}

// WebhookReplay Past deliveries of one subscription sent again, paced, with its progress.
type WebhookReplay struct {
	// Prefixed with `wr_`.
	ID string `json:"id"`

	SubscriptionID string `json:"subscriptionId"`

	Kind string `json:"kind"`

	DeliveryID *string `json:"deliveryId"`

	EmailID *string `json:"emailId"`

	Since *string `json:"since"`

	Until *string `json:"until"`

	PerSecond int64 `json:"perSecond"`

	// Failed deliveries made pending again under their own id (a fresh 24-hour retry window).
	Rearmed int64 `json:"rearmed"`

	// Succeeded deliveries sent again as new deliveries with a new id, the original's in `replayOf`.
	Copied int64 `json:"copied"`

	// When the replay was asked for.
	CreatedAt string `json:"createdAt"`

	// When its last delivery is due for its first attempt.
	PacedUntil string `json:"pacedUntil"`

	// Its deliveries by status now.
	Progress WebhookReplayProgress `json:"progress"`
}

// ReplayWebhookDeliveriesRequestVariant1 is a schema of the API.
type ReplayWebhookDeliveriesRequestVariant1 struct {
	Kind string `json:"kind"`

	// The delivery (`wd_…`) to send again.
	DeliveryID string `json:"deliveryId"`

	// Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent.
	PerSecond *int64 `json:"perSecond,omitempty"`
}

// ReplayWebhookDeliveriesRequestVariant2 is a schema of the API.
type ReplayWebhookDeliveriesRequestVariant2 struct {
	Kind string `json:"kind"`

	// Every delivery of this email's events to the subscription.
	EmailID string `json:"emailId"`

	// Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent.
	PerSecond *int64 `json:"perSecond,omitempty"`
}

// ReplayWebhookDeliveriesRequestVariant3 is a schema of the API.
type ReplayWebhookDeliveriesRequestVariant3 struct {
	Kind string `json:"kind"`

	// Every failed delivery created since then: recovery after an outage.
	Since string `json:"since"`

	// Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent.
	PerSecond *int64 `json:"perSecond,omitempty"`
}

// ReplayWebhookDeliveriesRequestVariant4 is a schema of the API.
type ReplayWebhookDeliveriesRequestVariant4 struct {
	Kind string `json:"kind"`

	// Start of the range (inclusive).
	Since string `json:"since"`

	// End of the range (exclusive).
	Until string `json:"until"`

	// Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent.
	PerSecond *int64 `json:"perSecond,omitempty"`
}

// ReplayWebhookDeliveriesRequest Which finished deliveries of the subscription to send again (pending ones are still being attempted and are left alone).
// It holds one of several shapes: the fields of each, all optional.
type ReplayWebhookDeliveriesRequest struct {
	Kind *string `json:"kind,omitempty"`

	// The delivery (`wd_…`) to send again.
	DeliveryID *string `json:"deliveryId,omitempty"`

	// Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent.
	PerSecond *int64 `json:"perSecond,omitempty"`

	// Every delivery of this email's events to the subscription.
	EmailID *string `json:"emailId,omitempty"`

	// Every failed delivery created since then: recovery after an outage.
	Since *string `json:"since,omitempty"`

	// End of the range (exclusive).
	Until *string `json:"until,omitempty"`
}

// TemplateDraft is a schema of the API.
type TemplateDraft struct {
	Subject string `json:"subject"`

	HTML string `json:"html"`

	Text *string `json:"text"`

	Variables []TemplateVariable `json:"variables"`
}

// Template is a schema of the API.
type Template struct {
	ID string `json:"id"`

	Name string `json:"name"`

	// Unique in the workspace; sends may name the template by it.
	Alias string `json:"alias"`

	// A template whose HTML wraps this one's at `{{ content }}`.
	LayoutID *string `json:"layoutId"`

	Draft TemplateDraft `json:"draft"`

	// The version new sends use; null until published.
	PublishedVersion *int64 `json:"publishedVersion"`

	CreatedAt string `json:"createdAt"`

	UpdatedAt string `json:"updatedAt"`
}

// TemplateVariable is a schema of the API.
type TemplateVariable struct {
	// A letter or _ followed by letters, digits or _ (at most 64).
	Name string `json:"name"`

	Type string `json:"type"`

	// Used when a send gives no value; of `type`. Without it the variable is required.
	Fallback any `json:"fallback,omitempty"`
}

// CreateTemplateRequest is a schema of the API.
type CreateTemplateRequest struct {
	Name string `json:"name"`

	Alias string `json:"alias"`

	// Liquid; not HTML-escaped.
	Subject string `json:"subject"`

	// Liquid; every `{{ output }}` is HTML-escaped unless written `| raw`.
	HTML string `json:"html"`

	// Liquid; when null, the text is derived from the rendered HTML.
	Text *string `json:"text,omitempty"`

	Variables []TemplateVariable `json:"variables,omitempty"`

	LayoutID *string `json:"layoutId,omitempty"`
}

// UpdateTemplateRequest The fields to change in the draft; published versions never change.
type UpdateTemplateRequest struct {
	Name *string `json:"name,omitempty"`

	Alias *string `json:"alias,omitempty"`

	// Liquid; not HTML-escaped.
	Subject *string `json:"subject,omitempty"`

	// Liquid; every `{{ output }}` is HTML-escaped unless written `| raw`.
	HTML *string `json:"html,omitempty"`

	// Liquid; when null, the text is derived from the rendered HTML.
	Text *string `json:"text,omitempty"`

	Variables []TemplateVariable `json:"variables,omitempty"`

	LayoutID *string `json:"layoutId,omitempty"`
}

// TemplateVersion is a schema of the API.
type TemplateVersion struct {
	Version int64 `json:"version"`

	Subject string `json:"subject"`

	HTML string `json:"html"`

	Text *string `json:"text"`

	Variables []TemplateVariable `json:"variables"`

	// The layout's published HTML when this version was published.
	LayoutHTML *string `json:"layoutHtml"`

	PublishedAt string `json:"publishedAt"`
}

// PublishTemplateRequest is a schema of the API.
type PublishTemplateRequest struct {
	FromVersion *int64 `json:"fromVersion,omitempty"`
}

// DuplicateTemplateRequest is a schema of the API.
type DuplicateTemplateRequest struct {
	Alias string `json:"alias"`

	Name *string `json:"name,omitempty"`
}

// RenderedTemplate is a schema of the API.
type RenderedTemplate struct {
	Subject string `json:"subject"`

	HTML string `json:"html"`

	Text string `json:"text"`
}

// RenderTemplateRequest is a schema of the API.
type RenderTemplateRequest struct {
	Version *int64 `json:"version,omitempty"`

	Variables map[string]any `json:"variables,omitempty"`
}

// InboundSummaryAttachment is a schema of the API.
type InboundSummaryAttachment struct {
	Filename *string `json:"filename"`

	ContentType string `json:"contentType"`

	Size int64 `json:"size"`
}

// InboundSummaryVerdictsSPF is a schema of the API.
type InboundSummaryVerdictsSPF struct {
	// `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`…
	Result string `json:"result"`

	Domain *string `json:"domain,omitempty"`

	// DMARC: the From domain's published policy.
	Policy *string `json:"policy,omitempty"`
}

// InboundSummaryVerdictsDKIM is a schema of the API.
type InboundSummaryVerdictsDKIM struct {
	// `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`…
	Result string `json:"result"`

	Domain *string `json:"domain,omitempty"`

	// DMARC: the From domain's published policy.
	Policy *string `json:"policy,omitempty"`
}

// InboundSummaryVerdictsDMARC is a schema of the API.
type InboundSummaryVerdictsDMARC struct {
	// `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`…
	Result string `json:"result"`

	Domain *string `json:"domain,omitempty"`

	// DMARC: the From domain's published policy.
	Policy *string `json:"policy,omitempty"`
}

// InboundSummaryVerdictsARC is a schema of the API.
type InboundSummaryVerdictsARC struct {
	// `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`…
	Result string `json:"result"`

	Domain *string `json:"domain,omitempty"`

	// DMARC: the From domain's published policy.
	Policy *string `json:"policy,omitempty"`
}

// InboundSummaryVerdictsSpam is a schema of the API.
type InboundSummaryVerdictsSpam struct {
	// `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`…
	Result string `json:"result"`

	Domain *string `json:"domain,omitempty"`

	// DMARC: the From domain's published policy.
	Policy *string `json:"policy,omitempty"`
}

// InboundSummaryVerdictsVirus is a schema of the API.
type InboundSummaryVerdictsVirus struct {
	// `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`…
	Result string `json:"result"`

	Domain *string `json:"domain,omitempty"`

	// DMARC: the From domain's published policy.
	Policy *string `json:"policy,omitempty"`
}

// InboundSummaryVerdicts is a schema of the API.
type InboundSummaryVerdicts struct {
	SPF InboundSummaryVerdictsSPF `json:"spf"`

	DKIM InboundSummaryVerdictsDKIM `json:"dkim"`

	DMARC InboundSummaryVerdictsDMARC `json:"dmarc"`

	ARC InboundSummaryVerdictsARC `json:"arc"`

	Spam *InboundSummaryVerdictsSpam `json:"spam,omitempty"`

	Virus *InboundSummaryVerdictsVirus `json:"virus,omitempty"`
}

// InboundSummary is a schema of the API.
type InboundSummary struct {
	ID string `json:"id"`

	// `mx`: the built-in receiver; `ses`: SES receiving.
	Source string `json:"source"`

	// The envelope sender (empty for a bounce).
	MailFrom string `json:"mailFrom"`

	// The envelope recipients of this workspace.
	Recipients []string `json:"recipients"`

	From *string `json:"from"`

	To []string `json:"to"`

	Cc []string `json:"cc"`

	Subject *string `json:"subject"`

	MessageID *string `json:"messageId"`

	InReplyTo *string `json:"inReplyTo"`

	// The sent email this message replies to (its In-Reply-To or References name our Message-ID).
	ReplyToEmailID *string `json:"replyToEmailId"`

	// Fetch each at `/inbound/{id}/attachments/{n}`, n its position from 0.
	Attachments []InboundSummaryAttachment `json:"attachments"`

	// Bytes of the raw message.
	Size int64 `json:"size"`

	Verdicts InboundSummaryVerdicts `json:"verdicts"`

	// Set when the MIME could not be parsed: the raw message is kept, the parsed fields are empty.
	ParseError *string `json:"parseError"`

	ReceivedAt string `json:"receivedAt"`
}

// InboundAttachment is a schema of the API.
type InboundAttachment struct {
	Filename *string `json:"filename"`

	ContentType string `json:"contentType"`

	Size int64 `json:"size"`
}

// InboundVerdictsSPF is a schema of the API.
type InboundVerdictsSPF struct {
	// `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`…
	Result string `json:"result"`

	Domain *string `json:"domain,omitempty"`

	// DMARC: the From domain's published policy.
	Policy *string `json:"policy,omitempty"`
}

// InboundVerdictsDKIM is a schema of the API.
type InboundVerdictsDKIM struct {
	// `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`…
	Result string `json:"result"`

	Domain *string `json:"domain,omitempty"`

	// DMARC: the From domain's published policy.
	Policy *string `json:"policy,omitempty"`
}

// InboundVerdictsDMARC is a schema of the API.
type InboundVerdictsDMARC struct {
	// `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`…
	Result string `json:"result"`

	Domain *string `json:"domain,omitempty"`

	// DMARC: the From domain's published policy.
	Policy *string `json:"policy,omitempty"`
}

// InboundVerdictsARC is a schema of the API.
type InboundVerdictsARC struct {
	// `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`…
	Result string `json:"result"`

	Domain *string `json:"domain,omitempty"`

	// DMARC: the From domain's published policy.
	Policy *string `json:"policy,omitempty"`
}

// InboundVerdictsSpam is a schema of the API.
type InboundVerdictsSpam struct {
	// `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`…
	Result string `json:"result"`

	Domain *string `json:"domain,omitempty"`

	// DMARC: the From domain's published policy.
	Policy *string `json:"policy,omitempty"`
}

// InboundVerdictsVirus is a schema of the API.
type InboundVerdictsVirus struct {
	// `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`…
	Result string `json:"result"`

	Domain *string `json:"domain,omitempty"`

	// DMARC: the From domain's published policy.
	Policy *string `json:"policy,omitempty"`
}

// InboundVerdicts is a schema of the API.
type InboundVerdicts struct {
	SPF InboundVerdictsSPF `json:"spf"`

	DKIM InboundVerdictsDKIM `json:"dkim"`

	DMARC InboundVerdictsDMARC `json:"dmarc"`

	ARC InboundVerdictsARC `json:"arc"`

	Spam *InboundVerdictsSpam `json:"spam,omitempty"`

	Virus *InboundVerdictsVirus `json:"virus,omitempty"`
}

// Inbound is a schema of the API.
type Inbound struct {
	ID string `json:"id"`

	// `mx`: the built-in receiver; `ses`: SES receiving.
	Source string `json:"source"`

	// The envelope sender (empty for a bounce).
	MailFrom string `json:"mailFrom"`

	// The envelope recipients of this workspace.
	Recipients []string `json:"recipients"`

	From *string `json:"from"`

	To []string `json:"to"`

	Cc []string `json:"cc"`

	Subject *string `json:"subject"`

	MessageID *string `json:"messageId"`

	InReplyTo *string `json:"inReplyTo"`

	// The sent email this message replies to (its In-Reply-To or References name our Message-ID).
	ReplyToEmailID *string `json:"replyToEmailId"`

	// Fetch each at `/inbound/{id}/attachments/{n}`, n its position from 0.
	Attachments []InboundAttachment `json:"attachments"`

	// Bytes of the raw message.
	Size int64 `json:"size"`

	Verdicts InboundVerdicts `json:"verdicts"`

	// Set when the MIME could not be parsed: the raw message is kept, the parsed fields are empty.
	ParseError *string `json:"parseError"`

	ReceivedAt string `json:"receivedAt"`

	Text *string `json:"text"`

	HTML *string `json:"html"`

	// [name, value] in message order.
	Headers [][]any `json:"headers"`
}

// DMARCReport is a schema of the API.
type DMARCReport struct {
	ID string `json:"id"`

	// The sending domain the report is about (policy_published/domain).
	Domain string `json:"domain"`

	OrgName string `json:"orgName"`

	OrgEmail *string `json:"orgEmail"`

	// The reporter's id: a report is stored once per (orgName, reportId).
	ReportID string `json:"reportId"`

	Begin string `json:"begin"`

	End string `json:"end"`

	// policy_published: p, sp, adkim, aspf, pct.
	Policy map[string]any `json:"policy"`

	RecordCount int64 `json:"recordCount"`

	MessageCount int64 `json:"messageCount"`

	// Whether the report's own message passed DMARC (a forged report does not).
	Authenticated bool `json:"authenticated"`

	ReceivedAt string `json:"receivedAt"`
}

// DMARCRecord is a schema of the API.
type DMARCRecord struct {
	SourceIP string `json:"sourceIp"`

	Count int64 `json:"count"`

	// `none`, `quarantine` or `reject`.
	Disposition string `json:"disposition"`

	// DMARC-aligned DKIM result (policy_evaluated).
	DKIM string `json:"dkim"`

	// DMARC-aligned SPF result (policy_evaluated).
	SPF string `json:"spf"`

	// DKIM or SPF passed aligned.
	Aligned bool `json:"aligned"`

	HeaderFrom string `json:"headerFrom"`

	EnvelopeFrom *string `json:"envelopeFrom"`

	DKIMDomain *string `json:"dkimDomain"`

	DKIMResult *string `json:"dkimResult"`

	SPFDomain *string `json:"spfDomain"`

	SPFResult *string `json:"spfResult"`
}

// DMARCSourceDisposition is a schema of the API.
type DMARCSourceDisposition struct {
	None int64 `json:"none"`

	Quarantine int64 `json:"quarantine"`

	Reject int64 `json:"reject"`
}

// DMARCSource is a schema of the API.
type DMARCSource struct {
	Domain string `json:"domain"`

	SourceIP string `json:"sourceIp"`

	Messages int64 `json:"messages"`

	Aligned int64 `json:"aligned"`

	NotAligned int64 `json:"notAligned"`

	Disposition DMARCSourceDisposition `json:"disposition"`
}

// AuditEntryActor is a schema of the API.
type AuditEntryActor struct {
	Type string `json:"type"`

	// A user id, an API key record's id (never the key), or `cli:<account>` for an operator.
	ID *string `json:"id"`
}

// AuditEntryTarget is a schema of the API.
type AuditEntryTarget struct {
	Type string `json:"type"`

	ID string `json:"id"`
}

// AuditEntry is a schema of the API.
type AuditEntry struct {
	ID string `json:"id"`

	At string `json:"at"`

	WorkspaceID *string `json:"workspaceId"`

	Actor AuditEntryActor `json:"actor"`

	// The client's address, or `cli@<host>`.
	Source *string `json:"source"`

	Action string `json:"action"`

	Target *AuditEntryTarget `json:"target"`

	// The changed fields with their new values; a secret is never recorded, only `"[changed]"`.
	Changes map[string]any `json:"changes"`
}

// Erasure An erasure never shows the addresses it was asked about.
type Erasure struct {
	ID string `json:"id"`

	Status string `json:"status"`

	AddressCount int64 `json:"addressCount"`

	EmailIDCount int64 `json:"emailIdCount"`

	// The step in progress while it runs; null once it has ended.
	Step *string `json:"step"`

	Receipt ErasureReceipt `json:"receipt"`

	Error *string `json:"error"`

	CreatedAt string `json:"createdAt"`

	StartedAt *string `json:"startedAt"`

	CompletedAt *string `json:"completedAt"`
}

// ErasureReceiptRemoved Rows deleted, by table.
type ErasureReceiptRemoved struct {
	Emails int64 `json:"emails"`

	EmailEvents int64 `json:"email_events"`

	WebhookDeliveries int64 `json:"webhook_deliveries"`

	WebhookAttempts int64 `json:"webhook_attempts"`

	EmailAttachments int64 `json:"email_attachments"`

	IdempotencyKeys int64 `json:"idempotency_keys"`

	InboundEmails int64 `json:"inbound_emails"`

	InboundAttachments int64 `json:"inbound_attachments"`

	TestRecipients int64 `json:"test_recipients"`
}

// ErasureReceiptRedacted Rows kept with the erased addresses replaced by their tokens (`erased-<hex>@erased.invalid`): emails that had other recipients (and their events, webhook deliveries and attempts), and suppressions, which keep suppressing the address.
type ErasureReceiptRedacted struct {
	Emails int64 `json:"emails"`

	EmailEvents int64 `json:"email_events"`

	WebhookDeliveries int64 `json:"webhook_deliveries"`

	WebhookAttempts int64 `json:"webhook_attempts"`

	Suppressions int64 `json:"suppressions"`
}

// ErasureReceipt is a schema of the API.
type ErasureReceipt struct {
	// Rows deleted, by table.
	Removed ErasureReceiptRemoved `json:"removed"`

	// Rows kept with the erased addresses replaced by their tokens (`erased-<hex>@erased.invalid`): emails that had other recipients (and their events, webhook deliveries and attempts), and suppressions, which keep suppressing the address.
	Redacted ErasureReceiptRedacted `json:"redacted"`

	// Object-store files (attachments, raw received messages) deleted; 0 with files in PostgreSQL.
	ObjectsDeleted int64 `json:"objectsDeleted"`
}

// CreateErasureRequest is a schema of the API.
type CreateErasureRequest struct {
	// Plain email addresses (no display name), at most 5000.
	Addresses []string `json:"addresses,omitempty"`

	// Emails of the workspace to erase whole, at most 5000.
	EmailIds []string `json:"emailIds,omitempty"`
}

// ErasureReceiptDocumentRemoved Rows deleted, by table.
type ErasureReceiptDocumentRemoved struct {
	Emails int64 `json:"emails"`

	EmailEvents int64 `json:"email_events"`

	WebhookDeliveries int64 `json:"webhook_deliveries"`

	WebhookAttempts int64 `json:"webhook_attempts"`

	EmailAttachments int64 `json:"email_attachments"`

	IdempotencyKeys int64 `json:"idempotency_keys"`

	InboundEmails int64 `json:"inbound_emails"`

	InboundAttachments int64 `json:"inbound_attachments"`

	TestRecipients int64 `json:"test_recipients"`
}

// ErasureReceiptDocumentRedacted Rows kept with the erased addresses replaced by their tokens (`erased-<hex>@erased.invalid`): emails that had other recipients (and their events, webhook deliveries and attempts), and suppressions, which keep suppressing the address.
type ErasureReceiptDocumentRedacted struct {
	Emails int64 `json:"emails"`

	EmailEvents int64 `json:"email_events"`

	WebhookDeliveries int64 `json:"webhook_deliveries"`

	WebhookAttempts int64 `json:"webhook_attempts"`

	Suppressions int64 `json:"suppressions"`
}

// ErasureReceiptDocument is a schema of the API.
type ErasureReceiptDocument struct {
	// Rows deleted, by table.
	Removed ErasureReceiptDocumentRemoved `json:"removed"`

	// Rows kept with the erased addresses replaced by their tokens (`erased-<hex>@erased.invalid`): emails that had other recipients (and their events, webhook deliveries and attempts), and suppressions, which keep suppressing the address.
	Redacted ErasureReceiptDocumentRedacted `json:"redacted"`

	// Object-store files (attachments, raw received messages) deleted; 0 with files in PostgreSQL.
	ObjectsDeleted int64 `json:"objectsDeleted"`

	ErasureID string `json:"erasureId"`

	WorkspaceID string `json:"workspaceId"`

	Status string `json:"status"`

	RequestedAt string `json:"requestedAt"`

	CompletedAt *string `json:"completedAt"`

	AddressCount int64 `json:"addressCount"`

	EmailIDCount int64 `json:"emailIdCount"`
}

// DeliverabilityBreakdownProviderBounce is a schema of the API.
type DeliverabilityBreakdownProviderBounce struct {
	Cause string `json:"cause"`

	Count int64 `json:"count"`
}

// DeliverabilityBreakdownProvider is a schema of the API.
type DeliverabilityBreakdownProvider struct {
	// By the recipient domain's MX hosts: a company on Google Workspace is `gmail`.
	Provider string `json:"provider"`

	Sent int64 `json:"sent"`

	Delivered int64 `json:"delivered"`

	Bounced int64 `json:"bounced"`

	Complained int64 `json:"complained"`

	// Of the sent; null when nothing was sent.
	DeliveryRate *float64 `json:"deliveryRate"`

	BounceRate *float64 `json:"bounceRate"`

	ComplaintRate *float64 `json:"complaintRate"`

	// This provider's bounces by cause, the most frequent first.
	Bounces []DeliverabilityBreakdownProviderBounce `json:"bounces"`
}

// DeliverabilityBreakdownBounce is a schema of the API.
type DeliverabilityBreakdownBounce struct {
	Cause string `json:"cause"`

	Count int64 `json:"count"`
}

// DeliverabilityBreakdown is a schema of the API.
type DeliverabilityBreakdown struct {
	// The window's first UTC day.
	From string `json:"from"`

	// Its last (today).
	To string `json:"to"`

	Days int64 `json:"days"`

	Providers []DeliverabilityBreakdownProvider `json:"providers"`

	// Every bounce of the window by cause, the most frequent first.
	Bounces []DeliverabilityBreakdownBounce `json:"bounces"`
}

// DeleteWebhookSubscriptionResponse is a schema of the API.
type DeleteWebhookSubscriptionResponse struct {
	ID string `json:"id"`

	Deleted bool `json:"deleted"`
}

// ListTemplatesResponse is a schema of the API.
type ListTemplatesResponse struct {
	Data []Template `json:"data"`

	HasMore bool `json:"hasMore"`
}

// DeleteTemplateResponse is a schema of the API.
type DeleteTemplateResponse struct {
	ID string `json:"id"`

	Deleted bool `json:"deleted"`
}

// ListTemplateVersionsResponse is a schema of the API.
type ListTemplateVersionsResponse struct {
	Data []TemplateVersion `json:"data"`
}

// ListInboundResponse is a schema of the API.
type ListInboundResponse struct {
	Data []InboundSummary `json:"data"`

	NextCursor *string `json:"nextCursor"`
}

// ListDMARCReportsResponse is a schema of the API.
type ListDMARCReportsResponse struct {
	Data []DMARCReport `json:"data"`

	NextCursor *string `json:"nextCursor"`
}

// GetDMARCReportResponse is a schema of the API.
type GetDMARCReportResponse struct {
	ID string `json:"id"`

	// The sending domain the report is about (policy_published/domain).
	Domain string `json:"domain"`

	OrgName string `json:"orgName"`

	OrgEmail *string `json:"orgEmail"`

	// The reporter's id: a report is stored once per (orgName, reportId).
	ReportID string `json:"reportId"`

	Begin string `json:"begin"`

	End string `json:"end"`

	// policy_published: p, sp, adkim, aspf, pct.
	Policy map[string]any `json:"policy"`

	RecordCount int64 `json:"recordCount"`

	MessageCount int64 `json:"messageCount"`

	// Whether the report's own message passed DMARC (a forged report does not).
	Authenticated bool `json:"authenticated"`

	ReceivedAt string `json:"receivedAt"`

	Records []DMARCRecord `json:"records"`
}

// SummarizeDMARCResponseTotals is a schema of the API.
type SummarizeDMARCResponseTotals struct {
	Messages int64 `json:"messages"`

	Aligned int64 `json:"aligned"`

	NotAligned int64 `json:"notAligned"`
}

// SummarizeDMARCResponseDailyItem is a schema of the API.
type SummarizeDMARCResponseDailyItem struct {
	Day string `json:"day"`

	Messages int64 `json:"messages"`

	Aligned int64 `json:"aligned"`
}

// SummarizeDMARCResponse is a schema of the API.
type SummarizeDMARCResponse struct {
	From string `json:"from"`

	To string `json:"to"`

	Totals SummarizeDMARCResponseTotals `json:"totals"`

	Sources []DMARCSource `json:"sources"`

	Daily []SummarizeDMARCResponseDailyItem `json:"daily"`

	// Reports refused at the address in [from, to), by reason.
	Refused map[string]int64 `json:"refused"`
}

// ListAuditLogResponse is a schema of the API.
type ListAuditLogResponse struct {
	Data []AuditEntry `json:"data"`

	NextCursor *string `json:"nextCursor"`
}

// GetHealthResponse is a schema of the API.
type GetHealthResponse struct {
	Status string `json:"status"`
}

// GetReadinessResponse is a schema of the API.
type GetReadinessResponse struct {
	Status string `json:"status"`

	Checks map[string]string `json:"checks"`
}

// GetOpenAPIDocumentResponse is a schema of the API.
type GetOpenAPIDocumentResponse struct {
	Openapi string `json:"openapi"`
}

// ListEmailsParams are the query parameters of listEmails (GET /emails); zero values are left out.
type ListEmailsParams struct {
	// At most this many emails. Without it, every email of the workspace is returned (streamed).
	Limit int64

	// The id of the last email of the previous page: continue after it.
	After string

	// Moves forward only: `queued → sending → sent → delivery_delayed → delivered → complained`; `bounced`, `rejected` and `failed` are final; `opened`/`clicked` leave it unchanged.
	Status string

	// Emails with this recipient (case-insensitive).
	To string

	// `name:value`: emails carrying this tag.
	Tag string

	// Emails created at or after this time. An ISO 8601 date-time with a zone, or a date (midnight UTC).
	CreatedAfter string

	// Emails created before this time (later than createdAfter). An ISO 8601 date-time with a zone, or a date (midnight UTC).
	CreatedBefore string
}

func (p ListEmailsParams) values() url.Values {
	q := url.Values{}
	if p.Limit != 0 {
		q.Set("limit", strconv.FormatInt(p.Limit, 10))
	}
	if p.After != "" {
		q.Set("after", p.After)
	}
	if p.Status != "" {
		q.Set("status", p.Status)
	}
	if p.To != "" {
		q.Set("to", p.To)
	}
	if p.Tag != "" {
		q.Set("tag", p.Tag)
	}
	if p.CreatedAfter != "" {
		q.Set("createdAfter", p.CreatedAfter)
	}
	if p.CreatedBefore != "" {
		q.Set("createdBefore", p.CreatedBefore)
	}
	return q
}

// SendEmailBatchParams are the query parameters of sendEmailBatch (POST /emails/batch); zero values are left out.
type SendEmailBatchParams struct {
	// Default `strict`.
	Mode string
}

func (p SendEmailBatchParams) values() url.Values {
	q := url.Values{}
	if p.Mode != "" {
		q.Set("mode", p.Mode)
	}
	return q
}

// ListEmailEventsParams are the query parameters of listEmailEvents (GET /emails/{id}/events); zero values are left out.
type ListEmailEventsParams struct {
	// Start after this event (its id): the previous page's `nextCursor`.
	After string

	// Events per page, 1 to 1000; 100 when absent.
	Limit int64
}

func (p ListEmailEventsParams) values() url.Values {
	q := url.Values{}
	if p.After != "" {
		q.Set("after", p.After)
	}
	if p.Limit != 0 {
		q.Set("limit", strconv.FormatInt(p.Limit, 10))
	}
	return q
}

// ListTopicSuppressionsParams are the query parameters of listTopicSuppressions (GET /suppressions/topics); zero values are left out.
type ListTopicSuppressionsParams struct {
	// Entries of this topic only.
	Topic string

	// Matches part of an address (case-insensitive).
	Address string

	// Default 100.
	Limit int64

	// The topic of the previous page's last entry (with afterAddress).
	AfterTopic string

	// The address of the previous page's last entry (with afterTopic).
	AfterAddress string
}

func (p ListTopicSuppressionsParams) values() url.Values {
	q := url.Values{}
	if p.Topic != "" {
		q.Set("topic", p.Topic)
	}
	if p.Address != "" {
		q.Set("address", p.Address)
	}
	if p.Limit != 0 {
		q.Set("limit", strconv.FormatInt(p.Limit, 10))
	}
	if p.AfterTopic != "" {
		q.Set("afterTopic", p.AfterTopic)
	}
	if p.AfterAddress != "" {
		q.Set("afterAddress", p.AfterAddress)
	}
	return q
}

// ListSuppressionsParams are the query parameters of listSuppressions (GET /suppressions); zero values are left out.
type ListSuppressionsParams struct {
	// Matches part of an address (case-insensitive).
	Address string

	Reason string

	// Default 100.
	Limit int64

	// The last address of the previous page.
	After string
}

func (p ListSuppressionsParams) values() url.Values {
	q := url.Values{}
	if p.Address != "" {
		q.Set("address", p.Address)
	}
	if p.Reason != "" {
		q.Set("reason", p.Reason)
	}
	if p.Limit != 0 {
		q.Set("limit", strconv.FormatInt(p.Limit, 10))
	}
	if p.After != "" {
		q.Set("after", p.After)
	}
	return q
}

// RemoveSuppressionParams are the query parameters of removeSuppression (DELETE /suppressions/{address}); zero values are left out.
type RemoveSuppressionParams struct {
	// Required to remove a `complaint` entry.
	Confirm string
}

func (p RemoveSuppressionParams) values() url.Values {
	q := url.Values{}
	if p.Confirm != "" {
		q.Set("confirm", p.Confirm)
	}
	return q
}

// ListWebhookDeliveriesParams are the query parameters of listWebhookDeliveries (GET /webhooks/{id}/deliveries); zero values are left out.
type ListWebhookDeliveriesParams struct {
	Status string

	// Default 50.
	Limit int64
}

func (p ListWebhookDeliveriesParams) values() url.Values {
	q := url.Values{}
	if p.Status != "" {
		q.Set("status", p.Status)
	}
	if p.Limit != 0 {
		q.Set("limit", strconv.FormatInt(p.Limit, 10))
	}
	return q
}

// ListTemplatesParams are the query parameters of listTemplates (GET /templates); zero values are left out.
type ListTemplatesParams struct {
	// Default 50.
	Limit int64

	// The id of the last template of the previous page.
	After string
}

func (p ListTemplatesParams) values() url.Values {
	q := url.Values{}
	if p.Limit != 0 {
		q.Set("limit", strconv.FormatInt(p.Limit, 10))
	}
	if p.After != "" {
		q.Set("after", p.After)
	}
	return q
}

// ListInboundParams are the query parameters of listInbound (GET /inbound); zero values are left out.
type ListInboundParams struct {
	// Default 20.
	Limit int64

	// `nextCursor` of the previous page.
	After string
}

func (p ListInboundParams) values() url.Values {
	q := url.Values{}
	if p.Limit != 0 {
		q.Set("limit", strconv.FormatInt(p.Limit, 10))
	}
	if p.After != "" {
		q.Set("after", p.After)
	}
	return q
}

// ListDMARCReportsParams are the query parameters of listDmarcReports (GET /dmarc/reports); zero values are left out.
type ListDMARCReportsParams struct {
	// Default 20.
	Limit int64

	// `nextCursor` of the previous page.
	After string

	// Only reports about this sending domain.
	Domain string
}

func (p ListDMARCReportsParams) values() url.Values {
	q := url.Values{}
	if p.Limit != 0 {
		q.Set("limit", strconv.FormatInt(p.Limit, 10))
	}
	if p.After != "" {
		q.Set("after", p.After)
	}
	if p.Domain != "" {
		q.Set("domain", p.Domain)
	}
	return q
}

// SummarizeDMARCParams are the query parameters of summarizeDmarc (GET /dmarc/summary); zero values are left out.
type SummarizeDMARCParams struct {
	From string

	To string

	Domain string
}

func (p SummarizeDMARCParams) values() url.Values {
	q := url.Values{}
	if p.From != "" {
		q.Set("from", p.From)
	}
	if p.To != "" {
		q.Set("to", p.To)
	}
	if p.Domain != "" {
		q.Set("domain", p.Domain)
	}
	return q
}

// ListAuditLogParams are the query parameters of listAuditLog (GET /audit-log); zero values are left out.
type ListAuditLogParams struct {
	Action string

	// The actor's id: a user id, a key id (`key_…`), `cli:<account>`.
	Actor string

	// The target's id.
	Target string

	// Entries at or after this ISO 8601 time (or date).
	Since string

	// Entries before this ISO 8601 time (or date).
	Until string

	// Default 100.
	Limit int64

	// `nextCursor` of the previous page.
	After string
}

func (p ListAuditLogParams) values() url.Values {
	q := url.Values{}
	if p.Action != "" {
		q.Set("action", p.Action)
	}
	if p.Actor != "" {
		q.Set("actor", p.Actor)
	}
	if p.Target != "" {
		q.Set("target", p.Target)
	}
	if p.Since != "" {
		q.Set("since", p.Since)
	}
	if p.Until != "" {
		q.Set("until", p.Until)
	}
	if p.Limit != 0 {
		q.Set("limit", strconv.FormatInt(p.Limit, 10))
	}
	if p.After != "" {
		q.Set("after", p.After)
	}
	return q
}

// ExportAuditLogParams are the query parameters of exportAuditLog (GET /audit-log/export); zero values are left out.
type ExportAuditLogParams struct {
	Format string

	Action string

	// The actor's id: a user id, a key id (`key_…`), `cli:<account>`.
	Actor string

	// The target's id.
	Target string

	// Entries at or after this ISO 8601 time (or date).
	Since string

	// Entries before this ISO 8601 time (or date).
	Until string

	Limit int64
}

func (p ExportAuditLogParams) values() url.Values {
	q := url.Values{}
	if p.Format != "" {
		q.Set("format", p.Format)
	}
	if p.Action != "" {
		q.Set("action", p.Action)
	}
	if p.Actor != "" {
		q.Set("actor", p.Actor)
	}
	if p.Target != "" {
		q.Set("target", p.Target)
	}
	if p.Since != "" {
		q.Set("since", p.Since)
	}
	if p.Until != "" {
		q.Set("until", p.Until)
	}
	if p.Limit != 0 {
		q.Set("limit", strconv.FormatInt(p.Limit, 10))
	}
	return q
}

// ListErasuresParams are the query parameters of listErasures (GET /erasures); zero values are left out.
type ListErasuresParams struct {
	// Default 100.
	Limit int64

	// The last erasure id of the previous page.
	After string
}

func (p ListErasuresParams) values() url.Values {
	q := url.Values{}
	if p.Limit != 0 {
		q.Set("limit", strconv.FormatInt(p.Limit, 10))
	}
	if p.After != "" {
		q.Set("after", p.After)
	}
	return q
}

// GetDeliverabilityParams are the query parameters of getDeliverability (GET /deliverability); zero values are left out.
type GetDeliverabilityParams struct {
	// Default 7.
	Days int64
}

func (p GetDeliverabilityParams) values() url.Values {
	q := url.Values{}
	if p.Days != 0 {
		q.Set("days", strconv.FormatInt(p.Days, 10))
	}
	return q
}

// Keeps the imports used whatever the document holds.
var _ = json.RawMessage(nil)
var _ = strconv.Itoa
