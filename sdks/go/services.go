package svcemail

import (
	"context"
	"errors"
	"strings"
	"time"
)

// operationMethods names the method that calls each operation of the document; the coverage
// test checks it against docs/openapi.json and that each method exists.
var operationMethods = map[string]string{
	"sendEmail":                 "Emails.Send",
	"sendEmailBatch":            "Emails.Batch",
	"getEmail":                  "Emails.Get",
	"listEmails":                "Emails.ListPage",
	"listEmailEvents":           "Emails.EventsPage",
	"rescheduleEmail":           "Emails.Reschedule",
	"cancelEmail":               "Emails.Cancel",
	"listApiKeys":               "APIKeys.List",
	"revokeApiKey":              "APIKeys.Revoke",
	"listSuppressions":          "Suppressions.ListPage",
	"addSuppression":            "Suppressions.Add",
	"removeSuppression":         "Suppressions.Remove",
	"listTopicSuppressions":     "Suppressions.ListTopicsPage",
	"removeTopicSuppression":    "Suppressions.RemoveTopic",
	"listWebhookSubscriptions":  "Webhooks.List",
	"createWebhookSubscription": "Webhooks.Create",
	"getWebhookSubscription":    "Webhooks.Get",
	"updateWebhookSubscription": "Webhooks.Update",
	"deleteWebhookSubscription": "Webhooks.Delete",
	"sendTestWebhookEvent":      "Webhooks.Test",
	"listWebhookDeliveries":     "Webhooks.Deliveries",
	"getWebhookDelivery":        "Webhooks.Delivery",
	"replayWebhookDeliveries":   "Webhooks.Replay",
	"listWebhookReplays":        "Webhooks.Replays",
	"getWebhookReplay":          "Webhooks.ReplayStatus",
	"listTemplates":             "Templates.ListPage",
	"createTemplate":            "Templates.Create",
	"getTemplate":               "Templates.Get",
	"updateTemplate":            "Templates.Update",
	"deleteTemplate":            "Templates.Delete",
	"publishTemplate":           "Templates.Publish",
	"duplicateTemplate":         "Templates.Duplicate",
	"listTemplateVersions":      "Templates.Versions",
	"renderTemplate":            "Templates.Render",
	"listInbound":               "Inbound.ListPage",
	"getInbound":                "Inbound.Get",
	"getInboundRaw":             "Inbound.Raw",
	"getInboundAttachment":      "Inbound.Attachment",
	"listAuditLog":              "AuditLog.ListPage",
	"exportAuditLog":            "AuditLog.Export",
	"createErasure":             "Erasures.Create",
	"getErasure":                "Erasures.Get",
	"listErasures":              "Erasures.ListPage",
	"getErasureReceipt":         "Erasures.Receipt",
	"getDeliverability":         "Deliverability.Get",
	"listDmarcReports":          "DMARC.ListReportsPage",
	"getDmarcReport":            "DMARC.GetReport",
	"summarizeDmarc":            "DMARC.Summary",
	"getHealth":                 "Service.Health",
	"getReadiness":              "Service.Readiness",
	"getOpenApiDocument":        "Service.OpenAPIDocument",
	"getApiReference":           "Service.APIReference",
	"getApiReferenceScript":     "Service.APIReferenceScript",
}

const defaultPageSize = 100

// EmailsService sends and reads emails.
type EmailsService struct{ t *transport }

// SendResult is a queued email, and whether the API answered with the stored result of an
// earlier send under the same Idempotency-Key.
type SendResult struct {
	QueuedEmail
	Replayed bool
}

// Send queues an email (202). Safe to retry: one Idempotency-Key is generated per call and
// reused by every retry (see WithIdempotencyKey).
func (s *EmailsService) Send(ctx context.Context, email SendEmailRequest, options ...RequestOption) (*SendResult, error) {
	var result SendResult
	got, err := s.t.json(ctx, request{operationID: "sendEmail", body: email}, &result.QueuedEmail, options...)
	if err != nil {
		return nil, err
	}
	result.Replayed = replayed(got)
	return &result, nil
}

// BatchMode is how a batch treats a refused email.
type BatchMode string

const (
	// BatchStrict (the default): one refused email refuses the batch (an *APIError whose BatchErrors list them).
	BatchStrict BatchMode = "strict"
	// BatchPermissive: the others are created; the refused ones are entries with Error and Code.
	BatchPermissive BatchMode = "permissive"
)

// BatchResult has one entry per email, in request order.
type BatchResult struct {
	Entries  []BatchEntry
	Replayed bool
}

// Batch queues up to 100 emails in one request; safe to retry as Send is.
func (s *EmailsService) Batch(ctx context.Context, emails []SendEmailRequest, mode BatchMode, options ...RequestOption) (*BatchResult, error) {
	var result BatchResult
	query := SendEmailBatchParams{Mode: string(mode)}.values()
	got, err := s.t.json(ctx, request{operationID: "sendEmailBatch", query: query, body: emails}, &result.Entries, options...)
	if err != nil {
		return nil, err
	}
	result.Replayed = replayed(got)
	return &result, nil
}

// Get reads one email with the first page of its events.
func (s *EmailsService) Get(ctx context.Context, id string) (*EmailWithEvents, error) {
	var email EmailWithEvents
	_, err := s.t.json(ctx, request{operationID: "getEmail", path: map[string]string{"id": id}}, &email)
	return orNil(&email, err)
}

// ListPage reads one page, newest first; After is the last id of the previous page. Limit
// defaults to 100 here (the API without one streams every email).
func (s *EmailsService) ListPage(ctx context.Context, params ListEmailsParams) ([]Email, error) {
	if params.Limit == 0 {
		params.Limit = defaultPageSize
	}
	var page []Email
	_, err := s.t.json(ctx, request{operationID: "listEmails", query: params.values()}, &page)
	return page, err
}

// List walks every email matching params, newest first, params.Limit (default 100) a page.
func (s *EmailsService) List(ctx context.Context, params ListEmailsParams) *Pager[Email] {
	if params.Limit == 0 {
		params.Limit = defaultPageSize
	}
	return newPager(ctx, params.After, func(ctx context.Context, after string) ([]Email, string, error) {
		params.After = after
		page, err := s.ListPage(ctx, params)
		if err != nil || int64(len(page)) < params.Limit {
			return page, "", err
		}
		return page, page[len(page)-1].ID, nil
	})
}

// EventsPage reads one page of an email's events, oldest first.
func (s *EmailsService) EventsPage(ctx context.Context, id string, params ListEmailEventsParams) (*EmailEventPage, error) {
	var page EmailEventPage
	_, err := s.t.json(ctx, request{operationID: "listEmailEvents", path: map[string]string{"id": id}, query: params.values()}, &page)
	return orNil(&page, err)
}

// Events walks every event of an email, oldest first.
func (s *EmailsService) Events(ctx context.Context, id string) *Pager[EmailEvent] {
	return newPager(ctx, "", func(ctx context.Context, after string) ([]EmailEvent, string, error) {
		page, err := s.EventsPage(ctx, id, ListEmailEventsParams{After: after})
		if err != nil {
			return nil, "", err
		}
		next := ""
		if page.NextCursor != nil {
			next = *page.NextCursor
		}
		return page.Events, next, nil
	})
}

// Reschedule moves a scheduled email to at.
func (s *EmailsService) Reschedule(ctx context.Context, id string, at time.Time) (*ScheduleChange, error) {
	var change ScheduleChange
	body := RescheduleRequest{ScheduledAt: at.UTC().Format(time.RFC3339Nano)}
	_, err := s.t.json(ctx, request{operationID: "rescheduleEmail", path: map[string]string{"id": id}, body: body}, &change)
	return orNil(&change, err)
}

// Cancel makes a scheduled email canceled; any other status is a 409 conflict.
func (s *EmailsService) Cancel(ctx context.Context, id string) (*ScheduleChange, error) {
	var change ScheduleChange
	_, err := s.t.json(ctx, request{operationID: "cancelEmail", path: map[string]string{"id": id}}, &change)
	return orNil(&change, err)
}

// APIKeysService lists and revokes the workspace's key records.
type APIKeysService struct{ t *transport }

// List returns every key record of the workspace (never a key itself).
func (s *APIKeysService) List(ctx context.Context) ([]APIKey, error) {
	var keys []APIKey
	_, err := s.t.json(ctx, request{operationID: "listApiKeys"}, &keys)
	return keys, err
}

// Revoke revokes at once; revoking twice keeps the first time.
func (s *APIKeysService) Revoke(ctx context.Context, id string) (*APIKey, error) {
	var key APIKey
	_, err := s.t.json(ctx, request{operationID: "revokeApiKey", path: map[string]string{"id": id}}, &key)
	return orNil(&key, err)
}

// SuppressionsService manages the addresses the workspace never sends to.
type SuppressionsService struct{ t *transport }

// ListPage reads one page in address order; After is the last address of the previous page.
func (s *SuppressionsService) ListPage(ctx context.Context, params ListSuppressionsParams) ([]Suppression, error) {
	var page []Suppression
	_, err := s.t.json(ctx, request{operationID: "listSuppressions", query: params.values()}, &page)
	return page, err
}

// List walks every entry matching params, in address order.
func (s *SuppressionsService) List(ctx context.Context, params ListSuppressionsParams) *Pager[Suppression] {
	if params.Limit == 0 {
		params.Limit = defaultPageSize
	}
	return newPager(ctx, params.After, func(ctx context.Context, after string) ([]Suppression, string, error) {
		params.After = after
		page, err := s.ListPage(ctx, params)
		if err != nil || int64(len(page)) < params.Limit {
			return page, "", err
		}
		return page, page[len(page)-1].Address, nil
	})
}

// Add adds a manual entry; created is false when the address was already listed.
func (s *SuppressionsService) Add(ctx context.Context, entry AddSuppressionRequest) (created bool, suppression *Suppression, err error) {
	var result Suppression
	got, err := s.t.json(ctx, request{operationID: "addSuppression", body: entry}, &result)
	if err != nil {
		return false, nil, err
	}
	return got.status == 201, &result, nil
}

// Remove removes an entry; one added by a complaint needs confirmComplaint.
func (s *SuppressionsService) Remove(ctx context.Context, address string, confirmComplaint bool) (*Suppression, error) {
	params := RemoveSuppressionParams{}
	if confirmComplaint {
		params.Confirm = "complaint"
	}
	var result Suppression
	_, err := s.t.json(ctx, request{operationID: "removeSuppression", path: map[string]string{"address": address}, query: params.values()}, &result)
	return orNil(&result, err)
}

// ListTopicsPage reads one page of topic suppressions (one-click unsubscribes) in (topic, address)
// order; AfterTopic and AfterAddress are the previous page's last entry.
func (s *SuppressionsService) ListTopicsPage(ctx context.Context, params ListTopicSuppressionsParams) ([]TopicSuppression, error) {
	var page []TopicSuppression
	_, err := s.t.json(ctx, request{operationID: "listTopicSuppressions", query: params.values()}, &page)
	return page, err
}

// ListTopics walks every topic suppression matching params, in (topic, address) order.
func (s *SuppressionsService) ListTopics(ctx context.Context, params ListTopicSuppressionsParams) *Pager[TopicSuppression] {
	if params.Limit == 0 {
		params.Limit = defaultPageSize
	}
	// The pager carries one cursor: the (topic, address) pair joined by a space, which no topic holds.
	start := ""
	if params.AfterTopic != "" {
		start = params.AfterTopic + " " + params.AfterAddress
	}
	return newPager(ctx, start, func(ctx context.Context, after string) ([]TopicSuppression, string, error) {
		params.AfterTopic, params.AfterAddress, _ = strings.Cut(after, " ")
		page, err := s.ListTopicsPage(ctx, params)
		if err != nil || int64(len(page)) < params.Limit {
			return page, "", err
		}
		last := page[len(page)-1]
		return page, last.Topic + " " + last.Address, nil
	})
}

// RemoveTopic removes a topic suppression: the address gets that topic's emails again.
func (s *SuppressionsService) RemoveTopic(ctx context.Context, topic, address string) (*TopicSuppression, error) {
	var result TopicSuppression
	_, err := s.t.json(ctx, request{operationID: "removeTopicSuppression", path: map[string]string{"topic": topic, "address": address}}, &result)
	return orNil(&result, err)
}

// WebhooksService manages webhook subscriptions, their deliveries and replays.
type WebhooksService struct{ t *transport }

// List returns the workspace's subscriptions, newest first.
func (s *WebhooksService) List(ctx context.Context) ([]WebhookSubscription, error) {
	var subscriptions []WebhookSubscription
	_, err := s.t.json(ctx, request{operationID: "listWebhookSubscriptions"}, &subscriptions)
	return subscriptions, err
}

// Create creates a subscription; the answer's Secret is shown this once. Not retried after a
// lost answer: a retry would make a second subscription with a secret you never saw.
func (s *WebhooksService) Create(ctx context.Context, subscription CreateWebhookSubscriptionRequest) (*CreatedWebhookSubscription, error) {
	var created CreatedWebhookSubscription
	_, err := s.t.json(ctx, request{operationID: "createWebhookSubscription", body: subscription}, &created)
	return orNil(&created, err)
}

// Get reads one subscription.
func (s *WebhooksService) Get(ctx context.Context, id string) (*WebhookSubscription, error) {
	var subscription WebhookSubscription
	_, err := s.t.json(ctx, request{operationID: "getWebhookSubscription", path: map[string]string{"id": id}}, &subscription)
	return orNil(&subscription, err)
}

// Update changes the fields given; the others stay.
func (s *WebhooksService) Update(ctx context.Context, id string, changes UpdateWebhookSubscriptionRequest) (*WebhookSubscription, error) {
	var subscription WebhookSubscription
	_, err := s.t.json(ctx, request{operationID: "updateWebhookSubscription", path: map[string]string{"id": id}, body: changes}, &subscription)
	return orNil(&subscription, err)
}

// Delete deletes a subscription.
func (s *WebhooksService) Delete(ctx context.Context, id string) error {
	_, err := s.t.json(ctx, request{operationID: "deleteWebhookSubscription", path: map[string]string{"id": id}}, nil)
	return err
}

// Test sends a real, signed delivery with "test": true; eventType "" is the subscription's first.
func (s *WebhooksService) Test(ctx context.Context, id string, eventType EventType) (*WebhookDeliveryDetail, error) {
	var delivery WebhookDeliveryDetail
	body := TestWebhookEventRequest{}
	if eventType != "" {
		body.EventType = String(string(eventType))
	}
	_, err := s.t.json(ctx, request{operationID: "sendTestWebhookEvent", path: map[string]string{"id": id}, body: body}, &delivery)
	return orNil(&delivery, err)
}

// Deliveries lists the subscription's most recent deliveries, newest first.
func (s *WebhooksService) Deliveries(ctx context.Context, id string, params ListWebhookDeliveriesParams) ([]WebhookDelivery, error) {
	var deliveries []WebhookDelivery
	_, err := s.t.json(ctx, request{operationID: "listWebhookDeliveries", path: map[string]string{"id": id}, query: params.values()}, &deliveries)
	return deliveries, err
}

// Delivery reads one delivery with its attempts and the exact body it sends.
func (s *WebhooksService) Delivery(ctx context.Context, id, deliveryID string) (*WebhookDeliveryDetail, error) {
	var delivery WebhookDeliveryDetail
	_, err := s.t.json(ctx, request{operationID: "getWebhookDelivery", path: map[string]string{"id": id, "deliveryId": deliveryID}}, &delivery)
	return orNil(&delivery, err)
}

// Replay sends past deliveries again, paced (one delivery, one email's, failed ones since a time, a range).
func (s *WebhooksService) Replay(ctx context.Context, id string, replay ReplayWebhookDeliveriesRequest) (*WebhookReplay, error) {
	var result WebhookReplay
	_, err := s.t.json(ctx, request{operationID: "replayWebhookDeliveries", path: map[string]string{"id": id}, body: replay}, &result)
	return orNil(&result, err)
}

// Replays lists the subscription's replays.
func (s *WebhooksService) Replays(ctx context.Context, id string) ([]WebhookReplay, error) {
	var replays []WebhookReplay
	_, err := s.t.json(ctx, request{operationID: "listWebhookReplays", path: map[string]string{"id": id}}, &replays)
	return replays, err
}

// ReplayStatus reads one replay with its progress.
func (s *WebhooksService) ReplayStatus(ctx context.Context, id, replayID string) (*WebhookReplay, error) {
	var replay WebhookReplay
	_, err := s.t.json(ctx, request{operationID: "getWebhookReplay", path: map[string]string{"id": id, "replayId": replayID}}, &replay)
	return orNil(&replay, err)
}

// TemplatesService manages templates, named by id or alias.
type TemplatesService struct{ t *transport }

// ListPage reads one page, newest first.
func (s *TemplatesService) ListPage(ctx context.Context, params ListTemplatesParams) (*ListTemplatesResponse, error) {
	var page ListTemplatesResponse
	_, err := s.t.json(ctx, request{operationID: "listTemplates", query: params.values()}, &page)
	return orNil(&page, err)
}

// List walks every template, newest first.
func (s *TemplatesService) List(ctx context.Context, params ListTemplatesParams) *Pager[Template] {
	return newPager(ctx, params.After, func(ctx context.Context, after string) ([]Template, string, error) {
		params.After = after
		page, err := s.ListPage(ctx, params)
		if err != nil || !page.HasMore || len(page.Data) == 0 {
			if page == nil {
				return nil, "", err
			}
			return page.Data, "", err
		}
		return page.Data, page.Data[len(page.Data)-1].ID, nil
	})
}

// Create creates a template with its draft.
func (s *TemplatesService) Create(ctx context.Context, template CreateTemplateRequest) (*Template, error) {
	var created Template
	_, err := s.t.json(ctx, request{operationID: "createTemplate", body: template}, &created)
	return orNil(&created, err)
}

// Get reads a template by id or alias.
func (s *TemplatesService) Get(ctx context.Context, idOrAlias string) (*Template, error) {
	var template Template
	_, err := s.t.json(ctx, request{operationID: "getTemplate", path: map[string]string{"id": idOrAlias}}, &template)
	return orNil(&template, err)
}

// Update changes the draft; published versions never change.
func (s *TemplatesService) Update(ctx context.Context, idOrAlias string, changes UpdateTemplateRequest) (*Template, error) {
	var template Template
	_, err := s.t.json(ctx, request{operationID: "updateTemplate", path: map[string]string{"id": idOrAlias}, body: changes}, &template)
	return orNil(&template, err)
}

// Delete deletes a template.
func (s *TemplatesService) Delete(ctx context.Context, idOrAlias string) error {
	_, err := s.t.json(ctx, request{operationID: "deleteTemplate", path: map[string]string{"id": idOrAlias}}, nil)
	return err
}

// Publish publishes the draft as the next version.
func (s *TemplatesService) Publish(ctx context.Context, idOrAlias string, options PublishTemplateRequest) (*TemplateVersion, error) {
	var version TemplateVersion
	_, err := s.t.json(ctx, request{operationID: "publishTemplate", path: map[string]string{"id": idOrAlias}, body: options}, &version)
	return orNil(&version, err)
}

// Duplicate makes a new template with a copy of this one's draft.
func (s *TemplatesService) Duplicate(ctx context.Context, idOrAlias string, copy DuplicateTemplateRequest) (*Template, error) {
	var template Template
	_, err := s.t.json(ctx, request{operationID: "duplicateTemplate", path: map[string]string{"id": idOrAlias}, body: copy}, &template)
	return orNil(&template, err)
}

// Versions lists the published versions.
func (s *TemplatesService) Versions(ctx context.Context, idOrAlias string) ([]TemplateVersion, error) {
	var versions ListTemplateVersionsResponse
	_, err := s.t.json(ctx, request{operationID: "listTemplateVersions", path: map[string]string{"id": idOrAlias}}, &versions)
	return versions.Data, err
}

// Render renders the draft (or a version) with variables; nothing is sent.
func (s *TemplatesService) Render(ctx context.Context, idOrAlias string, input RenderTemplateRequest) (*RenderedTemplate, error) {
	var rendered RenderedTemplate
	_, err := s.t.json(ctx, request{operationID: "renderTemplate", path: map[string]string{"id": idOrAlias}, body: input}, &rendered)
	return orNil(&rendered, err)
}

// InboundService reads the mail received for the workspace's receiving domains.
type InboundService struct{ t *transport }

// ListPage reads one page, newest first; pass the previous page's NextCursor as After.
func (s *InboundService) ListPage(ctx context.Context, params ListInboundParams) (*ListInboundResponse, error) {
	var page ListInboundResponse
	_, err := s.t.json(ctx, request{operationID: "listInbound", query: params.values()}, &page)
	return orNil(&page, err)
}

// List walks every received message, newest first.
func (s *InboundService) List(ctx context.Context, params ListInboundParams) *Pager[InboundSummary] {
	return newPager(ctx, params.After, func(ctx context.Context, after string) ([]InboundSummary, string, error) {
		params.After = after
		page, err := s.ListPage(ctx, params)
		if err != nil {
			return nil, "", err
		}
		return page.Data, deref(page.NextCursor), nil
	})
}

// Get reads one message with its text, HTML, headers and verdicts.
func (s *InboundService) Get(ctx context.Context, id string) (*Inbound, error) {
	var message Inbound
	_, err := s.t.json(ctx, request{operationID: "getInbound", path: map[string]string{"id": id}}, &message)
	return orNil(&message, err)
}

// Raw returns the message exactly as it arrived (message/rfc822 bytes).
func (s *InboundService) Raw(ctx context.Context, id string) ([]byte, error) {
	got, err := s.t.call(ctx, request{operationID: "getInboundRaw", path: map[string]string{"id": id}})
	if err != nil {
		return nil, err
	}
	return got.body, nil
}

// Attachment returns attachment index (its position in Get's Attachments, from 0) and its content type.
func (s *InboundService) Attachment(ctx context.Context, id string, index int) (content []byte, contentType string, err error) {
	if index < 0 {
		return nil, "", errors.New("svcemail: index is the attachment's position, a whole number from 0")
	}
	got, err := s.t.call(ctx, request{operationID: "getInboundAttachment", path: map[string]string{"id": id, "n": itoa(index)}})
	if err != nil {
		return nil, "", err
	}
	contentType = got.header.Get("Content-Type")
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	return got.body, contentType, nil
}

// AuditLogService reads the workspace's audit log.
type AuditLogService struct{ t *transport }

// ListPage reads one page, newest first; pass the previous page's NextCursor as After.
func (s *AuditLogService) ListPage(ctx context.Context, params ListAuditLogParams) (*ListAuditLogResponse, error) {
	var page ListAuditLogResponse
	_, err := s.t.json(ctx, request{operationID: "listAuditLog", query: params.values()}, &page)
	return orNil(&page, err)
}

// List walks every entry matching params, newest first.
func (s *AuditLogService) List(ctx context.Context, params ListAuditLogParams) *Pager[AuditEntry] {
	return newPager(ctx, params.After, func(ctx context.Context, after string) ([]AuditEntry, string, error) {
		params.After = after
		page, err := s.ListPage(ctx, params)
		if err != nil {
			return nil, "", err
		}
		return page.Data, deref(page.NextCursor), nil
	})
}

// Export returns every matching entry as CSV (Format "csv", the default) or JSON Lines ("jsonl").
func (s *AuditLogService) Export(ctx context.Context, params ExportAuditLogParams) (string, error) {
	got, err := s.t.call(ctx, request{operationID: "exportAuditLog", query: params.values()})
	if err != nil {
		return "", err
	}
	return string(got.body), nil
}

// DeliverabilityService says where the workspace's mail lands: outcomes by mailbox provider, bounces by cause.
type DeliverabilityService struct{ t *transport }

// Get reads the last params.Days UTC days (7 unless given, at most 30).
func (s *DeliverabilityService) Get(ctx context.Context, params GetDeliverabilityParams) (*DeliverabilityBreakdown, error) {
	var breakdown DeliverabilityBreakdown
	_, err := s.t.json(ctx, request{operationID: "getDeliverability", query: params.values()}, &breakdown)
	return orNil(&breakdown, err)
}

// DMARCService reads the DMARC aggregate reports received at the workspace's reporting address.
type DMARCService struct{ t *transport }

// ListReportsPage reads one page of reports, newest first; pass the previous page's NextCursor as After.
func (s *DMARCService) ListReportsPage(ctx context.Context, params ListDMARCReportsParams) (*ListDMARCReportsResponse, error) {
	var page ListDMARCReportsResponse
	_, err := s.t.json(ctx, request{operationID: "listDmarcReports", query: params.values()}, &page)
	return orNil(&page, err)
}

// ListReports walks every report matching params, newest first.
func (s *DMARCService) ListReports(ctx context.Context, params ListDMARCReportsParams) *Pager[DMARCReport] {
	if params.Limit == 0 {
		params.Limit = defaultPageSize
	}
	return newPager(ctx, params.After, func(ctx context.Context, after string) ([]DMARCReport, string, error) {
		params.After = after
		page, err := s.ListReportsPage(ctx, params)
		if err != nil {
			return nil, "", err
		}
		return page.Data, deref(page.NextCursor), nil
	})
}

// GetReport reads one report with its records (one per source IP and outcome).
func (s *DMARCService) GetReport(ctx context.Context, id string) (*GetDMARCReportResponse, error) {
	var report GetDMARCReportResponse
	_, err := s.t.json(ctx, request{operationID: "getDmarcReport", path: map[string]string{"id": id}}, &report)
	return orNil(&report, err)
}

// Summary adds up the reports over [params.From, params.To): totals, sources, daily counts and refused reports.
func (s *DMARCService) Summary(ctx context.Context, params SummarizeDMARCParams) (*SummarizeDMARCResponse, error) {
	var summary SummarizeDMARCResponse
	_, err := s.t.json(ctx, request{operationID: "summarizeDmarc", query: params.values()}, &summary)
	return orNil(&summary, err)
}

// ErasuresService forgets people: every copy of their addresses in the workspace (full-access keys).
type ErasuresService struct{ t *transport }

// Create starts erasing the addresses (or the emails, by id) given; poll Get for its status.
func (s *ErasuresService) Create(ctx context.Context, erasure CreateErasureRequest) (*Erasure, error) {
	var created Erasure
	_, err := s.t.json(ctx, request{operationID: "createErasure", body: erasure}, &created)
	return orNil(&created, err)
}

// Get returns one erasure with its status and, once completed, its receipt's counts.
func (s *ErasuresService) Get(ctx context.Context, id string) (*Erasure, error) {
	var erasure Erasure
	_, err := s.t.json(ctx, request{operationID: "getErasure", path: map[string]string{"id": id}}, &erasure)
	return orNil(&erasure, err)
}

// ListPage reads one page, newest first; pass the last id of the previous page as After.
func (s *ErasuresService) ListPage(ctx context.Context, params ListErasuresParams) ([]Erasure, error) {
	var page []Erasure
	_, err := s.t.json(ctx, request{operationID: "listErasures", query: params.values()}, &page)
	return page, err
}

// Receipt returns a completed erasure's receipt: what was removed, by table and object count.
func (s *ErasuresService) Receipt(ctx context.Context, id string) (*ErasureReceiptDocument, error) {
	var receipt ErasureReceiptDocument
	_, err := s.t.json(ctx, request{operationID: "getErasureReceipt", path: map[string]string{"id": id}}, &receipt)
	return orNil(&receipt, err)
}

// ServiceService holds the operations that need no API key.
type ServiceService struct{ t *transport }

// Health answers when the process is alive.
func (s *ServiceService) Health(ctx context.Context) (*GetHealthResponse, error) {
	var health GetHealthResponse
	_, err := s.t.json(ctx, request{operationID: "getHealth"}, &health)
	return orNil(&health, err)
}

// Readiness answers when PostgreSQL and Redis are reachable (a 503 *APIError otherwise).
func (s *ServiceService) Readiness(ctx context.Context) (*GetReadinessResponse, error) {
	var readiness GetReadinessResponse
	_, err := s.t.json(ctx, request{operationID: "getReadiness"}, &readiness)
	return orNil(&readiness, err)
}

// OpenAPIDocument returns the API's OpenAPI document.
func (s *ServiceService) OpenAPIDocument(ctx context.Context) (map[string]any, error) {
	var document map[string]any
	_, err := s.t.json(ctx, request{operationID: "getOpenApiDocument"}, &document)
	return document, err
}

// APIReference returns the API reference page (HTML).
func (s *ServiceService) APIReference(ctx context.Context) (string, error) {
	got, err := s.t.call(ctx, request{operationID: "getApiReference"})
	if err != nil {
		return "", err
	}
	return string(got.body), nil
}

// APIReferenceScript returns the reference page's script.
func (s *ServiceService) APIReferenceScript(ctx context.Context) (string, error) {
	got, err := s.t.call(ctx, request{operationID: "getApiReferenceScript"})
	if err != nil {
		return "", err
	}
	return string(got.body), nil
}

func orNil[T any](value *T, err error) (*T, error) {
	if err != nil {
		return nil, err
	}
	return value, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
