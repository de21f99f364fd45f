"""Verifying the webhooks the service sends, with the standard library only.

Both schemes the service signs with are accepted: its own ``X-Service-Signature`` (hex
HMAC-SHA256 of ``<timestamp>.<raw body>`` keyed with the secret) and Standard Webhooks
(``webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`` keyed with the
base64-decoded part of ``whsec_…``). Signatures are compared in constant time, on the raw body,
and the timestamp must be at most 300 s old and 30 s ahead.
"""

import base64
import binascii
import hashlib
import hmac
import json
import re
import time
from typing import Any, Optional, Union

from ._generated import WebhookEvent
from .errors import SvcError

MAX_AGE_SECONDS = 300
MAX_FUTURE_SECONDS = 30

_HEX_SIGNATURE = re.compile(r"^[0-9a-fA-F]{64}$")
_BASE64_SIGNATURE = re.compile(r"^[A-Za-z0-9+/]{43}=$")
_BASE64_BODY = re.compile(r"^[A-Za-z0-9+/_-]+={0,2}$")
_TIMESTAMP = re.compile(r"^\d{1,12}$")


class WebhookVerificationError(SvcError):
    """The request is not a genuine, fresh webhook: answer it with a 4xx and do nothing else.

    ``reason`` is one of ``missing_signature``, ``missing_timestamp``, ``missing_id``,
    ``malformed_timestamp``, ``timestamp_too_old``, ``timestamp_in_future``,
    ``malformed_signature``, ``signature_mismatch``, ``malformed_body``. The message never holds
    the expected signature.
    """

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def _header(headers: Any, name: str) -> Optional[str]:
    """Case-insensitive lookup in a dict, an ``http.client.HTTPMessage``, or Flask/Django headers."""
    getter = getattr(headers, "get", None)
    if getter is not None:
        for candidate in (name, name.title(), name.upper()):
            value = getter(candidate)
            if value is not None:
                return value
    for key in getattr(headers, "keys", lambda: [])():
        if key.lower() == name:
            return headers[key]
    return None


def _standard_key(secret: str) -> bytes:
    """The Standard Webhooks key: the bytes after ``whsec_`` (either base64 alphabet), else the secret itself."""
    if secret.startswith("whsec_"):
        encoded = secret[len("whsec_") :]
        if _BASE64_BODY.match(encoded):
            normalized = encoded.replace("-", "+").replace("_", "/").rstrip("=")
            try:
                key = base64.b64decode(normalized + "=" * (-len(normalized) % 4))
            except (binascii.Error, ValueError):
                key = b""
            if key:
                return key
    return secret.encode("utf-8")


def _check_timestamp(value: str, header: str, now: float) -> int:
    if not _TIMESTAMP.match(value):
        raise WebhookVerificationError(f"The {header} header is not a Unix time in seconds.", "malformed_timestamp")
    age = int(now) - int(value)
    if age > MAX_AGE_SECONDS:
        raise WebhookVerificationError(
            f"The timestamp is {age} seconds old; at most {MAX_AGE_SECONDS} are accepted.", "timestamp_too_old"
        )
    if age < -MAX_FUTURE_SECONDS:
        raise WebhookVerificationError(
            f"The timestamp is {-age} seconds in the future; at most {MAX_FUTURE_SECONDS} are accepted.", "timestamp_in_future"
        )
    return int(value)


def verify_signature(raw_body: Union[bytes, str], headers: Any, secret: str, *, now: Optional[float] = None) -> str:
    """Checks the signature and the timestamp window; returns the scheme (``service`` or
    ``standard``) or raises WebhookVerificationError."""
    if not isinstance(raw_body, (bytes, bytearray, str)):
        raise TypeError("raw_body must be the request body exactly as received (bytes), not a parsed object.")
    if not isinstance(secret, str) or not secret:
        raise TypeError("secret must be the subscription's signing secret (whsec_…).")
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)
    current = time.time() if now is None else now

    service_signature = _header(headers, "x-service-signature")
    standard_signature = _header(headers, "webhook-signature")
    if not service_signature and standard_signature:
        return _verify_standard(headers, standard_signature, body, secret, current)

    timestamp = _header(headers, "x-service-timestamp")
    if not service_signature:
        raise WebhookVerificationError("The X-Service-Signature header is missing.", "missing_signature")
    if not timestamp:
        raise WebhookVerificationError("The X-Service-Timestamp header is missing.", "missing_timestamp")
    _check_timestamp(timestamp, "X-Service-Timestamp", current)
    if not _HEX_SIGNATURE.match(service_signature):
        raise WebhookVerificationError("The X-Service-Signature header is not a hex HMAC-SHA256.", "malformed_signature")
    expected = hmac.new(secret.encode("utf-8"), timestamp.encode("ascii") + b"." + body, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, service_signature.lower()):
        raise WebhookVerificationError("The signature does not match the body and timestamp for this secret.", "signature_mismatch")
    return "service"


def _verify_standard(headers: Any, signatures: str, body: bytes, secret: str, now: float) -> str:
    webhook_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    if not webhook_id:
        raise WebhookVerificationError("The webhook-id header is missing.", "missing_id")
    if not timestamp:
        raise WebhookVerificationError("The webhook-timestamp header is missing.", "missing_timestamp")
    seconds = _check_timestamp(timestamp, "webhook-timestamp", now)
    signed = f"{webhook_id}.{seconds}.".encode("utf-8") + body
    expected = hmac.new(_standard_key(secret), signed, hashlib.sha256).digest()
    well_formed = False
    for versioned in signatures.split(" "):
        version, _, encoded = versioned.partition(",")
        if version != "v1" or not _BASE64_SIGNATURE.match(encoded):
            continue
        well_formed = True
        if hmac.compare_digest(expected, base64.b64decode(encoded)):
            return "standard"
    if not well_formed:
        raise WebhookVerificationError("The webhook-signature header holds no v1 base64 HMAC-SHA256.", "malformed_signature")
    raise WebhookVerificationError("The signature does not match the id, body and timestamp for this secret.", "signature_mismatch")


def construct_event(raw_body: Union[bytes, str], headers: Any, secret: str, *, now: Optional[float] = None) -> WebhookEvent:
    """Verifies a webhook request and returns its body as a dict, or raises WebhookVerificationError.

    Pass the raw request body (``request.get_data()`` in Flask, ``request.body`` in Django), never
    a parsed and re-serialised one: the signature covers the exact bytes.
    """
    verify_signature(raw_body, headers, secret, now=now)
    text = raw_body.decode("utf-8") if isinstance(raw_body, (bytes, bytearray)) else raw_body
    try:
        event = json.loads(text)
    except ValueError:
        raise WebhookVerificationError("The webhook body is not JSON.", "malformed_body") from None
    if not isinstance(event, dict) or not isinstance(event.get("id"), str) or not isinstance(event.get("data"), dict):
        raise WebhookVerificationError("The webhook body does not have the webhook event shape.", "malformed_body")
    return event  # type: ignore[return-value]
