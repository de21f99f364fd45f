"""Python client for the svc transactional email API (standard library only)."""

from . import _generated as models
from ._generated import API_VERSION, ERROR_CODES
from .client import BatchResult, Client, SendResult, __version__, operation_methods
from .errors import (
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    SvcError,
    UnprocessableEntityError,
)
from .webhooks import MAX_AGE_SECONDS, MAX_FUTURE_SECONDS, WebhookVerificationError, construct_event, verify_signature

__all__ = [
    "API_VERSION",
    "ERROR_CODES",
    "MAX_AGE_SECONDS",
    "MAX_FUTURE_SECONDS",
    "ApiConnectionError",
    "ApiError",
    "ApiTimeoutError",
    "AuthenticationError",
    "BadRequestError",
    "BatchResult",
    "Client",
    "ConflictError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "SendResult",
    "ServerError",
    "SvcError",
    "UnprocessableEntityError",
    "WebhookVerificationError",
    "__version__",
    "construct_event",
    "models",
    "operation_methods",
    "verify_signature",
]
