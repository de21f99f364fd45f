"""The conformance scenarios (sdks/conformance/scenarios.json) against the real service.

Run by sdks/test/conformance.test.ts, which starts the API and the dispatcher, makes a workspace
and hands its keys over in the environment. Without that environment every test errors: a
scenario that cannot run is never a pass.
"""

import json
import os
import queue
import sys
import threading
import time
import unittest
import urllib.request
import uuid
from datetime import datetime, timedelta, timezone
from http.server import ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "examples"))

import svc_email  # noqa: E402
from webhook_receiver import make_handler  # noqa: E402


def env(name):
    value = os.environ.get(name)
    if not value:
        raise RuntimeError(f"{name} is not set: the conformance tests run from sdks/test/conformance.test.ts")
    return value


def token():
    return uuid.uuid4().hex[:12]


class Conformance(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.base_url = env("SVC_CONFORMANCE_BASE_URL")
        cls.proxy_url = env("SVC_CONFORMANCE_PROXY_URL")
        cls.domain = env("SVC_CONFORMANCE_DOMAIN")
        cls.keys = {
            "send-only": env("SVC_CONFORMANCE_KEY_SEND_ONLY"),
            "read-only": env("SVC_CONFORMANCE_KEY_READ_ONLY"),
            "full-access": env("SVC_CONFORMANCE_KEY_FULL_ACCESS"),
        }

    def client(self, scope="full-access", base_url=None, **options):
        return svc_email.Client(self.keys[scope], base_url or self.base_url, **options)

    def through_proxy(self, fault):
        tok = token()
        return f"{self.proxy_url}/{fault}/{tok}", tok

    def seen(self, tok):
        with urllib.request.urlopen(f"{self.proxy_url}/_seen/{tok}") as answer:
            return json.load(answer)

    def email(self, **fields):
        message = {
            "from": f"Conformance <hello@{self.domain}>",
            "to": ["someone@example.org"],
            "subject": f"python {uuid.uuid4().hex}",
            "text": "Hi",
        }
        message.update(fields)
        return message

    def test_missing_api_key(self):
        url, tok = self.through_proxy("pass")
        saved = os.environ.pop("SVC_API_KEY", None)
        try:
            with self.assertRaises(svc_email.SvcError) as caught:
                svc_email.Client(None, url).emails.send(self.email())
            self.assertIn("API key", str(caught.exception))
        finally:
            if saved is not None:
                os.environ["SVC_API_KEY"] = saved
        self.assertEqual(self.seen(tok), [])

    def test_send_and_read(self):
        message = self.email()
        sent = self.client("send-only").emails.send(message)
        self.assertTrue(sent["id"].startswith("email_"))
        self.assertEqual(sent["status"], "queued")
        self.assertFalse(sent["replayed"])
        read = self.client("read-only").emails.get(sent["id"])
        self.assertEqual((read["id"], read["subject"], read["to"]), (sent["id"], message["subject"], message["to"]))

    def mixed_batch(self, recipient="someone@example.org"):
        return [self.email(to=[recipient]), self.email(to=["not-an-address"])]

    def test_batch_strict(self):
        recipient = f"strict-{token()}@example.org"
        batch = self.mixed_batch(recipient)
        with self.assertRaises(svc_email.UnprocessableEntityError) as caught:
            self.client("send-only").emails.batch(batch)
        error = caught.exception
        self.assertEqual((error.status, error.code), (422, "validation_failed"))
        self.assertEqual([(e["index"], e["code"]) for e in error.details["errors"]], [(1, "validation_failed")])
        self.assertEqual(list(self.client().emails.list(to=recipient)), [])

    def test_batch_permissive(self):
        result = self.client("send-only").emails.batch(self.mixed_batch(), mode="permissive")
        first, second = result["entries"]
        self.assertTrue(first["id"].startswith("email_"))
        self.assertEqual(first["status"], "queued")
        self.assertEqual(second["code"], "validation_failed")
        self.assertIsInstance(second["error"], str)

    def test_schedule_and_cancel(self):
        emails = self.client().emails
        in_an_hour = datetime.now(timezone.utc) + timedelta(hours=1)
        scheduled = emails.send(self.email(scheduledAt=in_an_hour.isoformat()))
        self.assertEqual(scheduled["status"], "scheduled")
        later = (datetime.now(timezone.utc) + timedelta(hours=2)).replace(microsecond=0)
        moved = emails.reschedule(scheduled["id"], later)
        self.assertEqual(moved["status"], "scheduled")
        self.assertEqual(datetime.fromisoformat(moved["scheduledAt"].replace("Z", "+00:00")), later)
        self.assertEqual(emails.cancel(scheduled["id"])["status"], "canceled")
        self.assertEqual(emails.get(scheduled["id"])["status"], "canceled")
        with self.assertRaises(svc_email.ConflictError) as caught:
            emails.cancel(scheduled["id"])
        self.assertEqual((caught.exception.status, caught.exception.code), (409, "conflict"))

    def test_list_pages(self):
        recipient = f"list-{token()}@example.org"
        sender = self.client("send-only")
        ids = [sender.emails.send(self.email(to=[recipient]))["id"] for _ in range(5)]
        url, tok = self.through_proxy("pass")
        listed = [email["id"] for email in self.client(base_url=url).emails.list(to=recipient, page_size=2)]
        self.assertEqual(sorted(listed), sorted(ids))
        self.assertEqual(len(set(listed)), 5)
        created = [self.client().emails.get(i)["createdAt"] for i in listed]
        self.assertEqual(created, sorted(created, reverse=True))
        pages = [r for r in self.seen(tok) if r["method"] == "GET"]
        self.assertEqual(len(pages), 3)

    def test_retry_503_same_key(self):
        url, tok = self.through_proxy("503-once")
        recipient = f"retry-{tok}@example.org"
        sent = self.client(base_url=url, retry_base_delay=0.05).emails.send(self.email(to=[recipient]))
        posts = [r for r in self.seen(tok) if r["method"] == "POST"]
        self.assertEqual([r["status"] for r in posts], [503, 202])
        self.assertEqual(posts[0]["idempotencyKey"], posts[1]["idempotencyKey"])
        self.assertTrue(posts[0]["idempotencyKey"])
        self.assertEqual([e["id"] for e in self.client().emails.list(to=recipient)], [sent["id"]])

    def test_retry_429_retry_after(self):
        url, tok = self.through_proxy("429-once")
        sent = self.client("send-only", base_url=url).emails.send(self.email())
        self.assertEqual(sent["status"], "queued")
        posts = [r for r in self.seen(tok) if r["method"] == "POST"]
        self.assertEqual([r["status"] for r in posts], [429, 202])
        self.assertEqual(posts[0]["idempotencyKey"], posts[1]["idempotencyKey"])
        self.assertGreaterEqual(posts[1]["at"] - posts[0]["at"], 990)

    def test_retry_dropped_connection(self):
        url, tok = self.through_proxy("drop-once")
        recipient = f"dropped-{tok}@example.org"
        sent = self.client(base_url=url, retry_base_delay=0.05).emails.send(self.email(to=[recipient]))
        self.assertTrue(sent["replayed"])
        posts = [r for r in self.seen(tok) if r["method"] == "POST"]
        self.assertEqual([r["status"] for r in posts], [None, 202])
        self.assertEqual(posts[0]["idempotencyKey"], posts[1]["idempotencyKey"])
        self.assertEqual([e["id"] for e in self.client().emails.list(to=recipient)], [sent["id"]])

    def test_non_json_error(self):
        url, _ = self.through_proxy("html-502")
        with self.assertRaises(svc_email.ApiError) as caught:
            self.client("read-only", base_url=url, max_retries=0).emails.list_page()
        self.assertEqual((caught.exception.status, caught.exception.code), (502, "unknown"))

    def test_error_401(self):
        with self.assertRaises(svc_email.AuthenticationError) as caught:
            svc_email.Client("svc_live_" + "x" * 32, self.base_url).emails.list_page()
        self.assertEqual((caught.exception.status, caught.exception.code), (401, "unauthorized"))

    def test_error_403(self):
        with self.assertRaises(svc_email.PermissionDeniedError) as caught:
            self.client("send-only").api_keys.list()
        self.assertEqual((caught.exception.status, caught.exception.code), (403, "forbidden"))

    def test_dmarc(self):
        dmarc = self.client("read-only").dmarc
        self.assertEqual(dmarc.list_reports_page(domain="example.org"), {"data": [], "nextCursor": None})
        self.assertEqual(list(dmarc.list_reports(domain="example.org", page_size=1)), [])
        with self.assertRaises(svc_email.NotFoundError) as caught:
            dmarc.get_report("dmr_doesnotexist")
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "not_found"))
        summary = dmarc.summary(from_="2026-01-01T00:00:00Z", to="2026-01-08T00:00:00Z")
        self.assertEqual((summary["from"], summary["to"]), ("2026-01-01T00:00:00.000Z", "2026-01-08T00:00:00.000Z"))
        self.assertEqual(summary["totals"], {"messages": 0, "aligned": 0, "notAligned": 0})
        self.assertEqual((summary["sources"], summary["daily"], summary["refused"]), ([], [], {}))

    def test_topic_suppressions(self):
        address = "python+x/y?z@example.org"
        listed = [(e["topic"], e["address"]) for e in self.client("read-only").suppressions.list_topics(address="python+", page_size=1)]
        self.assertEqual(listed, [("digest", address), ("news.letter", address)])
        suppressions = self.client().suppressions
        removed = suppressions.remove_topic("news.letter", address)
        self.assertEqual((removed["topic"], removed["address"]), ("news.letter", address))
        with self.assertRaises(svc_email.NotFoundError) as caught:
            suppressions.remove_topic("news.letter", address)
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "not_found"))
        self.assertEqual([e["topic"] for e in suppressions.list_topics_page(address="python+")], ["digest"])

    def test_error_404(self):
        with self.assertRaises(svc_email.NotFoundError) as caught:
            self.client("read-only").emails.get("email_doesnotexist")
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "not_found"))

    def test_error_422(self):
        with self.assertRaises(svc_email.UnprocessableEntityError) as caught:
            self.client("send-only").emails.send(self.email(to=[]))
        self.assertEqual((caught.exception.status, caught.exception.code), (422, "validation_failed"))

    def test_error_429(self):
        url, _ = self.through_proxy("429-always")
        with self.assertRaises(svc_email.RateLimitError) as caught:
            self.client("read-only", base_url=url, max_retries=0).emails.list_page()
        error = caught.exception
        self.assertEqual((error.status, error.code, error.retry_after), (429, "rate_limited", 1.0))

    def test_webhook_delivery(self):
        deliveries = queue.Queue()
        secret = {"value": ""}
        handler = make_handler(lambda: secret["value"], lambda event, raw, headers: deliveries.put((event, raw, dict(headers.items()))))
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        webhooks = self.client().webhooks
        subscription = webhooks.create({"url": f"http://127.0.0.1:{server.server_port}/hook", "events": ["delivered"]})
        try:
            secret["value"] = subscription["secret"]
            sent = webhooks.test(subscription["id"], event_type="delivered")
            event, raw, headers = deliveries.get(timeout=30)
            self.assertEqual(event["id"], sent["id"])
            self.assertEqual(event["data"]["event"]["type"], "delivered")

            service = {k: v for k, v in headers.items() if k.lower().startswith("x-service-")}
            standard = {k: v for k, v in headers.items() if k.lower().startswith("webhook-")}
            self.assertEqual(svc_email.verify_signature(raw, service, secret["value"]), "service")
            self.assertEqual(svc_email.verify_signature(raw, standard, secret["value"]), "standard")

            tampered = raw.replace(b"delivered", b"bounced")
            for body, key, checked in ((tampered, secret["value"], service), (tampered, secret["value"], standard), (raw, "whsec_" + "A" * 43, service)):
                with self.assertRaises(svc_email.WebhookVerificationError) as caught:
                    svc_email.construct_event(body, checked, key)
                self.assertEqual(caught.exception.reason, "signature_mismatch")
                for value in headers.values():
                    if len(value) > 20:
                        self.assertNotIn(value, str(caught.exception))
        finally:
            webhooks.delete(subscription["id"])
            server.shutdown()
            server.server_close()


if __name__ == "__main__":
    unittest.main()
