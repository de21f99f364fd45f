"""One API call with retries, on urllib only (no third-party dependency)."""

import email.utils
import http.client
import json
import random
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Callable, Dict, Mapping, NamedTuple, Optional

from ._generated import OPERATIONS, Operation
from .errors import ApiConnectionError, ApiError, ApiTimeoutError, api_error_class


class RetryPolicy(NamedTuple):
    # Attempts after the first.
    max_retries: int = 3
    # The first backoff in seconds; doubled on each retry, with full jitter.
    base_delay: float = 0.5
    # No single wait is longer; a Retry-After beyond it is not waited for (the error is raised).
    max_delay: float = 30.0


class Answer(NamedTuple):
    status: int
    headers: Mapping[str, str]
    body: Any


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Retry-After as seconds: delay-seconds or an HTTP date; None when absent or unreadable."""
    if value is None:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def is_retryable(status: int, code: str, retry_after: Optional[float]) -> bool:
    """5xx, and 429 unless it is the daily limit without a Retry-After (that resets tomorrow)."""
    if status >= 500:
        return True
    if status == 429:
        return code != "daily_limit_reached" or retry_after is not None
    return False


def backoff(policy: RetryPolicy, retry: int) -> float:
    # Full jitter spreads the retries of many clients after one outage.
    return random.random() * min(policy.max_delay, policy.base_delay * (2**retry))


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is answered as the error it is: following it would carry the key elsewhere."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: D102
        return None


class _NoAnswer(Exception):
    def __init__(self, error: ApiConnectionError) -> None:
        super().__init__(str(error))
        self.error = error


class Transport:
    def __init__(
        self,
        api_key: str,
        base_url: str,
        timeout: float,
        retry: RetryPolicy,
        user_agent: str,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._api_key = api_key
        self._base_url = base_url.rstrip("/")
        self._timeout = timeout
        self._retry = retry
        self._user_agent = user_agent
        self._sleep = sleep
        # No proxies from the environment and no redirects: the API key goes only where
        # base_url says.
        self._opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirects())

    def call(
        self,
        operation_id: str,
        path: Optional[Mapping[str, Any]] = None,
        query: Optional[Mapping[str, Any]] = None,
        body: Any = None,
        idempotency_key: Optional[str] = None,
    ) -> Answer:
        op = OPERATIONS[operation_id]
        url = self._url(op, path or {}, query or {})
        headers = {
            "Accept": "application/json" if op.response == "json" else "*/*",
            "User-Agent": self._user_agent,
        }
        if op.auth:
            headers["Authorization"] = f"Bearer {self._api_key}"
        if op.idempotency_key:
            # Generated once per logical call and sent on every retry: a send retried after a
            # lost answer is queued once.
            headers["Idempotency-Key"] = idempotency_key or f"sdk-{uuid.uuid4()}"
        data = None
        if op.has_body and body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"

        retry = 0
        while True:
            last_try = retry >= self._retry.max_retries
            try:
                status, answer_headers, raw = self._attempt(op.method, url, headers, data)
            except _NoAnswer as no_answer:
                if last_try or not op.safe_to_repeat:
                    raise no_answer.error from None
                self._sleep(backoff(self._retry, retry))
                retry += 1
                continue
            if 200 <= status < 300:
                return Answer(status, answer_headers, self._decode(op, status, raw))
            error = _api_error(status, answer_headers, raw)
            if last_try or not is_retryable(status, error.code, error.retry_after):
                raise error
            wait = error.retry_after if error.retry_after is not None else backoff(self._retry, retry)
            if wait > self._retry.max_delay:
                raise error
            self._sleep(wait)
            retry += 1

    def _url(self, op: Operation, path: Mapping[str, Any], query: Mapping[str, Any]) -> str:
        text = op.path
        for name in op.path_params:
            if name not in path or path[name] in (None, ""):
                raise TypeError(f"{op.id}: the path parameter {name!r} is required.")
            text = text.replace("{" + name + "}", urllib.parse.quote(str(path[name]), safe=""))
        unknown = set(query) - set(op.query_params)
        if unknown:
            raise TypeError(f"{op.id}: unknown query parameters {sorted(unknown)}; it takes {list(op.query_params)}.")
        pairs = []
        for name, value in query.items():
            if value is None:
                continue
            if isinstance(value, bool):
                value = "true" if value else "false"
            elif hasattr(value, "isoformat"):
                value = value.isoformat()
            pairs.append((name, str(value)))
        return self._base_url + text + (("?" + urllib.parse.urlencode(pairs)) if pairs else "")

    def _attempt(self, method: str, url: str, headers: Dict[str, str], data: Optional[bytes]):
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with self._opener.open(request, timeout=self._timeout) as response:
                return response.status, dict(response.headers.items()), response.read()
        except urllib.error.HTTPError as answer:
            try:
                raw = answer.read()
            except (OSError, http.client.HTTPException):
                raw = b""
            return answer.code, dict(answer.headers.items()), raw
        except (socket.timeout, TimeoutError) as error:
            raise _NoAnswer(ApiTimeoutError(f"No answer from {method} {url} within {self._timeout} s.")) from error
        except urllib.error.URLError as error:
            if isinstance(error.reason, (socket.timeout, TimeoutError)):
                raise _NoAnswer(ApiTimeoutError(f"No answer from {method} {url} within {self._timeout} s.")) from error
            raise _NoAnswer(ApiConnectionError(f"{method} {url} failed: {error.reason}")) from error
        except (OSError, http.client.HTTPException) as error:
            # A connection reset or closed mid-answer is no answer.
            raise _NoAnswer(ApiConnectionError(f"{method} {url} failed: {type(error).__name__}")) from error

    @staticmethod
    def _decode(op: Operation, status: int, raw: bytes) -> Any:
        if op.response == "bytes":
            return raw
        if op.response == "text":
            return raw.decode("utf-8")
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            # A 2xx that is not JSON did not come from the API (a captive portal, a proxy page).
            raise ApiError(f"HTTP {status} with a body that is not JSON.", status, "unknown") from None


def _api_error(status: int, headers: Mapping[str, str], raw: bytes) -> ApiError:
    lowered = {name.lower(): value for name, value in headers.items()}
    retry_after = parse_retry_after(lowered.get("retry-after"))
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = None
    cls = api_error_class(status)
    if isinstance(parsed, dict) and isinstance(parsed.get("error"), str) and isinstance(parsed.get("code"), str):
        details = {k: v for k, v in parsed.items() if k not in ("error", "code")}
        return cls(parsed["error"], status, parsed["code"], retry_after, details)
    return cls(f"HTTP {status} without an API error body.", status, "unknown", retry_after)
