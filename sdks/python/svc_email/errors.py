"""Every error the client raises. Match on ``ApiError.code`` (stable), not on the message."""

from typing import Any, Dict, Optional


class SvcError(Exception):
    """Base of every error this package raises."""


class ApiError(SvcError):
    """The API (or a proxy in front of it) answered with an error status.

    ``status`` is the HTTP status; ``code`` the API's machine code (``not_found``,
    ``validation_failed``, …), or ``"unknown"`` when the answer was not the API's
    ``{"error", "code"}`` body (a proxy's HTML page, say).
    """

    def __init__(
        self,
        message: str,
        status: int,
        code: str,
        retry_after: Optional[float] = None,
        details: Optional[Dict[str, Any]] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code
        # Seconds from the answer's Retry-After header, when it had one.
        self.retry_after = retry_after
        # The rest of the error body: ``errors`` lists every refused email of a strict batch.
        self.details: Dict[str, Any] = details or {}

    def __str__(self) -> str:
        return f"{self.message} (HTTP {self.status}, {self.code})"


class BadRequestError(ApiError):
    """400."""


class AuthenticationError(ApiError):
    """401: the API key is missing, unknown or revoked."""


class PermissionDeniedError(ApiError):
    """403: the key's scope does not allow this, or the sending domain is not verified."""


class NotFoundError(ApiError):
    """404: no such resource in the key's workspace."""


class ConflictError(ApiError):
    """409: the resource is not in a state that allows this."""


class UnprocessableEntityError(ApiError):
    """422: the request was read but refused (``validation_failed`` and others)."""


class RateLimitError(ApiError):
    """429: a rate or daily limit; ``retry_after`` says when to come back, when known."""


class ServerError(ApiError):
    """5xx, after the client's retries."""


_BY_STATUS = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}


def api_error_class(status: int) -> type:
    if status >= 500:
        return ServerError
    return _BY_STATUS.get(status, ApiError)


class ApiConnectionError(SvcError):
    """No answer: the connection failed or was cut before a complete answer arrived."""


class ApiTimeoutError(ApiConnectionError):
    """No answer within the client's timeout."""
