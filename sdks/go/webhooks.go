package svcemail

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// The timestamp window a webhook must fall in: at most 300 s old, at most 30 s ahead.
const (
	MaxWebhookAge    = 300 * time.Second
	MaxWebhookFuture = 30 * time.Second
)

// Scheme is the signature scheme a webhook was verified with.
type Scheme string

const (
	// SchemeService is the service's own X-Service-Signature: hex HMAC-SHA256 of "<timestamp>.<raw body>".
	SchemeService Scheme = "service"
	// SchemeStandard is Standard Webhooks: webhook-signature "v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">".
	SchemeStandard Scheme = "standard"
)

// VerificationError says why a request is not a genuine, fresh webhook: answer it with a 4xx and
// do nothing else. Reason is one of missing_signature, missing_timestamp, missing_id,
// malformed_timestamp, timestamp_too_old, timestamp_in_future, malformed_signature,
// signature_mismatch, malformed_body. It never holds the expected signature.
type VerificationError struct {
	Reason  string
	Message string
}

func (e *VerificationError) Error() string { return "svcemail: webhook refused: " + e.Message }

func refuse(reason, format string, args ...any) error {
	return &VerificationError{Reason: reason, Message: fmt.Sprintf(format, args...)}
}

var (
	hexSignature    = regexp.MustCompile(`^[0-9a-fA-F]{64}$`)
	base64Signature = regexp.MustCompile(`^[A-Za-z0-9+/]{43}=$`)
	base64Body      = regexp.MustCompile(`^[A-Za-z0-9+/_-]+={0,2}$`)
	unixSeconds     = regexp.MustCompile(`^\d{1,12}$`)
)

// header reads a header sent once; multiple is true when it was sent more than once.
func header(h http.Header, name string) (value string, multiple bool) {
	values := h.Values(name)
	if len(values) > 1 {
		return "", true
	}
	if len(values) == 1 {
		return values[0], false
	}
	return "", false
}

// VerifySignature checks a webhook request's signature (either scheme, compared in constant
// time over the raw body) and its timestamp window, as of now.
func VerifySignature(rawBody []byte, h http.Header, secret string, now time.Time) (Scheme, error) {
	if secret == "" {
		return "", fmt.Errorf("svcemail: the webhook secret is required (whsec_…)")
	}
	serviceSignature, serviceTwice := header(h, "X-Service-Signature")
	standardSignatures, standardTwice := header(h, "Webhook-Signature")
	if serviceSignature == "" && !serviceTwice && (standardSignatures != "" || standardTwice) {
		if standardTwice {
			return "", refuse("malformed_signature", "The webhook-signature header is sent more than once.")
		}
		return verifyStandard(rawBody, h, standardSignatures, secret, now)
	}

	timestamp, timestampTwice := header(h, "X-Service-Timestamp")
	if serviceSignature == "" && !serviceTwice {
		return "", refuse("missing_signature", "The X-Service-Signature header is missing.")
	}
	if timestamp == "" && !timestampTwice {
		return "", refuse("missing_timestamp", "The X-Service-Timestamp header is missing.")
	}
	if _, err := checkTimestamp(timestamp, "X-Service-Timestamp", now); err != nil {
		return "", err
	}
	if !hexSignature.MatchString(serviceSignature) {
		return "", refuse("malformed_signature", "The X-Service-Signature header is not a hex HMAC-SHA256.")
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestamp + "."))
	mac.Write(rawBody)
	given, _ := hex.DecodeString(serviceSignature)
	if !hmac.Equal(mac.Sum(nil), given) {
		return "", refuse("signature_mismatch", "The signature does not match the body and timestamp for this secret.")
	}
	return SchemeService, nil
}

func verifyStandard(rawBody []byte, h http.Header, signatures, secret string, now time.Time) (Scheme, error) {
	id, idTwice := header(h, "Webhook-Id")
	timestamp, _ := header(h, "Webhook-Timestamp")
	if id == "" || idTwice {
		return "", refuse("missing_id", "The webhook-id header is missing.")
	}
	if timestamp == "" {
		return "", refuse("missing_timestamp", "The webhook-timestamp header is missing.")
	}
	seconds, err := checkTimestamp(timestamp, "webhook-timestamp", now)
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, standardKey(secret))
	mac.Write([]byte(id + "." + strconv.FormatInt(seconds, 10) + "."))
	mac.Write(rawBody)
	expected := mac.Sum(nil)
	wellFormed := false
	for _, versioned := range strings.Split(signatures, " ") {
		version, encoded, found := strings.Cut(versioned, ",")
		if !found || version != "v1" || !base64Signature.MatchString(encoded) {
			continue
		}
		wellFormed = true
		given, err := base64.StdEncoding.DecodeString(encoded)
		if err == nil && hmac.Equal(expected, given) {
			return SchemeStandard, nil
		}
	}
	if !wellFormed {
		return "", refuse("malformed_signature", "The webhook-signature header holds no v1 base64 HMAC-SHA256.")
	}
	return "", refuse("signature_mismatch", "The signature does not match the id, body and timestamp for this secret.")
}

// standardKey is the Standard Webhooks key: the bytes after whsec_ (either base64 alphabet), else the secret itself.
func standardKey(secret string) []byte {
	encoded := strings.TrimPrefix(secret, "whsec_")
	if encoded != secret && base64Body.MatchString(encoded) {
		normalized := strings.TrimRight(strings.NewReplacer("-", "+", "_", "/").Replace(encoded), "=")
		if key, err := base64.RawStdEncoding.DecodeString(normalized); err == nil && len(key) > 0 {
			return key
		}
	}
	return []byte(secret)
}

func checkTimestamp(value, name string, now time.Time) (int64, error) {
	if !unixSeconds.MatchString(value) {
		return 0, refuse("malformed_timestamp", "The %s header is not a Unix time in seconds.", name)
	}
	seconds, _ := strconv.ParseInt(value, 10, 64)
	age := now.Unix() - seconds
	if age > int64(MaxWebhookAge/time.Second) {
		return 0, refuse("timestamp_too_old", "The timestamp is %d seconds old; at most %d are accepted.", age, int64(MaxWebhookAge/time.Second))
	}
	if -age > int64(MaxWebhookFuture/time.Second) {
		return 0, refuse("timestamp_in_future", "The timestamp is %d seconds in the future; at most %d are accepted.", -age, int64(MaxWebhookFuture/time.Second))
	}
	return seconds, nil
}

// ConstructEvent verifies a webhook request as of now and decodes its body. Pass the raw body
// exactly as received: the signature covers those bytes.
func ConstructEvent(rawBody []byte, h http.Header, secret string) (*WebhookEvent, error) {
	return ConstructEventAt(rawBody, h, secret, time.Now())
}

// ConstructEventAt is ConstructEvent as of a given time.
func ConstructEventAt(rawBody []byte, h http.Header, secret string, now time.Time) (*WebhookEvent, error) {
	if _, err := VerifySignature(rawBody, h, secret, now); err != nil {
		return nil, err
	}
	var event WebhookEvent
	if err := json.Unmarshal(rawBody, &event); err != nil || event.ID == "" {
		return nil, refuse("malformed_body", "The webhook body is not a webhook event.")
	}
	return &event, nil
}

// MaxWebhookBodyBytes bounds what WebhookHandler reads of a request.
const MaxWebhookBodyBytes = 1 << 20

// WebhookHandler is an http.Handler for a webhook endpoint: it verifies each request on its raw
// body, answers 400 (with the reason) to one that fails and calls nothing, and otherwise calls
// handle and answers 200, or 500 when handle returns an error (the delivery is then retried).
// Deliveries are at least once: dedupe on event.ID (also X-Service-Delivery-Id).
func WebhookHandler(secret string, handle func(event *WebhookEvent, rawBody []byte, r *http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxWebhookBodyBytes))
		if err != nil {
			http.Error(w, "body too large or unreadable", http.StatusRequestEntityTooLarge)
			return
		}
		event, err := ConstructEvent(raw, r.Header, secret)
		if err != nil {
			if refused, ok := err.(*VerificationError); ok {
				http.Error(w, refused.Reason, http.StatusBadRequest)
				return
			}
			http.Error(w, "verification failed", http.StatusBadRequest)
			return
		}
		if err := handle(event, raw, r); err != nil {
			http.Error(w, "handler failed", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusOK)
	})
}
