package svcemail

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// ErrMissingAPIKey is returned by NewClient without an API key: nothing is sent without one.
var ErrMissingAPIKey = errors.New("svcemail: no API key: pass one to NewClient (svc_live_… or svc_test_…)")

// APIError is an error answer from the API or from a proxy in front of it.
// Match on Code (stable), not on Message.
type APIError struct {
	// StatusCode is the HTTP status.
	StatusCode int
	// Code is the API's machine code (not_found, validation_failed, …), or "unknown" when the
	// answer was not the API's {"error", "code"} body (a proxy's HTML page, say).
	Code string
	// Message is the API's human-readable message.
	Message string
	// RetryAfter is the answer's Retry-After, when it had one.
	RetryAfter *time.Duration
	// Details holds the rest of the error body: "errors" lists every refused email of a strict batch.
	Details map[string]json.RawMessage
}

func (e *APIError) Error() string {
	return fmt.Sprintf("svcemail: %s (HTTP %d, %s)", e.Message, e.StatusCode, e.Code)
}

// BatchErrors are the refused emails of a strict batch, by their index in the request.
func (e *APIError) BatchErrors() []ErrorError {
	var refused []ErrorError
	if raw, ok := e.Details["errors"]; ok {
		_ = json.Unmarshal(raw, &refused)
	}
	return refused
}

// ConnectionError means no answer: the connection failed, was cut, or timed out.
type ConnectionError struct {
	Method  string
	URL     string
	Timeout bool
	Err     error
}

func (e *ConnectionError) Error() string {
	if e.Timeout {
		return fmt.Sprintf("svcemail: no answer from %s %s in time", e.Method, e.URL)
	}
	return fmt.Sprintf("svcemail: %s %s failed: %v", e.Method, e.URL, e.Err)
}

func (e *ConnectionError) Unwrap() error { return e.Err }

// IsStatus reports whether err is an APIError with this HTTP status.
func IsStatus(err error, status int) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode == status
}

// IsCode reports whether err is an APIError with this machine code.
func IsCode(err error, code string) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.Code == code
}
