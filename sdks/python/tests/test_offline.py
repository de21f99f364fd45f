"""Tests that need no service: coverage of the document, the webhook vectors, the transport's edges."""

import hashlib
import hmac
import json
import os
import sys
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import svc_email  # noqa: E402
from svc_email._generated import OPERATIONS  # noqa: E402
from svc_email._transport import parse_retry_after  # noqa: E402

OPENAPI = os.environ.get("SVC_OPENAPI") or os.path.join(HERE, "..", "..", "..", "docs", "openapi.json")
VECTORS = os.path.join(HERE, "..", "..", "conformance", "webhook-vectors.json")
METHODS = ("get", "post", "put", "patch", "delete")


def document_operations():
    with open(OPENAPI, encoding="utf-8") as file:
        document = json.load(file)
    return {
        operation["operationId"]: (method.upper(), path)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    }


class Offline(unittest.TestCase):
    def test_coverage(self):
        # Every operation of the document, read now, has a method; the generated table matches it.
        documented = document_operations()
        self.assertGreater(len(documented), 30)
        methods = svc_email.operation_methods(svc_email.Client("svc_test_x", "http://127.0.0.1:9"))
        missing = sorted(set(documented) - set(methods))
        self.assertEqual(missing, [], f"operations without an SDK method: {missing}")
        stale = {op: (OPERATIONS[op].method, OPERATIONS[op].path) for op in OPERATIONS}
        self.assertEqual(stale, documented, "the generated table differs from docs/openapi.json: run pnpm openapi")

    def test_webhook_vectors(self):
        with open(VECTORS, encoding="utf-8") as file:
            cases = json.load(file)["cases"]
        self.assertGreater(len(cases), 10)
        for case in cases:
            with self.subTest(case["id"]):
                body = case["body"].encode()
                if case["expect"] in ("service", "standard"):
                    scheme = svc_email.verify_signature(body, case["headers"], case["secret"], now=case["now"])
                    self.assertEqual(scheme, case["expect"])
                    continue
                with self.assertRaises(svc_email.WebhookVerificationError) as caught:
                    svc_email.construct_event(body, case["headers"], case["secret"], now=case["now"])
                self.assertEqual(caught.exception.reason, case["expect"])
                timestamp = str(case["headers"].get("X-Service-Timestamp", ""))
                expected = hmac.new(case["secret"].encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
                self.assertNotIn(expected, str(caught.exception))

    def test_refuses_a_parsed_body(self):
        with self.assertRaises(TypeError):
            svc_email.verify_signature({"id": "wd_x"}, {}, "whsec_x")  # type: ignore[arg-type]

    def test_refuses_to_start_without_a_key(self):
        saved = os.environ.pop("SVC_API_KEY", None)
        try:
            with self.assertRaises(svc_email.SvcError) as caught:
                svc_email.Client(base_url="http://127.0.0.1:9")
            self.assertIn("API key", str(caught.exception))
        finally:
            if saved is not None:
                os.environ["SVC_API_KEY"] = saved

    def test_retry_after(self):
        self.assertEqual(parse_retry_after("3"), 3.0)
        self.assertEqual(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=1445412470.0), 10.0)
        self.assertIsNone(parse_retry_after("soon"))
        self.assertIsNone(parse_retry_after(None))


class Answers(BaseHTTPRequestHandler):
    """Plays what can stand between the client and the API."""

    seen = []

    def do_GET(self):
        Answers.seen.append(self.path)
        if self.path.startswith("/emails/redirect"):
            self.send_response(302)
            self.send_header("Location", "http://127.0.0.1:9/elsewhere")
            self.end_headers()
        elif self.path.startswith("/emails/html-ok"):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<html>Sign in to the Wi-Fi</html>")
        else:
            self.send_response(502)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<html><body>502 Bad Gateway</body></html>")

    def log_message(self, *args):
        pass


class Transport(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ThreadingHTTPServer(("127.0.0.1", 0), Answers)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.client = svc_email.Client("svc_test_secretkey", f"http://127.0.0.1:{cls.server.server_port}", max_retries=1, retry_base_delay=0.01)

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def test_an_html_error_page_is_a_typed_error(self):
        with self.assertRaises(svc_email.ServerError) as caught:
            self.client.emails.get("email_x")
        self.assertEqual((caught.exception.status, caught.exception.code), (502, "unknown"))
        self.assertNotIn("secretkey", str(caught.exception))

    def test_a_2xx_that_is_not_json_is_a_typed_error(self):
        with self.assertRaises(svc_email.ApiError) as caught:
            self.client.emails.get("html-ok")
        self.assertEqual((caught.exception.status, caught.exception.code), (200, "unknown"))

    def test_a_redirect_is_not_followed(self):
        with self.assertRaises(svc_email.ApiError) as caught:
            self.client.emails.get("redirect")
        self.assertEqual(caught.exception.status, 302)

    def test_path_parameters_are_escaped_and_unknown_query_parameters_refused(self):
        Answers.seen.clear()
        with self.assertRaises(svc_email.ApiError):
            self.client.emails.get("a/b?c")
        self.assertEqual(Answers.seen[0], "/emails/a%2Fb%3Fc")
        with self.assertRaises(TypeError):
            self.client.emails.list_page(colour="red")  # type: ignore[call-arg]

    def test_a_refused_connection_is_a_connection_error(self):
        closed = svc_email.Client("svc_test_x", "http://127.0.0.1:9", max_retries=1, retry_base_delay=0.01)
        with self.assertRaises(svc_email.ApiConnectionError):
            closed.emails.get("email_x")


if __name__ == "__main__":
    unittest.main()
