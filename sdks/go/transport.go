package svcemail

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	mathrand "math/rand"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// RetryPolicy says when and how long the client waits before trying a request again.
type RetryPolicy struct {
	// MaxRetries is the number of attempts after the first.
	MaxRetries int
	// BaseDelay is the first backoff; doubled on each retry, with full jitter.
	BaseDelay time.Duration
	// MaxDelay caps any single wait; a Retry-After beyond it is not waited for (the error is returned).
	MaxDelay time.Duration
}

// DefaultRetryPolicy is 3 retries from 500 ms, waits of at most 30 s.
var DefaultRetryPolicy = RetryPolicy{MaxRetries: 3, BaseDelay: 500 * time.Millisecond, MaxDelay: 30 * time.Second}

type transport struct {
	apiKey    string
	baseURL   string
	http      *http.Client
	retry     RetryPolicy
	userAgent string
}

type answer struct {
	status int
	header http.Header
	body   []byte
}

type request struct {
	operationID    string
	path           map[string]string
	query          url.Values
	body           any
	idempotencyKey string
}

// call sends one operation with retries: network failures (for operations safe to repeat), 5xx
// and retryable 429s are tried again after Retry-After when the server gave one, else after an
// exponential backoff. Anything else that is not 2xx is an *APIError.
func (t *transport) call(ctx context.Context, req request) (*answer, error) {
	op, ok := operations[req.operationID]
	if !ok {
		return nil, fmt.Errorf("svcemail: unknown operation %q", req.operationID)
	}
	target, err := t.url(op, req.path, req.query)
	if err != nil {
		return nil, err
	}
	var payload []byte
	if op.HasBody && req.body != nil {
		if payload, err = json.Marshal(req.body); err != nil {
			return nil, fmt.Errorf("svcemail: %s: encoding the body: %w", op.ID, err)
		}
	}
	idempotencyKey := req.idempotencyKey
	if op.IdempotencyKey && idempotencyKey == "" {
		// Generated once per logical call and sent on every retry: a send retried after a lost
		// answer is queued once.
		idempotencyKey = "sdk-" + randomID()
	}

	for retry := 0; ; retry++ {
		lastTry := retry >= t.retry.MaxRetries
		got, err := t.attempt(ctx, op, target, payload, idempotencyKey)
		if err != nil {
			var noAnswer *ConnectionError
			if ctx.Err() != nil || lastTry || !op.SafeToRepeat || !errors.As(err, &noAnswer) {
				return nil, err
			}
			if err := sleep(ctx, t.backoff(retry)); err != nil {
				return nil, err
			}
			continue
		}
		if got.status >= 200 && got.status < 300 {
			return got, nil
		}
		apiErr := toAPIError(got)
		if lastTry || !retryable(apiErr) {
			return nil, apiErr
		}
		wait := t.backoff(retry)
		if apiErr.RetryAfter != nil {
			wait = *apiErr.RetryAfter
		}
		if wait > t.retry.MaxDelay {
			return nil, apiErr
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

func (t *transport) attempt(ctx context.Context, op operation, target string, payload []byte, idempotencyKey string) (*answer, error) {
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, op.Method, target, body)
	if err != nil {
		return nil, fmt.Errorf("svcemail: %s: %w", op.ID, err)
	}
	if op.Response == "json" {
		req.Header.Set("Accept", "application/json")
	} else {
		req.Header.Set("Accept", "*/*")
	}
	req.Header.Set("User-Agent", t.userAgent)
	if op.Auth {
		req.Header.Set("Authorization", "Bearer "+t.apiKey)
	}
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}
	res, err := t.http.Do(req)
	if err != nil {
		return nil, noAnswer(op.Method, target, err)
	}
	defer res.Body.Close()
	// The body is read under the same deadline: a connection cut mid-answer is no answer.
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, noAnswer(op.Method, target, err)
	}
	return &answer{status: res.StatusCode, header: res.Header, body: data}, nil
}

func noAnswer(method, target string, err error) error {
	var netErr net.Error
	timeout := errors.As(err, &netErr) && netErr.Timeout()
	return &ConnectionError{Method: method, URL: target, Timeout: timeout, Err: err}
}

func (t *transport) url(op operation, path map[string]string, query url.Values) (string, error) {
	text := op.Path
	for _, name := range op.PathParams {
		value := path[name]
		if value == "" {
			return "", fmt.Errorf("svcemail: %s: the path parameter %q is required", op.ID, name)
		}
		text = strings.Replace(text, "{"+name+"}", url.PathEscape(value), 1)
	}
	allowed := map[string]bool{}
	for _, name := range op.QueryParams {
		allowed[name] = true
	}
	for name := range query {
		if !allowed[name] {
			return "", fmt.Errorf("svcemail: %s: unknown query parameter %q", op.ID, name)
		}
	}
	target := t.baseURL + text
	if encoded := query.Encode(); encoded != "" {
		target += "?" + encoded
	}
	return target, nil
}

// retryable: 5xx, and 429 unless it is the daily limit without a Retry-After (that resets tomorrow).
func retryable(err *APIError) bool {
	if err.StatusCode >= 500 {
		return true
	}
	if err.StatusCode == 429 {
		return err.Code != "daily_limit_reached" || err.RetryAfter != nil
	}
	return false
}

// backoff is exponential with full jitter: it spreads the retries of many clients after one outage.
func (t *transport) backoff(retry int) time.Duration {
	ceiling := math.Min(float64(t.retry.MaxDelay), float64(t.retry.BaseDelay)*math.Pow(2, float64(retry)))
	return time.Duration(mathrand.Float64() * ceiling)
}

// ParseRetryAfter reads Retry-After as delay-seconds or an HTTP date; nil when absent or unreadable.
func ParseRetryAfter(value string, now time.Time) *time.Duration {
	value = strings.TrimSpace(value)
	if value == "" {
		return nil
	}
	if seconds, err := strconv.ParseUint(value, 10, 32); err == nil {
		d := time.Duration(seconds) * time.Second
		return &d
	}
	if when, err := http.ParseTime(value); err == nil {
		d := when.Sub(now)
		if d < 0 {
			d = 0
		}
		return &d
	}
	return nil
}

func toAPIError(got *answer) *APIError {
	retryAfter := ParseRetryAfter(got.header.Get("Retry-After"), time.Now())
	var fields map[string]json.RawMessage
	if json.Unmarshal(got.body, &fields) == nil {
		var message, code string
		if json.Unmarshal(fields["error"], &message) == nil && json.Unmarshal(fields["code"], &code) == nil && message != "" && code != "" {
			delete(fields, "error")
			delete(fields, "code")
			return &APIError{StatusCode: got.status, Code: code, Message: message, RetryAfter: retryAfter, Details: fields}
		}
	}
	return &APIError{
		StatusCode: got.status,
		Code:       "unknown",
		Message:    fmt.Sprintf("HTTP %d without an API error body", got.status),
		RetryAfter: retryAfter,
	}
}

func sleep(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

func randomID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}

// decodeJSON decodes a 2xx answer; one that is not JSON did not come from the API (a captive
// portal, a proxy page) and is an *APIError with its status.
func decodeJSON(got *answer, into any) error {
	if len(got.body) == 0 {
		return nil
	}
	if err := json.Unmarshal(got.body, into); err != nil {
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) {
			return &APIError{StatusCode: got.status, Code: "unknown", Message: fmt.Sprintf("HTTP %d with a body that is not JSON", got.status)}
		}
		return fmt.Errorf("svcemail: decoding the answer: %w", err)
	}
	return nil
}
