//go:build conformance

package svcemail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// The conformance scenarios (sdks/conformance/scenarios.json) against the real service, run by
// sdks/test/conformance.test.ts with `go test -tags conformance`. Without its environment every
// scenario fails: one that cannot run is never a pass.

type conformanceEnv struct {
	baseURL, proxyURL, domain string
	keys                      map[string]string
}

func loadEnv(t *testing.T) conformanceEnv {
	t.Helper()
	get := func(name string) string {
		value := os.Getenv(name)
		if value == "" {
			t.Fatalf("%s is not set: the conformance tests run from sdks/test/conformance.test.ts", name)
		}
		return value
	}
	return conformanceEnv{
		baseURL:  get("SVC_CONFORMANCE_BASE_URL"),
		proxyURL: get("SVC_CONFORMANCE_PROXY_URL"),
		domain:   get("SVC_CONFORMANCE_DOMAIN"),
		keys: map[string]string{
			"send-only":   get("SVC_CONFORMANCE_KEY_SEND_ONLY"),
			"read-only":   get("SVC_CONFORMANCE_KEY_READ_ONLY"),
			"full-access": get("SVC_CONFORMANCE_KEY_FULL_ACCESS"),
		},
	}
}

func newToken() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

type seenRequest struct {
	Method         string `json:"method"`
	Path           string `json:"path"`
	IdempotencyKey string `json:"idempotencyKey"`
	At             int64  `json:"at"`
	Status         int    `json:"status"`
}

func (e conformanceEnv) seen(t *testing.T, token, method string) []seenRequest {
	t.Helper()
	res, err := http.Get(e.proxyURL + "/_seen/" + token)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var all, matching []seenRequest
	if err := json.NewDecoder(res.Body).Decode(&all); err != nil {
		t.Fatal(err)
	}
	for _, r := range all {
		if method == "" || r.Method == method {
			matching = append(matching, r)
		}
	}
	return matching
}

func (e conformanceEnv) client(t *testing.T, scope, baseURL string, options ...Option) *Client {
	t.Helper()
	if baseURL == "" {
		baseURL = e.baseURL
	}
	client, err := NewClient(e.keys[scope], baseURL, options...)
	if err != nil {
		t.Fatal(err)
	}
	return client
}

func (e conformanceEnv) email(to ...string) SendEmailRequest {
	if len(to) == 0 {
		to = []string{"someone@example.org"}
	}
	return SendEmailRequest{From: "Conformance <hello@" + e.domain + ">", To: to, Subject: String("go " + newToken()), Text: String("Hi")}
}

func expectAPIError(t *testing.T, err error, status int, code string) *APIError {
	t.Helper()
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != status || apiErr.Code != code {
		t.Fatalf("got %v; want an *APIError %d %s", err, status, code)
	}
	return apiErr
}

var noRetries = WithRetryPolicy(RetryPolicy{MaxRetries: 0, BaseDelay: time.Millisecond, MaxDelay: time.Second})

func TestConformance(t *testing.T) {
	env := loadEnv(t)
	ctx := context.Background()

	t.Run("missing-api-key", func(t *testing.T) {
		token := newToken()
		_, err := NewClient("", env.proxyURL+"/pass/"+token)
		if !errors.Is(err, ErrMissingAPIKey) || !strings.Contains(err.Error(), "API key") {
			t.Fatalf("got %v", err)
		}
		if seen := env.seen(t, token, ""); len(seen) != 0 {
			t.Fatalf("the proxy saw %v", seen)
		}
	})

	t.Run("send-and-read", func(t *testing.T) {
		message := env.email()
		sent, err := env.client(t, "send-only", "").Emails.Send(ctx, message)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(sent.ID, "email_") || sent.Status != "queued" || sent.Replayed {
			t.Fatalf("sent %+v", sent)
		}
		read, err := env.client(t, "read-only", "").Emails.Get(ctx, sent.ID)
		if err != nil {
			t.Fatal(err)
		}
		if read.ID != sent.ID || read.Subject != *message.Subject || strings.Join(read.To, ",") != "someone@example.org" {
			t.Fatalf("read %+v", read)
		}
	})

	t.Run("batch-strict", func(t *testing.T) {
		recipient := "strict-" + newToken() + "@example.org"
		_, err := env.client(t, "send-only", "").Emails.Batch(ctx, []SendEmailRequest{env.email(recipient), env.email("not-an-address")}, BatchStrict)
		apiErr := expectAPIError(t, err, 422, "validation_failed")
		refused := apiErr.BatchErrors()
		if len(refused) != 1 || refused[0].Index != 1 || refused[0].Code != "validation_failed" {
			t.Fatalf("refused %+v", refused)
		}
		page, err := env.client(t, "read-only", "").Emails.ListPage(ctx, ListEmailsParams{To: recipient})
		if err != nil || len(page) != 0 {
			t.Fatalf("sent anyway: %v %v", page, err)
		}
	})

	t.Run("batch-permissive", func(t *testing.T) {
		result, err := env.client(t, "send-only", "").Emails.Batch(ctx, []SendEmailRequest{env.email(), env.email("not-an-address")}, BatchPermissive)
		if err != nil {
			t.Fatal(err)
		}
		first, second := result.Entries[0], result.Entries[1]
		if first.ID == nil || !strings.HasPrefix(*first.ID, "email_") || *first.Status != "queued" {
			t.Fatalf("first %+v", first)
		}
		if second.Code == nil || *second.Code != "validation_failed" || second.Error == nil {
			t.Fatalf("second %+v", second)
		}
	})

	t.Run("schedule-and-cancel", func(t *testing.T) {
		emails := env.client(t, "full-access", "").Emails
		message := env.email()
		message.ScheduledAt = String(time.Now().Add(time.Hour).UTC().Format(time.RFC3339))
		scheduled, err := emails.Send(ctx, message)
		if err != nil || scheduled.Status != "scheduled" {
			t.Fatalf("scheduled %+v %v", scheduled, err)
		}
		later := time.Now().Add(2 * time.Hour).Truncate(time.Second)
		moved, err := emails.Reschedule(ctx, scheduled.ID, later)
		if err != nil || moved.Status != "scheduled" || moved.ScheduledAt == nil {
			t.Fatalf("moved %+v %v", moved, err)
		}
		if at, _ := time.Parse(time.RFC3339, *moved.ScheduledAt); !at.Equal(later) {
			t.Fatalf("moved to %s; want %s", *moved.ScheduledAt, later)
		}
		canceled, err := emails.Cancel(ctx, scheduled.ID)
		if err != nil || canceled.Status != "canceled" {
			t.Fatalf("canceled %+v %v", canceled, err)
		}
		read, err := emails.Get(ctx, scheduled.ID)
		if err != nil || read.Status != "canceled" {
			t.Fatalf("read %+v %v", read, err)
		}
		_, err = emails.Cancel(ctx, scheduled.ID)
		expectAPIError(t, err, 409, "conflict")
	})

	t.Run("list-pages", func(t *testing.T) {
		recipient := "list-" + newToken() + "@example.org"
		var ids []string
		for i := 0; i < 5; i++ {
			sent, err := env.client(t, "send-only", "").Emails.Send(ctx, env.email(recipient))
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, sent.ID)
		}
		token := newToken()
		var listed, created []string
		for it := env.client(t, "full-access", env.proxyURL+"/pass/"+token).Emails.List(ctx, ListEmailsParams{To: recipient, Limit: 2}); it.Next(); {
			listed = append(listed, it.Current().ID)
			created = append(created, it.Current().CreatedAt)
		}
		sorted := append([]string(nil), listed...)
		sort.Strings(sorted)
		sort.Strings(ids)
		if strings.Join(sorted, ",") != strings.Join(ids, ",") {
			t.Fatalf("listed %v; sent %v", listed, ids)
		}
		if !sort.SliceIsSorted(created, func(i, j int) bool { return created[i] > created[j] }) {
			t.Fatalf("not newest first: %v", created)
		}
		if pages := env.seen(t, token, "GET"); len(pages) != 3 {
			t.Fatalf("%d pages; want 3", len(pages))
		}
	})

	t.Run("retry-503-same-key", func(t *testing.T) {
		token := newToken()
		recipient := "retry-" + token + "@example.org"
		client := env.client(t, "full-access", env.proxyURL+"/503-once/"+token, WithRetryPolicy(RetryPolicy{MaxRetries: 3, BaseDelay: 50 * time.Millisecond, MaxDelay: 5 * time.Second}))
		sent, err := client.Emails.Send(ctx, env.email(recipient))
		if err != nil {
			t.Fatal(err)
		}
		posts := env.seen(t, token, "POST")
		if len(posts) != 2 || posts[0].Status != 503 || posts[1].Status != 202 {
			t.Fatalf("posts %+v", posts)
		}
		if posts[0].IdempotencyKey == "" || posts[0].IdempotencyKey != posts[1].IdempotencyKey {
			t.Fatalf("keys %q and %q", posts[0].IdempotencyKey, posts[1].IdempotencyKey)
		}
		page, err := env.client(t, "read-only", "").Emails.ListPage(ctx, ListEmailsParams{To: recipient})
		if err != nil || len(page) != 1 || page[0].ID != sent.ID {
			t.Fatalf("emails %v %v", page, err)
		}
	})

	t.Run("retry-429-retry-after", func(t *testing.T) {
		token := newToken()
		sent, err := env.client(t, "send-only", env.proxyURL+"/429-once/"+token).Emails.Send(ctx, env.email())
		if err != nil || sent.Status != "queued" {
			t.Fatalf("sent %+v %v", sent, err)
		}
		posts := env.seen(t, token, "POST")
		if len(posts) != 2 || posts[0].Status != 429 || posts[1].Status != 202 || posts[0].IdempotencyKey != posts[1].IdempotencyKey {
			t.Fatalf("posts %+v", posts)
		}
		if waited := posts[1].At - posts[0].At; waited < 990 {
			t.Fatalf("waited %d ms; Retry-After said 1 s", waited)
		}
	})

	t.Run("retry-dropped-connection", func(t *testing.T) {
		token := newToken()
		recipient := "dropped-" + token + "@example.org"
		client := env.client(t, "full-access", env.proxyURL+"/drop-once/"+token, WithRetryPolicy(RetryPolicy{MaxRetries: 3, BaseDelay: 50 * time.Millisecond, MaxDelay: 5 * time.Second}))
		sent, err := client.Emails.Send(ctx, env.email(recipient))
		if err != nil {
			t.Fatal(err)
		}
		if !sent.Replayed {
			t.Fatalf("sent %+v; want the stored result of the first attempt", sent)
		}
		posts := env.seen(t, token, "POST")
		if len(posts) != 2 || posts[0].Status != 0 || posts[1].Status != 202 || posts[0].IdempotencyKey != posts[1].IdempotencyKey {
			t.Fatalf("posts %+v", posts)
		}
		page, err := env.client(t, "read-only", "").Emails.ListPage(ctx, ListEmailsParams{To: recipient})
		if err != nil || len(page) != 1 || page[0].ID != sent.ID {
			t.Fatalf("emails %v %v", page, err)
		}
	})

	t.Run("non-json-error", func(t *testing.T) {
		_, err := env.client(t, "read-only", env.proxyURL+"/html-502/"+newToken(), noRetries).Emails.ListPage(ctx, ListEmailsParams{})
		expectAPIError(t, err, 502, "unknown")
	})

	t.Run("error-401", func(t *testing.T) {
		client, _ := NewClient("svc_live_"+strings.Repeat("x", 32), env.baseURL)
		_, err := client.Emails.ListPage(ctx, ListEmailsParams{})
		expectAPIError(t, err, 401, "unauthorized")
	})

	t.Run("error-403", func(t *testing.T) {
		_, err := env.client(t, "send-only", "").APIKeys.List(ctx)
		expectAPIError(t, err, 403, "forbidden")
	})

	t.Run("dmarc", func(t *testing.T) {
		dmarc := env.client(t, "read-only", "").DMARC
		page, err := dmarc.ListReportsPage(ctx, ListDMARCReportsParams{Domain: "example.org"})
		if err != nil || len(page.Data) != 0 || page.NextCursor != nil {
			t.Fatalf("page %+v, %v", page, err)
		}
		it := dmarc.ListReports(ctx, ListDMARCReportsParams{Domain: "example.org", Limit: 1})
		for it.Next() {
			t.Fatalf("listed %+v", it.Current())
		}
		if err := it.Err(); err != nil {
			t.Fatal(err)
		}
		_, err = dmarc.GetReport(ctx, "dmr_doesnotexist")
		expectAPIError(t, err, 404, "not_found")
		summary, err := dmarc.Summary(ctx, SummarizeDMARCParams{From: "2026-01-01T00:00:00Z", To: "2026-01-08T00:00:00Z"})
		if err != nil || summary.From != "2026-01-01T00:00:00.000Z" || summary.To != "2026-01-08T00:00:00.000Z" ||
			summary.Totals != (SummarizeDMARCResponseTotals{}) || len(summary.Sources)+len(summary.Daily)+len(summary.Refused) != 0 {
			t.Fatalf("summary %+v, %v", summary, err)
		}
	})

	t.Run("topic-suppressions", func(t *testing.T) {
		address := "go+x/y?z@example.org"
		var listed []string
		it := env.client(t, "read-only", "").Suppressions.ListTopics(ctx, ListTopicSuppressionsParams{Address: "go+", Limit: 1})
		for it.Next() {
			listed = append(listed, it.Current().Topic+" "+it.Current().Address)
		}
		if err := it.Err(); err != nil {
			t.Fatal(err)
		}
		if want := "digest " + address + ",news.letter " + address; strings.Join(listed, ",") != want {
			t.Fatalf("listed %v; want %s", listed, want)
		}
		suppressions := env.client(t, "full-access", "").Suppressions
		removed, err := suppressions.RemoveTopic(ctx, "news.letter", address)
		if err != nil || removed.Topic != "news.letter" || removed.Address != address {
			t.Fatalf("removed %+v, %v", removed, err)
		}
		_, err = suppressions.RemoveTopic(ctx, "news.letter", address)
		expectAPIError(t, err, 404, "not_found")
		page, err := suppressions.ListTopicsPage(ctx, ListTopicSuppressionsParams{Address: "go+"})
		if err != nil || len(page) != 1 || page[0].Topic != "digest" {
			t.Fatalf("left %+v, %v", page, err)
		}
	})

	t.Run("error-404", func(t *testing.T) {
		_, err := env.client(t, "read-only", "").Emails.Get(ctx, "email_doesnotexist")
		expectAPIError(t, err, 404, "not_found")
	})

	t.Run("error-422", func(t *testing.T) {
		message := env.email()
		message.To = []string{}
		_, err := env.client(t, "send-only", "").Emails.Send(ctx, message)
		expectAPIError(t, err, 422, "validation_failed")
	})

	t.Run("error-429", func(t *testing.T) {
		_, err := env.client(t, "read-only", env.proxyURL+"/429-always/"+newToken(), noRetries).Emails.ListPage(ctx, ListEmailsParams{})
		apiErr := expectAPIError(t, err, 429, "rate_limited")
		if apiErr.RetryAfter == nil || *apiErr.RetryAfter != time.Second {
			t.Fatalf("retry after %v", apiErr.RetryAfter)
		}
	})

	t.Run("webhook-delivery", func(t *testing.T) {
		type delivery struct {
			event  *WebhookEvent
			raw    []byte
			header http.Header
		}
		deliveries := make(chan delivery, 4)
		var mu sync.Mutex
		var handler http.Handler = http.NotFoundHandler()
		server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			h := handler
			mu.Unlock()
			h.ServeHTTP(w, r)
		}))
		defer server.Close()
		webhooks := env.client(t, "full-access", "").Webhooks
		subscription, err := webhooks.Create(ctx, CreateWebhookSubscriptionRequest{URL: server.URL + "/hook", Events: []string{"delivered"}})
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = webhooks.Delete(ctx, subscription.ID) }()
		mu.Lock()
		handler = WebhookHandler(subscription.Secret, func(event *WebhookEvent, raw []byte, r *http.Request) error {
			deliveries <- delivery{event, raw, r.Header.Clone()}
			return nil
		})
		mu.Unlock()
		sent, err := webhooks.Test(ctx, subscription.ID, EventTypeDelivered)
		if err != nil {
			t.Fatal(err)
		}
		var got delivery
		select {
		case got = <-deliveries:
		case <-time.After(30 * time.Second):
			t.Fatal("no delivery within 30 s")
		}
		if got.event.ID != sent.ID || got.event.Data.Event.Type != EventTypeDelivered {
			t.Fatalf("event %+v", got.event)
		}
		only := func(prefix string) http.Header {
			h := http.Header{}
			for name, values := range got.header {
				if strings.HasPrefix(strings.ToLower(name), prefix) {
					h[name] = values
				}
			}
			return h
		}
		service, standard := only("x-service-"), only("webhook-")
		if scheme, err := VerifySignature(got.raw, service, subscription.Secret, time.Now()); err != nil || scheme != SchemeService {
			t.Fatalf("service scheme: %v %v", scheme, err)
		}
		if scheme, err := VerifySignature(got.raw, standard, subscription.Secret, time.Now()); err != nil || scheme != SchemeStandard {
			t.Fatalf("standard scheme: %v %v", scheme, err)
		}
		tampered := []byte(strings.Replace(string(got.raw), "delivered", "bounced", 1))
		for _, c := range []struct {
			body   []byte
			header http.Header
			secret string
		}{{tampered, service, subscription.Secret}, {tampered, standard, subscription.Secret}, {got.raw, service, "whsec_" + strings.Repeat("A", 43)}} {
			_, err := ConstructEvent(c.body, c.header, c.secret)
			var refused *VerificationError
			if !errors.As(err, &refused) || refused.Reason != "signature_mismatch" {
				t.Fatalf("got %v; want signature_mismatch", err)
			}
			for _, values := range got.header {
				for _, value := range values {
					if len(value) > 20 && strings.Contains(err.Error(), value) {
						t.Fatalf("the error holds a header value: %v", err)
					}
				}
			}
		}
	})
}
