package svcemail

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
)

// The offline scenarios and the transport's edges: no service needed.

func documentOperations(t *testing.T) map[string]string {
	t.Helper()
	file := os.Getenv("SVC_OPENAPI")
	if file == "" {
		file = filepath.Join("..", "..", "docs", "openapi.json")
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("reading the OpenAPI document: %v", err)
	}
	var document struct {
		Paths map[string]map[string]struct {
			OperationID string `json:"operationId"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(data, &document); err != nil {
		t.Fatal(err)
	}
	found := map[string]string{}
	for path, item := range document.Paths {
		for method, op := range item {
			switch method {
			case "get", "post", "put", "patch", "delete":
				found[op.OperationID] = strings.ToUpper(method) + " " + path
			}
		}
	}
	return found
}

type vectorCase struct {
	ID      string            `json:"id"`
	Headers map[string]string `json:"headers"`
	Body    string            `json:"body"`
	Secret  string            `json:"secret"`
	Now     int64             `json:"now"`
	Expect  string            `json:"expect"`
}

func TestOffline(t *testing.T) {
	t.Run("coverage", func(t *testing.T) {
		documented := documentOperations(t)
		if len(documented) < 30 {
			t.Fatalf("only %d operations in the document", len(documented))
		}
		client, err := NewClient("svc_test_x", "http://127.0.0.1:9")
		if err != nil {
			t.Fatal(err)
		}
		var missing []string
		for id := range documented {
			method, ok := operationMethods[id]
			if !ok || !hasMethod(client, method) {
				missing = append(missing, id)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("operations without an SDK method: %v", missing)
		}
		generated := map[string]string{}
		for id, op := range operations {
			generated[id] = op.Method + " " + op.Path
		}
		if !reflect.DeepEqual(generated, documented) {
			t.Errorf("the generated table differs from docs/openapi.json: run pnpm openapi")
		}
	})

	t.Run("webhook-vectors", func(t *testing.T) {
		data, err := os.ReadFile(filepath.Join("..", "conformance", "webhook-vectors.json"))
		if err != nil {
			t.Fatal(err)
		}
		var vectors struct{ Cases []vectorCase }
		if err := json.Unmarshal(data, &vectors); err != nil {
			t.Fatal(err)
		}
		if len(vectors.Cases) < 10 {
			t.Fatalf("only %d cases", len(vectors.Cases))
		}
		for _, c := range vectors.Cases {
			h := http.Header{}
			for name, value := range c.Headers {
				h.Set(name, value)
			}
			now := time.Unix(c.Now, 0)
			if c.Expect == "service" || c.Expect == "standard" {
				scheme, err := VerifySignature([]byte(c.Body), h, c.Secret, now)
				if err != nil || string(scheme) != c.Expect {
					t.Errorf("%s: got %q, %v; want %s", c.ID, scheme, err, c.Expect)
				}
				continue
			}
			_, err := ConstructEventAt([]byte(c.Body), h, c.Secret, now)
			var refused *VerificationError
			if !errors.As(err, &refused) || refused.Reason != c.Expect {
				t.Errorf("%s: got %v; want a refusal for %s", c.ID, err, c.Expect)
				continue
			}
			mac := hmac.New(sha256.New, []byte(c.Secret))
			mac.Write([]byte(c.Headers["X-Service-Timestamp"] + "." + c.Body))
			if strings.Contains(err.Error(), hex.EncodeToString(mac.Sum(nil))) {
				t.Errorf("%s: the error holds the expected signature", c.ID)
			}
		}
	})
}

func hasMethod(client *Client, path string) bool {
	service, method, ok := strings.Cut(path, ".")
	if !ok {
		return false
	}
	field := reflect.ValueOf(client).Elem().FieldByName(service)
	return field.IsValid() && field.MethodByName(method).IsValid()
}

func TestTransport(t *testing.T) {
	var seen []string
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, r.URL.EscapedPath())
		switch {
		case strings.HasSuffix(r.URL.Path, "/redirect"):
			http.Redirect(w, r, "http://127.0.0.1:9/elsewhere", http.StatusFound)
		case strings.HasSuffix(r.URL.Path, "/html-ok"):
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte("<html>Sign in to the Wi-Fi</html>"))
		default:
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusBadGateway)
			_, _ = w.Write([]byte("<html><body>502 Bad Gateway</body></html>"))
		}
	}))
	defer server.Close()
	client, err := NewClient("svc_test_secretkey", server.URL, WithRetryPolicy(RetryPolicy{MaxRetries: 1, BaseDelay: 10 * time.Millisecond, MaxDelay: time.Second}))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	_, err = client.Emails.Get(ctx, "email_x")
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 502 || apiErr.Code != "unknown" || strings.Contains(err.Error(), "secretkey") {
		t.Errorf("an HTML 502: got %v", err)
	}
	_, err = client.Emails.Get(ctx, "html-ok")
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 200 || apiErr.Code != "unknown" {
		t.Errorf("a 2xx that is not JSON: got %v", err)
	}
	_, err = client.Emails.Get(ctx, "redirect")
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 302 {
		t.Errorf("a redirect: got %v", err)
	}
	seen = nil
	_, _ = client.Emails.Get(ctx, "a/b?c")
	if len(seen) == 0 || seen[0] != "/emails/a%2Fb%3Fc" {
		t.Errorf("path escaping: got %v", seen)
	}
	if _, err := NewClient("", server.URL); !errors.Is(err, ErrMissingAPIKey) {
		t.Errorf("no key: got %v", err)
	}
	closed, _ := NewClient("svc_test_x", "http://127.0.0.1:9", WithRetryPolicy(RetryPolicy{MaxRetries: 1, BaseDelay: time.Millisecond, MaxDelay: time.Second}))
	var noAnswer *ConnectionError
	if _, err := closed.Emails.Get(ctx, "email_x"); !errors.As(err, &noAnswer) {
		t.Errorf("a refused connection: got %v", err)
	}
	if d := ParseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", time.Date(2015, 10, 21, 7, 27, 50, 0, time.UTC)); d == nil || *d != 10*time.Second {
		t.Errorf("an HTTP-date Retry-After: got %v", d)
	}
}
