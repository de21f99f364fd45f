"""A webhook receiver on the standard library's HTTP server.

    SVC_WEBHOOK_SECRET=whsec_… python3 examples/webhook_receiver.py   # listens on :8000

It verifies each request on its raw body before anything else, answers 400 to one that fails
(and does nothing with it), and 200 at once to a genuine one: slow work belongs in a queue, since
a receiver that takes more than 10 seconds is retried. Deliveries are at least once: dedupe on the
body's ``id`` (also the X-Service-Delivery-Id header).
"""

import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Mapping

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from svc_email import WebhookVerificationError, construct_event  # noqa: E402

MAX_BODY_BYTES = 1_000_000


def make_handler(secret: Callable[[], str], on_event: Callable[[Mapping[str, Any], bytes, Any], None]):
    class WebhookHandler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_BODY_BYTES:
                self.send_error(413)
                return
            raw = self.rfile.read(length)
            try:
                event = construct_event(raw, self.headers, secret())
            except WebhookVerificationError as refused:
                # The reason is safe to log: it never holds the expected signature.
                self.send_response(400)
                self.end_headers()
                self.wfile.write(refused.reason.encode())
                return
            on_event(event, raw, self.headers)
            self.send_response(200)
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return WebhookHandler


if __name__ == "__main__":
    webhook_secret = os.environ["SVC_WEBHOOK_SECRET"]
    handler = make_handler(lambda: webhook_secret, lambda event, raw, headers: print(event["id"], event["data"]["event"]["type"]))
    ThreadingHTTPServer(("0.0.0.0", int(os.environ.get("PORT", "8000"))), handler).serve_forever()
