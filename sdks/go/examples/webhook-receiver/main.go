// A webhook receiver on net/http:
//
//	SVC_WEBHOOK_SECRET=whsec_… go run ./examples/webhook-receiver   # listens on :8000
//
// svcemail.WebhookHandler verifies each request on its raw body before anything else, answers
// 400 to one that fails, and 200 once the function returns: slow work belongs in a queue, since a
// receiver that takes more than 10 seconds is retried. Deliveries are at least once: dedupe on
// event.ID (also the X-Service-Delivery-Id header).
package main

import (
	"log"
	"net/http"
	"os"

	svcemail "github.com/svc-email/svc/sdks/go"
)

func main() {
	secret := os.Getenv("SVC_WEBHOOK_SECRET")
	if secret == "" {
		log.Fatal("set SVC_WEBHOOK_SECRET to the subscription's signing secret")
	}
	http.Handle("/webhooks/svc", svcemail.WebhookHandler(secret, func(event *svcemail.WebhookEvent, raw []byte, r *http.Request) error {
		log.Printf("%s %s for %s", event.ID, event.Data.Event.Type, event.Data.EmailID)
		return nil
	}))
	addr := ":" + os.Getenv("PORT")
	if addr == ":" {
		addr = ":8000"
	}
	log.Fatal(http.ListenAndServe(addr, nil))
}
