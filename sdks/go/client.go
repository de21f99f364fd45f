// Package svcemail is the Go client for the svc transactional email API: every operation of its
// OpenAPI document, retries under one Idempotency-Key per logical send, typed errors, and webhook
// verification. It uses the standard library only.
package svcemail

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Version is this package's version, sent in the User-Agent.
const Version = "0.1.0"

// Client calls the API. Every method returns an *APIError for an error answer (with StatusCode
// and Code) and a *ConnectionError when no answer came.
type Client struct {
	Emails         *EmailsService
	APIKeys        *APIKeysService
	Suppressions   *SuppressionsService
	Webhooks       *WebhooksService
	Templates      *TemplatesService
	Inbound        *InboundService
	AuditLog       *AuditLogService
	Erasures       *ErasuresService
	Deliverability *DeliverabilityService
	DMARC          *DMARCService
	Service        *ServiceService
}

// Option configures a Client.
type Option func(*transport)

// WithHTTPClient sends through this client (a proxy's, a test's). Its own redirect policy applies.
func WithHTTPClient(c *http.Client) Option { return func(t *transport) { t.http = c } }

// WithTimeout bounds each attempt, reading the answer included. Default 30 s.
func WithTimeout(d time.Duration) Option { return func(t *transport) { t.http.Timeout = d } }

// WithRetryPolicy replaces DefaultRetryPolicy.
func WithRetryPolicy(p RetryPolicy) Option { return func(t *transport) { t.retry = p } }

// NewClient makes a client for the API at baseURL (e.g. http://localhost:3000). Without an API
// key it returns ErrMissingAPIKey: nothing is ever sent without one.
func NewClient(apiKey, baseURL string, options ...Option) (*Client, error) {
	if apiKey == "" {
		return nil, ErrMissingAPIKey
	}
	if _, err := url.ParseRequestURI(baseURL); err != nil || baseURL == "" {
		return nil, &url.Error{Op: "svcemail: base URL", URL: baseURL, Err: err}
	}
	t := &transport{
		apiKey:  apiKey,
		baseURL: strings.TrimRight(baseURL, "/"),
		http: &http.Client{
			Timeout: 30 * time.Second,
			// A redirect is answered as the error it is: following it would carry the key elsewhere.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		retry:     DefaultRetryPolicy,
		userAgent: "svc-go/" + Version,
	}
	for _, option := range options {
		option(t)
	}
	return &Client{
		Emails:         &EmailsService{t},
		APIKeys:        &APIKeysService{t},
		Suppressions:   &SuppressionsService{t},
		Webhooks:       &WebhooksService{t},
		Templates:      &TemplatesService{t},
		Inbound:        &InboundService{t},
		AuditLog:       &AuditLogService{t},
		Erasures:       &ErasuresService{t},
		Deliverability: &DeliverabilityService{t},
		DMARC:          &DMARCService{t},
		Service:        &ServiceService{t},
	}, nil
}

// String returns a pointer to s, for optional fields.
func String(s string) *string { return &s }

// Int returns a pointer to i, for optional fields.
func Int(i int64) *int64 { return &i }

// Bool returns a pointer to b, for optional fields.
func Bool(b bool) *bool { return &b }

// RequestOption adjusts one call.
type RequestOption func(*request)

// WithIdempotencyKey sends your own Idempotency-Key (an order id, say) instead of the one
// generated per call, so that your own retries are safe too.
func WithIdempotencyKey(key string) RequestOption {
	return func(r *request) { r.idempotencyKey = key }
}

func (t *transport) json(ctx context.Context, req request, into any, options ...RequestOption) (*answer, error) {
	for _, option := range options {
		option(&req)
	}
	got, err := t.call(ctx, req)
	if err != nil {
		return nil, err
	}
	if into != nil {
		if err := decodeJSON(got, into); err != nil {
			return nil, err
		}
	}
	return got, nil
}

// Pager walks a listing a page at a time as you iterate:
//
//	for it := client.Emails.List(ctx, svcemail.ListEmailsParams{}); it.Next(); {
//		email := it.Current()
//	}
//	if err := it.Err(); err != nil { … }
type Pager[T any] struct {
	ctx     context.Context
	fetch   func(ctx context.Context, after string) (items []T, next string, err error)
	items   []T
	index   int
	after   string
	started bool
	done    bool
	err     error
}

// Next moves to the next item, fetching a page when needed; false at the end or on an error.
func (p *Pager[T]) Next() bool {
	for p.index+1 >= len(p.items) {
		if p.done || p.err != nil {
			return false
		}
		if p.started && p.after == "" {
			p.done = true
			return false
		}
		p.started = true
		items, next, err := p.fetch(p.ctx, p.after)
		if err != nil {
			p.err = err
			return false
		}
		p.items, p.index, p.after = items, -1, next
		if len(items) == 0 {
			p.done = true
			return false
		}
	}
	p.index++
	return true
}

// Current is the item Next moved to.
func (p *Pager[T]) Current() T { return p.items[p.index] }

// Err is the error that ended the iteration, if any.
func (p *Pager[T]) Err() error { return p.err }

func newPager[T any](ctx context.Context, after string, fetch func(context.Context, string) ([]T, string, error)) *Pager[T] {
	return &Pager[T]{ctx: ctx, fetch: fetch, after: after, index: -1}
}

func replayed(got *answer) bool { return got.header.Get("Idempotent-Replayed") == "true" }

func itoa(i int) string { return strconv.Itoa(i) }
