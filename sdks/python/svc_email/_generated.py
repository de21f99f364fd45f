# Generated from docs/openapi.json by sdks/generator (`pnpm openapi`). Do not edit.
# svc API 1.0.0
# ruff: noqa
from typing import Any, Dict, List, Literal, NamedTuple, NotRequired, Optional, Tuple, TypedDict, Union

API_VERSION = "1.0.0"


class Operation(NamedTuple):
    """How to call one operation of the API (one entry per operationId of the document)."""

    id: str
    tag: str
    method: str
    path: str
    path_params: Tuple[str, ...]
    query_params: Tuple[str, ...]
    idempotency_key: bool
    has_body: bool
    # "json": parsed; "text": a str (CSV, HTML); "bytes": as received.
    response: str
    auth: bool
    # Sending it again after a failure without an answer cannot do the work twice.
    safe_to_repeat: bool


OPERATIONS: Dict[str, Operation] = {
    "listEmails": Operation(
        id="listEmails",
        tag="Emails",
        method="GET",
        path="/emails",
        path_params=(),
        query_params=("limit", "after", "status", "to", "tag", "createdAfter", "createdBefore"),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "sendEmail": Operation(
        id="sendEmail",
        tag="Emails",
        method="POST",
        path="/emails",
        path_params=(),
        query_params=(),
        idempotency_key=True,
        has_body=True,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "sendEmailBatch": Operation(
        id="sendEmailBatch",
        tag="Emails",
        method="POST",
        path="/emails/batch",
        path_params=(),
        query_params=("mode",),
        idempotency_key=True,
        has_body=True,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "cancelEmail": Operation(
        id="cancelEmail",
        tag="Emails",
        method="POST",
        path="/emails/{id}/cancel",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=False,
    ),
    "getEmail": Operation(
        id="getEmail",
        tag="Emails",
        method="GET",
        path="/emails/{id}",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "rescheduleEmail": Operation(
        id="rescheduleEmail",
        tag="Emails",
        method="PATCH",
        path="/emails/{id}",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=True,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "listEmailEvents": Operation(
        id="listEmailEvents",
        tag="Emails",
        method="GET",
        path="/emails/{id}/events",
        path_params=("id",),
        query_params=("after", "limit"),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "listApiKeys": Operation(
        id="listApiKeys",
        tag="API keys",
        method="GET",
        path="/api-keys",
        path_params=(),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "revokeApiKey": Operation(
        id="revokeApiKey",
        tag="API keys",
        method="DELETE",
        path="/api-keys/{id}",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "listTopicSuppressions": Operation(
        id="listTopicSuppressions",
        tag="Suppressions",
        method="GET",
        path="/suppressions/topics",
        path_params=(),
        query_params=("topic", "address", "limit", "afterTopic", "afterAddress"),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "removeTopicSuppression": Operation(
        id="removeTopicSuppression",
        tag="Suppressions",
        method="DELETE",
        path="/suppressions/topics/{topic}/{address}",
        path_params=("topic", "address"),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "listSuppressions": Operation(
        id="listSuppressions",
        tag="Suppressions",
        method="GET",
        path="/suppressions",
        path_params=(),
        query_params=("address", "reason", "limit", "after"),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "addSuppression": Operation(
        id="addSuppression",
        tag="Suppressions",
        method="POST",
        path="/suppressions",
        path_params=(),
        query_params=(),
        idempotency_key=False,
        has_body=True,
        response="json",
        auth=True,
        safe_to_repeat=False,
    ),
    "removeSuppression": Operation(
        id="removeSuppression",
        tag="Suppressions",
        method="DELETE",
        path="/suppressions/{address}",
        path_params=("address",),
        query_params=("confirm",),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "listWebhookSubscriptions": Operation(
        id="listWebhookSubscriptions",
        tag="Webhook subscriptions",
        method="GET",
        path="/webhooks",
        path_params=(),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "createWebhookSubscription": Operation(
        id="createWebhookSubscription",
        tag="Webhook subscriptions",
        method="POST",
        path="/webhooks",
        path_params=(),
        query_params=(),
        idempotency_key=False,
        has_body=True,
        response="json",
        auth=True,
        safe_to_repeat=False,
    ),
    "getWebhookSubscription": Operation(
        id="getWebhookSubscription",
        tag="Webhook subscriptions",
        method="GET",
        path="/webhooks/{id}",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "updateWebhookSubscription": Operation(
        id="updateWebhookSubscription",
        tag="Webhook subscriptions",
        method="PATCH",
        path="/webhooks/{id}",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=True,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "deleteWebhookSubscription": Operation(
        id="deleteWebhookSubscription",
        tag="Webhook subscriptions",
        method="DELETE",
        path="/webhooks/{id}",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "sendTestWebhookEvent": Operation(
        id="sendTestWebhookEvent",
        tag="Webhook subscriptions",
        method="POST",
        path="/webhooks/{id}/test",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=True,
        response="json",
        auth=True,
        safe_to_repeat=False,
    ),
    "listWebhookDeliveries": Operation(
        id="listWebhookDeliveries",
        tag="Webhook subscriptions",
        method="GET",
        path="/webhooks/{id}/deliveries",
        path_params=("id",),
        query_params=("status", "limit"),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "listWebhookReplays": Operation(
        id="listWebhookReplays",
        tag="Webhook subscriptions",
        method="GET",
        path="/webhooks/{id}/replays",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "replayWebhookDeliveries": Operation(
        id="replayWebhookDeliveries",
        tag="Webhook subscriptions",
        method="POST",
        path="/webhooks/{id}/replays",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=True,
        response="json",
        auth=True,
        safe_to_repeat=False,
    ),
    "getWebhookReplay": Operation(
        id="getWebhookReplay",
        tag="Webhook subscriptions",
        method="GET",
        path="/webhooks/{id}/replays/{replayId}",
        path_params=("id", "replayId"),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "getWebhookDelivery": Operation(
        id="getWebhookDelivery",
        tag="Webhook subscriptions",
        method="GET",
        path="/webhooks/{id}/deliveries/{deliveryId}",
        path_params=("id", "deliveryId"),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "listTemplates": Operation(
        id="listTemplates",
        tag="Templates",
        method="GET",
        path="/templates",
        path_params=(),
        query_params=("limit", "after"),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "createTemplate": Operation(
        id="createTemplate",
        tag="Templates",
        method="POST",
        path="/templates",
        path_params=(),
        query_params=(),
        idempotency_key=False,
        has_body=True,
        response="json",
        auth=True,
        safe_to_repeat=False,
    ),
    "getTemplate": Operation(
        id="getTemplate",
        tag="Templates",
        method="GET",
        path="/templates/{id}",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "updateTemplate": Operation(
        id="updateTemplate",
        tag="Templates",
        method="PATCH",
        path="/templates/{id}",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=True,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "deleteTemplate": Operation(
        id="deleteTemplate",
        tag="Templates",
        method="DELETE",
        path="/templates/{id}",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "publishTemplate": Operation(
        id="publishTemplate",
        tag="Templates",
        method="POST",
        path="/templates/{id}/publish",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=True,
        response="json",
        auth=True,
        safe_to_repeat=False,
    ),
    "duplicateTemplate": Operation(
        id="duplicateTemplate",
        tag="Templates",
        method="POST",
        path="/templates/{id}/duplicate",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=True,
        response="json",
        auth=True,
        safe_to_repeat=False,
    ),
    "listTemplateVersions": Operation(
        id="listTemplateVersions",
        tag="Templates",
        method="GET",
        path="/templates/{id}/versions",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "renderTemplate": Operation(
        id="renderTemplate",
        tag="Templates",
        method="POST",
        path="/templates/{id}/render",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=True,
        response="json",
        auth=True,
        safe_to_repeat=False,
    ),
    "listInbound": Operation(
        id="listInbound",
        tag="Inbound",
        method="GET",
        path="/inbound",
        path_params=(),
        query_params=("limit", "after"),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "getInbound": Operation(
        id="getInbound",
        tag="Inbound",
        method="GET",
        path="/inbound/{id}",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "getInboundRaw": Operation(
        id="getInboundRaw",
        tag="Inbound",
        method="GET",
        path="/inbound/{id}/raw",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="bytes",
        auth=True,
        safe_to_repeat=True,
    ),
    "getInboundAttachment": Operation(
        id="getInboundAttachment",
        tag="Inbound",
        method="GET",
        path="/inbound/{id}/attachments/{n}",
        path_params=("id", "n"),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="bytes",
        auth=True,
        safe_to_repeat=True,
    ),
    "listDmarcReports": Operation(
        id="listDmarcReports",
        tag="DMARC",
        method="GET",
        path="/dmarc/reports",
        path_params=(),
        query_params=("limit", "after", "domain"),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "getDmarcReport": Operation(
        id="getDmarcReport",
        tag="DMARC",
        method="GET",
        path="/dmarc/reports/{id}",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "summarizeDmarc": Operation(
        id="summarizeDmarc",
        tag="DMARC",
        method="GET",
        path="/dmarc/summary",
        path_params=(),
        query_params=("from", "to", "domain"),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "listAuditLog": Operation(
        id="listAuditLog",
        tag="Audit log",
        method="GET",
        path="/audit-log",
        path_params=(),
        query_params=("action", "actor", "target", "since", "until", "limit", "after"),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "exportAuditLog": Operation(
        id="exportAuditLog",
        tag="Audit log",
        method="GET",
        path="/audit-log/export",
        path_params=(),
        query_params=("format", "action", "actor", "target", "since", "until", "limit"),
        idempotency_key=False,
        has_body=False,
        response="text",
        auth=True,
        safe_to_repeat=True,
    ),
    "listErasures": Operation(
        id="listErasures",
        tag="Erasures",
        method="GET",
        path="/erasures",
        path_params=(),
        query_params=("limit", "after"),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "createErasure": Operation(
        id="createErasure",
        tag="Erasures",
        method="POST",
        path="/erasures",
        path_params=(),
        query_params=(),
        idempotency_key=False,
        has_body=True,
        response="json",
        auth=True,
        safe_to_repeat=False,
    ),
    "getErasure": Operation(
        id="getErasure",
        tag="Erasures",
        method="GET",
        path="/erasures/{id}",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "getErasureReceipt": Operation(
        id="getErasureReceipt",
        tag="Erasures",
        method="GET",
        path="/erasures/{id}/receipt",
        path_params=("id",),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "getDeliverability": Operation(
        id="getDeliverability",
        tag="Deliverability",
        method="GET",
        path="/deliverability",
        path_params=(),
        query_params=("days",),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=True,
        safe_to_repeat=True,
    ),
    "getHealth": Operation(
        id="getHealth",
        tag="Service",
        method="GET",
        path="/healthz",
        path_params=(),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=False,
        safe_to_repeat=True,
    ),
    "getReadiness": Operation(
        id="getReadiness",
        tag="Service",
        method="GET",
        path="/readyz",
        path_params=(),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=False,
        safe_to_repeat=True,
    ),
    "getOpenApiDocument": Operation(
        id="getOpenApiDocument",
        tag="Service",
        method="GET",
        path="/openapi.json",
        path_params=(),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="json",
        auth=False,
        safe_to_repeat=True,
    ),
    "getApiReference": Operation(
        id="getApiReference",
        tag="Service",
        method="GET",
        path="/docs",
        path_params=(),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="text",
        auth=False,
        safe_to_repeat=True,
    ),
    "getApiReferenceScript": Operation(
        id="getApiReferenceScript",
        tag="Service",
        method="GET",
        path="/docs/api-reference.js",
        path_params=(),
        query_params=(),
        idempotency_key=False,
        has_body=False,
        response="text",
        auth=False,
        safe_to_repeat=True,
    ),
}

# Every error `code` the API answers with.
ERROR_CODES: Tuple[str, ...] = ("bad_request", "region_not_configured", "unauthorized", "forbidden", "domain_not_verified", "domain_not_allowed", "source_not_allowed", "not_found", "conflict", "confirmation_required", "replay_in_progress", "payload_too_large", "unsupported_media_type", "validation_failed", "attachment_quota_exceeded", "daily_limit_reached", "rate_limited", "replay_quota_exceeded", "render_rate_limited", "replay_rate_limited", "erasure_rate_limited", "unavailable", "server_busy", "internal")


ErrorError = TypedDict(
    "ErrorError",
    {
        "index": int,
        "error": str,
        "code": Literal["bad_request", "region_not_configured", "unauthorized", "forbidden", "domain_not_verified", "domain_not_allowed", "source_not_allowed", "not_found", "conflict", "confirmation_required", "replay_in_progress", "payload_too_large", "unsupported_media_type", "validation_failed", "attachment_quota_exceeded", "daily_limit_reached", "rate_limited", "replay_quota_exceeded", "render_rate_limited", "replay_rate_limited", "erasure_rate_limited", "unavailable", "server_busy", "internal"],
    },
)


# The body of every error answer. Codes and their statuses:
#
# | code | status | meaning |
# |---|---|---|
# | `bad_request` | 400 | The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. |
# | `region_not_configured` | 400 | A workspace's primary or failover region names an SES region this install does not send from (SES_REGIONS); nothing was changed. |
# | `unauthorized` | 401 | The Authorization header is missing, malformed, or names an unknown or revoked key. |
# | `forbidden` | 403 | The key's scope preset lacks the permission this operation needs (the message names it). |
# | `domain_not_verified` | 403 | The domain of `from` is not a verified domain of the key's workspace. |
# | `domain_not_allowed` | 403 | The key is bound to sending domains and the domain of `from` is not one of them (exact names: a subdomain is another domain); nothing was stored. |
# | `source_not_allowed` | 403 | The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address. |
# | `not_found` | 404 | No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. |
# | `conflict` | 409 | The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses. |
# | `confirmation_required` | 409 | Removing a complaint suppression needs `?confirm=complaint`. |
# | `replay_in_progress` | 409 | The webhook subscription already has as many replays pacing their deliveries in as allowed (WEBHOOK_REPLAYS_ACTIVE_PER_SUBSCRIPTION, 1); the message says when the running one ends. |
# | `payload_too_large` | 413 | The request body is larger than the operation allows (see its request body). |
# | `unsupported_media_type` | 415 | The request body is not JSON (Content-Type must be application/json), or uses an unsupported charset or content encoding. |
# | `validation_failed` | 422 | A field, query parameter or header is invalid; the message names every one that is wrong. |
# | `attachment_quota_exceeded` | 422 | The workspace's attachment bytes held for unsent (queued or scheduled) emails would exceed its plan's quota; the message names the quota and what is held. Sends without files, and sends once held emails are handed off, are not affected. |
# | `daily_limit_reached` | 429 | The workspace's plan allows no more sends today (UTC); the message names the limit. |
# | `rate_limited` | 429 | Too many requests; wait for the time in Retry-After. |
# | `replay_quota_exceeded` | 429 | The replay would take the workspace past its replayed deliveries for today (UTC, WEBHOOK_REPLAYED_DELIVERIES_PER_DAY); the message says how many are left, Retry-After when the day ends. |
# | `render_rate_limited` | 429 | The workspace's template renders are over their own limit: the render endpoint's rate per workspace, or the workspace's share of render time (its renders ran long); nothing was rendered: wait for the time in Retry-After. |
# | `replay_rate_limited` | 429 | The workspace asked for more replays than its own limit (API_REPLAYS_PER_MINUTE per workspace, apart from the key's request rate); nothing was replayed: wait for the time in Retry-After. |
# | `erasure_rate_limited` | 429 | The workspace asked for more erasures in the last minute than allowed (API_ERASURES_PER_MINUTE, 10); wait for the time in Retry-After. Nothing was started. |
# | `unavailable` | 503 | A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. |
# | `server_busy` | 503 | The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds. |
# | `internal` | 500 | A bug on our side. Never an expected answer; details are in the server's log, not in the answer. |
Error = TypedDict(
    "Error",
    {
        "error": str,
        "code": Literal["bad_request", "region_not_configured", "unauthorized", "forbidden", "domain_not_verified", "domain_not_allowed", "source_not_allowed", "not_found", "conflict", "confirmation_required", "replay_in_progress", "payload_too_large", "unsupported_media_type", "validation_failed", "attachment_quota_exceeded", "daily_limit_reached", "rate_limited", "replay_quota_exceeded", "render_rate_limited", "replay_rate_limited", "erasure_rate_limited", "unavailable", "server_busy", "internal"],
        "errors": NotRequired[List["ErrorError"]],
        "quotaBytes": NotRequired[int],
        "heldBytes": NotRequired[int],
    },
)


WebhookEventSentDataTag = TypedDict(
    "WebhookEventSentDataTag",
    {
        "name": str,
        "value": str,
    },
)


WebhookEventSentDataEvent = TypedDict(
    "WebhookEventSentDataEvent",
    {
        "eventId": str,
        "type": Literal["sent"],
        "eventTimestamp": str,
    },
)


WebhookEventSentData = TypedDict(
    "WebhookEventSentData",
    {
        "emailId": str,
        "tags": List["WebhookEventSentDataTag"],
        "event": "WebhookEventSentDataEvent",
    },
)


# The body of a `sent` event: The provider accepted the message for delivery (handoff complete).
WebhookEventSent = TypedDict(
    "WebhookEventSent",
    {
        "id": str,
        "type": Literal["email.event"],
        "createdAt": str,
        "data": "WebhookEventSentData",
        "test": NotRequired[Literal[True]],
        "replayOf": NotRequired[str],
    },
)


WebhookEventDeliveredDataTag = TypedDict(
    "WebhookEventDeliveredDataTag",
    {
        "name": str,
        "value": str,
    },
)


WebhookEventDeliveredDataEvent = TypedDict(
    "WebhookEventDeliveredDataEvent",
    {
        "eventId": str,
        "type": Literal["delivered"],
        "eventTimestamp": str,
    },
)


WebhookEventDeliveredData = TypedDict(
    "WebhookEventDeliveredData",
    {
        "emailId": str,
        "tags": List["WebhookEventDeliveredDataTag"],
        "event": "WebhookEventDeliveredDataEvent",
    },
)


# The body of a `delivered` event: The receiving mail server accepted the message.
WebhookEventDelivered = TypedDict(
    "WebhookEventDelivered",
    {
        "id": str,
        "type": Literal["email.event"],
        "createdAt": str,
        "data": "WebhookEventDeliveredData",
        "test": NotRequired[Literal[True]],
        "replayOf": NotRequired[str],
    },
)


WebhookEventOpenedDataTag = TypedDict(
    "WebhookEventOpenedDataTag",
    {
        "name": str,
        "value": str,
    },
)


WebhookEventOpenedDataEvent = TypedDict(
    "WebhookEventOpenedDataEvent",
    {
        "eventId": str,
        "type": Literal["opened"],
        "eventTimestamp": str,
    },
)


WebhookEventOpenedData = TypedDict(
    "WebhookEventOpenedData",
    {
        "emailId": str,
        "tags": List["WebhookEventOpenedDataTag"],
        "event": "WebhookEventOpenedDataEvent",
    },
)


# The body of a `opened` event: A tracking pixel fired (an estimate only; needs open tracking on).
WebhookEventOpened = TypedDict(
    "WebhookEventOpened",
    {
        "id": str,
        "type": Literal["email.event"],
        "createdAt": str,
        "data": "WebhookEventOpenedData",
        "test": NotRequired[Literal[True]],
        "replayOf": NotRequired[str],
    },
)


WebhookEventClickedDataTag = TypedDict(
    "WebhookEventClickedDataTag",
    {
        "name": str,
        "value": str,
    },
)


WebhookEventClickedDataEvent = TypedDict(
    "WebhookEventClickedDataEvent",
    {
        "eventId": str,
        "type": Literal["clicked"],
        "eventTimestamp": str,
    },
)


WebhookEventClickedData = TypedDict(
    "WebhookEventClickedData",
    {
        "emailId": str,
        "tags": List["WebhookEventClickedDataTag"],
        "event": "WebhookEventClickedDataEvent",
    },
)


# The body of a `clicked` event: A tracked link was followed (needs click tracking on).
WebhookEventClicked = TypedDict(
    "WebhookEventClicked",
    {
        "id": str,
        "type": Literal["email.event"],
        "createdAt": str,
        "data": "WebhookEventClickedData",
        "test": NotRequired[Literal[True]],
        "replayOf": NotRequired[str],
    },
)


WebhookEventBouncedDataTag = TypedDict(
    "WebhookEventBouncedDataTag",
    {
        "name": str,
        "value": str,
    },
)


WebhookEventBouncedDataEvent = TypedDict(
    "WebhookEventBouncedDataEvent",
    {
        "eventId": str,
        "type": Literal["bounced"],
        "eventTimestamp": str,
    },
)


WebhookEventBouncedData = TypedDict(
    "WebhookEventBouncedData",
    {
        "emailId": str,
        "tags": List["WebhookEventBouncedDataTag"],
        "event": "WebhookEventBouncedDataEvent",
    },
)


# The body of a `bounced` event: The receiving mail server rejected the message.
WebhookEventBounced = TypedDict(
    "WebhookEventBounced",
    {
        "id": str,
        "type": Literal["email.event"],
        "createdAt": str,
        "data": "WebhookEventBouncedData",
        "test": NotRequired[Literal[True]],
        "replayOf": NotRequired[str],
    },
)


WebhookEventComplainedDataTag = TypedDict(
    "WebhookEventComplainedDataTag",
    {
        "name": str,
        "value": str,
    },
)


WebhookEventComplainedDataEvent = TypedDict(
    "WebhookEventComplainedDataEvent",
    {
        "eventId": str,
        "type": Literal["complained"],
        "eventTimestamp": str,
    },
)


WebhookEventComplainedData = TypedDict(
    "WebhookEventComplainedData",
    {
        "emailId": str,
        "tags": List["WebhookEventComplainedDataTag"],
        "event": "WebhookEventComplainedDataEvent",
    },
)


# The body of a `complained` event: The recipient marked the message as spam.
WebhookEventComplained = TypedDict(
    "WebhookEventComplained",
    {
        "id": str,
        "type": Literal["email.event"],
        "createdAt": str,
        "data": "WebhookEventComplainedData",
        "test": NotRequired[Literal[True]],
        "replayOf": NotRequired[str],
    },
)


WebhookEventRejectedDataTag = TypedDict(
    "WebhookEventRejectedDataTag",
    {
        "name": str,
        "value": str,
    },
)


WebhookEventRejectedDataEvent = TypedDict(
    "WebhookEventRejectedDataEvent",
    {
        "eventId": str,
        "type": Literal["rejected"],
        "eventTimestamp": str,
    },
)


WebhookEventRejectedData = TypedDict(
    "WebhookEventRejectedData",
    {
        "emailId": str,
        "tags": List["WebhookEventRejectedDataTag"],
        "event": "WebhookEventRejectedDataEvent",
    },
)


# The body of a `rejected` event: The provider rejected the message before delivery, or the service did not send it (a suppressed recipient).
WebhookEventRejected = TypedDict(
    "WebhookEventRejected",
    {
        "id": str,
        "type": Literal["email.event"],
        "createdAt": str,
        "data": "WebhookEventRejectedData",
        "test": NotRequired[Literal[True]],
        "replayOf": NotRequired[str],
    },
)


WebhookEventRenderingFailedDataTag = TypedDict(
    "WebhookEventRenderingFailedDataTag",
    {
        "name": str,
        "value": str,
    },
)


WebhookEventRenderingFailedDataEvent = TypedDict(
    "WebhookEventRenderingFailedDataEvent",
    {
        "eventId": str,
        "type": Literal["rendering_failed"],
        "eventTimestamp": str,
    },
)


WebhookEventRenderingFailedData = TypedDict(
    "WebhookEventRenderingFailedData",
    {
        "emailId": str,
        "tags": List["WebhookEventRenderingFailedDataTag"],
        "event": "WebhookEventRenderingFailedDataEvent",
    },
)


# The body of a `rendering_failed` event: Template rendering failed.
WebhookEventRenderingFailed = TypedDict(
    "WebhookEventRenderingFailed",
    {
        "id": str,
        "type": Literal["email.event"],
        "createdAt": str,
        "data": "WebhookEventRenderingFailedData",
        "test": NotRequired[Literal[True]],
        "replayOf": NotRequired[str],
    },
)


WebhookEventDeliveryDelayedDataTag = TypedDict(
    "WebhookEventDeliveryDelayedDataTag",
    {
        "name": str,
        "value": str,
    },
)


WebhookEventDeliveryDelayedDataEvent = TypedDict(
    "WebhookEventDeliveryDelayedDataEvent",
    {
        "eventId": str,
        "type": Literal["delivery_delayed"],
        "eventTimestamp": str,
    },
)


WebhookEventDeliveryDelayedData = TypedDict(
    "WebhookEventDeliveryDelayedData",
    {
        "emailId": str,
        "tags": List["WebhookEventDeliveryDelayedDataTag"],
        "event": "WebhookEventDeliveryDelayedDataEvent",
    },
)


# The body of a `delivery_delayed` event: The provider could not deliver yet and will retry.
WebhookEventDeliveryDelayed = TypedDict(
    "WebhookEventDeliveryDelayed",
    {
        "id": str,
        "type": Literal["email.event"],
        "createdAt": str,
        "data": "WebhookEventDeliveryDelayedData",
        "test": NotRequired[Literal[True]],
        "replayOf": NotRequired[str],
    },
)


WebhookEventFailedDataTag = TypedDict(
    "WebhookEventFailedDataTag",
    {
        "name": str,
        "value": str,
    },
)


# Why the email will not be sent.
WebhookEventFailedDataEventReason = TypedDict(
    "WebhookEventFailedDataEventReason",
    {
        "code": str,
        "text": str,
    },
)


WebhookEventFailedDataEvent = TypedDict(
    "WebhookEventFailedDataEvent",
    {
        "eventId": str,
        "type": Literal["failed"],
        "eventTimestamp": str,
        "reason": "WebhookEventFailedDataEventReason",
    },
)


WebhookEventFailedData = TypedDict(
    "WebhookEventFailedData",
    {
        "emailId": str,
        "tags": List["WebhookEventFailedDataTag"],
        "event": "WebhookEventFailedDataEvent",
    },
)


# The body of a `failed` event: The email ended without a handoff, or past its retries: it will not be sent.
WebhookEventFailed = TypedDict(
    "WebhookEventFailed",
    {
        "id": str,
        "type": Literal["email.event"],
        "createdAt": str,
        "data": "WebhookEventFailedData",
        "test": NotRequired[Literal[True]],
        "replayOf": NotRequired[str],
    },
)


WebhookEventReceivedDataEvent = TypedDict(
    "WebhookEventReceivedDataEvent",
    {
        "type": Literal["received"],
        "eventTimestamp": str,
    },
)


WebhookEventReceivedData = TypedDict(
    "WebhookEventReceivedData",
    {
        "inboundId": str,
        "event": "WebhookEventReceivedDataEvent",
        "from": Optional[str],
        "to": List[str],
        "recipients": List[str],
        "subject": Optional[str],
        "messageId": Optional[str],
        "replyToEmailId": Optional[str],
        "attachmentCount": int,
        "size": int,
        "verdicts": NotRequired[Any],
        "parseError": bool,
    },
)


# The body of a `received` event: A message arrived for one of the workspace's receiving domains (metadata here; its content over REST, GET /inbound/{id}).
WebhookEventReceived = TypedDict(
    "WebhookEventReceived",
    {
        "id": str,
        "type": Literal["email.received"],
        "createdAt": str,
        "data": "WebhookEventReceivedData",
    },
)


WebhookEventUnsubscribedDataTag = TypedDict(
    "WebhookEventUnsubscribedDataTag",
    {
        "name": str,
        "value": str,
    },
)


WebhookEventUnsubscribedDataEvent = TypedDict(
    "WebhookEventUnsubscribedDataEvent",
    {
        "eventId": str,
        "type": Literal["unsubscribed"],
        "eventTimestamp": str,
    },
)


WebhookEventUnsubscribedData = TypedDict(
    "WebhookEventUnsubscribedData",
    {
        "emailId": str,
        "tags": List["WebhookEventUnsubscribedDataTag"],
        "event": "WebhookEventUnsubscribedDataEvent",
    },
)


# The body of a `unsubscribed` event: The recipient used the email's one-click unsubscribe link: later emails of that topic to that address are not sent (payload: topic, recipient).
WebhookEventUnsubscribed = TypedDict(
    "WebhookEventUnsubscribed",
    {
        "id": str,
        "type": Literal["email.event"],
        "createdAt": str,
        "data": "WebhookEventUnsubscribedData",
        "test": NotRequired[Literal[True]],
        "replayOf": NotRequired[str],
    },
)


WebhookEventDataTag = TypedDict(
    "WebhookEventDataTag",
    {
        "name": str,
        "value": str,
    },
)


WebhookEventDataEvent = TypedDict(
    "WebhookEventDataEvent",
    {
        "eventId": str,
        "type": "EventType",
        "eventTimestamp": str,
    },
)


WebhookEventData = TypedDict(
    "WebhookEventData",
    {
        "emailId": str,
        "tags": List["WebhookEventDataTag"],
        "event": "WebhookEventDataEvent",
    },
)


# The JSON body of every webhook request. Every retry sends exactly the same bytes.
WebhookEvent = TypedDict(
    "WebhookEvent",
    {
        "id": str,
        "type": Literal["email.event"],
        "createdAt": str,
        "data": "WebhookEventData",
        "test": NotRequired[Literal[True]],
        "replayOf": NotRequired[str],
    },
)


# What the provider reported about an email; `failed` is ours: the email ended failed without a provider's verdict (its payload has `source: "svc"`, a `reason` code and a `message`).
EventType = Literal["sent", "delivered", "opened", "clicked", "bounced", "complained", "rejected", "rendering_failed", "delivery_delayed", "failed", "received", "unsubscribed"]


# The email is stored: `queued` (the handoff to the provider happens in the background) or `scheduled` (queued at its `scheduledAt`).
QueuedEmail = TypedDict(
    "QueuedEmail",
    {
        "id": str,
        "status": Literal["queued", "scheduled"],
    },
)


SendEmailRequestTag = TypedDict(
    "SendEmailRequestTag",
    {
        "name": str,
        "value": str,
    },
)


SendEmailRequestAttachment = TypedDict(
    "SendEmailRequestAttachment",
    {
        "filename": str,
        "content": str,
        "contentType": NotRequired[Optional[str]],
        "contentId": NotRequired[Optional[str]],
    },
)


SendEmailRequestTemplate = TypedDict(
    "SendEmailRequestTemplate",
    {
        "id": NotRequired[str],
        "alias": NotRequired[str],
        "version": NotRequired[int],
        "variables": NotRequired[Any],
    },
)


# One-click unsubscribe (RFC 8058): the message gets List-Unsubscribe and List-Unsubscribe-Post headers whose link unsubscribes the recipient from `topic` in this workspace; later emails of that topic to that address end `failed` with a `rejected` event (reason `unsubscribed`). Needs exactly one recipient, in `to`, and no List-Unsubscribe header in `headers` (at most 13 headers).
SendEmailRequestUnsubscribe = TypedDict(
    "SendEmailRequestUnsubscribe",
    {
        "topic": str,
    },
)


# - `from`: an address or `Name <address>` (address at most 254 characters, name at most 200), on a domain verified for the workspace.
# - `to`: 1 to 50 addresses (a single address as a string is accepted too).
# - `subject`: 1 to 998 characters, no line breaks.
# - At least one of `html` and `text`.
# - `scheduledAt`: optional, an ISO 8601 date-time with a time zone, at most 30 days ahead; the email is `scheduled` until then.
# - No other fields; no NUL characters anywhere. The whole body is at most 48 MB.
SendEmailRequest = TypedDict(
    "SendEmailRequest",
    {
        "from": str,
        "to": List[str],
        "cc": NotRequired[List[str]],
        "bcc": NotRequired[List[str]],
        "replyTo": NotRequired[List[str]],
        "subject": NotRequired[str],
        "html": NotRequired[Optional[str]],
        "text": NotRequired[Optional[str]],
        "headers": NotRequired[Any],
        "tags": NotRequired[List["SendEmailRequestTag"]],
        "attachments": NotRequired[List["SendEmailRequestAttachment"]],
        "scheduledAt": NotRequired[Optional[str]],
        "template": NotRequired["SendEmailRequestTemplate"],
        "unsubscribe": NotRequired["SendEmailRequestUnsubscribe"],
    },
)


BatchEntryVariant2 = TypedDict(
    "BatchEntryVariant2",
    {
        "error": str,
        "code": Literal["bad_request", "region_not_configured", "unauthorized", "forbidden", "domain_not_verified", "domain_not_allowed", "source_not_allowed", "not_found", "conflict", "confirmation_required", "replay_in_progress", "payload_too_large", "unsupported_media_type", "validation_failed", "attachment_quota_exceeded", "daily_limit_reached", "rate_limited", "replay_quota_exceeded", "render_rate_limited", "replay_rate_limited", "erasure_rate_limited", "unavailable", "server_busy", "internal"],
    },
)


# One email of a batch, in request order: created, or (permissive mode) why not.
BatchEntry = Union["QueuedEmail", "BatchEntryVariant2"]


# 1 to 100 emails, each a POST /emails body; the whole body at most 10 MB.
SendEmailBatchRequest = List["SendEmailRequest"]


# A scheduled email after a cancel or a reschedule.
ScheduleChange = TypedDict(
    "ScheduleChange",
    {
        "id": str,
        "status": "EmailStatus",
        "scheduledAt": Optional[str],
    },
)


# Moves forward only: `queued → sending → sent → delivery_delayed → delivered → complained`; `bounced`, `rejected` and `failed` are final; `opened`/`clicked` leave it unchanged.
EmailStatus = Literal["scheduled", "queued", "sending", "sent", "delivery_delayed", "delivered", "complained", "bounced", "rejected", "failed", "canceled"]


# `scheduledAt`: an ISO 8601 date-time with a time zone, at most 30 days ahead.
RescheduleRequest = TypedDict(
    "RescheduleRequest",
    {
        "scheduledAt": str,
    },
)


EmailTag = TypedDict(
    "EmailTag",
    {
        "name": str,
        "value": str,
    },
)


EmailAttachment = TypedDict(
    "EmailAttachment",
    {
        "filename": str,
        "contentType": str,
        "contentId": Optional[str],
        "size": int,
    },
)


# An email, without its events (as listed).
Email = TypedDict(
    "Email",
    {
        "id": str,
        "organizationId": str,
        "apiKeyId": str,
        "from": str,
        "to": List[str],
        "cc": List[str],
        "bcc": List[str],
        "replyTo": List[str],
        "headers": Dict[str, str],
        "tags": List["EmailTag"],
        "attachments": List["EmailAttachment"],
        "subject": str,
        "html": Optional[str],
        "text": Optional[str],
        "status": "EmailStatus",
        "provider": Optional[str],
        "providerMessageId": Optional[str],
        "errorMessage": Optional[str],
        "createdAt": str,
        "sentAt": Optional[str],
        "failedAt": Optional[str],
        "scheduledAt": Optional[str],
        "bodyRemovedAt": Optional[str],
    },
)


EmailWithEventsTag = TypedDict(
    "EmailWithEventsTag",
    {
        "name": str,
        "value": str,
    },
)


EmailWithEventsAttachment = TypedDict(
    "EmailWithEventsAttachment",
    {
        "filename": str,
        "contentType": str,
        "contentId": Optional[str],
        "size": int,
    },
)


EmailWithEventsTemplate = TypedDict(
    "EmailWithEventsTemplate",
    {
        "id": str,
        "alias": Optional[str],
        "version": Optional[int],
        "variables": Dict[str, Any],
    },
)


EmailWithEventsReply = TypedDict(
    "EmailWithEventsReply",
    {
        "id": str,
        "receivedAt": str,
        "from": Optional[str],
    },
)


EmailWithEventsSuppressedRecipient = TypedDict(
    "EmailWithEventsSuppressedRecipient",
    {
        "address": str,
        "reason": str,
    },
)


EmailWithEventsWaitingReason = TypedDict(
    "EmailWithEventsWaitingReason",
    {
        "code": Literal["scheduled", "provider_retry", "tenant_paused", "account_paused", "account_quota", "rate_limit", "render_busy", "attachment_budget", "region_unavailable", "handoff_unknown", "no_sender", "no_job", "backlog", "domain_not_verified", "provider_identity_not_verified", "no_provider_events"],
        "message": str,
        "nextAttemptAt": NotRequired[str],
    },
)


EmailWithEventsWaiting = TypedDict(
    "EmailWithEventsWaiting",
    {
        "since": str,
        "reasons": List["EmailWithEventsWaitingReason"],
    },
)


# An email with the first page of its events.
EmailWithEvents = TypedDict(
    "EmailWithEvents",
    {
        "id": str,
        "organizationId": str,
        "apiKeyId": str,
        "from": str,
        "to": List[str],
        "cc": List[str],
        "bcc": List[str],
        "replyTo": List[str],
        "headers": Dict[str, str],
        "tags": List["EmailWithEventsTag"],
        "attachments": List["EmailWithEventsAttachment"],
        "subject": str,
        "html": Optional[str],
        "text": Optional[str],
        "status": "EmailStatus",
        "provider": Optional[str],
        "providerMessageId": Optional[str],
        "errorMessage": Optional[str],
        "createdAt": str,
        "sentAt": Optional[str],
        "failedAt": Optional[str],
        "scheduledAt": Optional[str],
        "bodyRemovedAt": Optional[str],
        "template": Optional["EmailWithEventsTemplate"],
        "replies": List["EmailWithEventsReply"],
        "suppressedRecipients": List["EmailWithEventsSuppressedRecipient"],
        "events": List["EmailEvent"],
        "eventsNextCursor": Optional[str],
        "waiting": Optional["EmailWithEventsWaiting"],
    },
)


# An immutable record of something that happened to an email.
EmailEvent = TypedDict(
    "EmailEvent",
    {
        "id": str,
        "emailId": str,
        "type": "EventType",
        "eventTimestamp": str,
        "createdAt": str,
        "payloadJson": str,
    },
)


# One page of an email's events.
EmailEventPage = TypedDict(
    "EmailEventPage",
    {
        "events": List["EmailEvent"],
        "nextCursor": Optional[str],
    },
)


# An API key record: never the key itself, never its hash.
ApiKey = TypedDict(
    "ApiKey",
    {
        "id": str,
        "name": str,
        "environment": Literal["live", "test"],
        "scope": Literal["send-only", "read-only", "full-access"],
        "displayHint": str,
        "createdAt": str,
        "lastUsedAt": Optional[str],
        "revokedAt": Optional[str],
        "allowedDomains": List[str],
        "allowedCidrs": List[str],
    },
)


# A recipient who unsubscribed from one topic: only emails naming that topic skip it.
TopicSuppression = TypedDict(
    "TopicSuppression",
    {
        "id": str,
        "topic": str,
        "address": str,
        "emailId": Optional[str],
        "createdAt": str,
    },
)


# An address the sender never hands to the provider for this workspace.
Suppression = TypedDict(
    "Suppression",
    {
        "id": str,
        "address": str,
        "reason": Literal["hard_bounce", "complaint", "manual"],
        "emailId": Optional[str],
        "eventId": Optional[str],
        "createdAt": str,
        "expiresAt": Optional[str],
        "active": bool,
    },
)


# `address`: one email address (at most 254 characters). `reason`: only `manual`. `expiresAt`: a future date-time, or null for never.
AddSuppressionRequest = TypedDict(
    "AddSuppressionRequest",
    {
        "address": str,
        "reason": NotRequired[Literal["manual"]],
        "expiresAt": NotRequired[Optional[str]],
    },
)


# A webhook subscription. The signing secret is never shown again after creation.
WebhookSubscription = TypedDict(
    "WebhookSubscription",
    {
        "id": str,
        "workspaceId": str,
        "url": str,
        "events": List["EventType"],
        "isActive": bool,
        "createdAt": str,
        "failingSince": Optional[str],
        "disabledAt": Optional[str],
        "disabledReason": Optional[str],
        "maxDeliveriesPerSecond": Optional[int],
    },
)


CreatedWebhookSubscription = TypedDict(
    "CreatedWebhookSubscription",
    {
        "id": str,
        "workspaceId": str,
        "url": str,
        "events": List["EventType"],
        "isActive": bool,
        "createdAt": str,
        "failingSince": Optional[str],
        "disabledAt": Optional[str],
        "disabledReason": Optional[str],
        "maxDeliveriesPerSecond": Optional[int],
        "secret": str,
    },
)


CreateWebhookSubscriptionRequest = TypedDict(
    "CreateWebhookSubscriptionRequest",
    {
        "url": str,
        "events": List[Literal["sent", "delivered", "opened", "clicked", "bounced", "complained", "rejected", "rendering_failed", "delivery_delayed", "failed", "received", "unsubscribed"]],
        "maxDeliveriesPerSecond": NotRequired[Optional[int]],
    },
)


UpdateWebhookSubscriptionRequest = TypedDict(
    "UpdateWebhookSubscriptionRequest",
    {
        "url": NotRequired[str],
        "events": NotRequired[List[Literal["sent", "delivered", "opened", "clicked", "bounced", "complained", "rejected", "rendering_failed", "delivery_delayed", "failed", "received", "unsubscribed"]]],
        "isActive": NotRequired[bool],
        "maxDeliveriesPerSecond": NotRequired[Optional[int]],
    },
)


WebhookDeliveryDetail = TypedDict(
    "WebhookDeliveryDetail",
    {
        "id": str,
        "subscriptionId": str,
        "eventId": Optional[str],
        "eventType": "EventType",
        "test": bool,
        "replayOf": Optional[str],
        "status": Literal["pending", "succeeded", "failed"],
        "attemptCount": int,
        "firstAttemptAt": Optional[str],
        "nextAttemptAt": Optional[str],
        "lastStatusCode": Optional[int],
        "lastError": Optional[str],
        "createdAt": str,
        "completedAt": Optional[str],
        "attempts": NotRequired[List["WebhookAttempt"]],
        "body": str,
    },
)


WebhookAttempt = TypedDict(
    "WebhookAttempt",
    {
        "id": str,
        "number": int,
        "manual": bool,
        "startedAt": str,
        "durationMs": int,
        "statusCode": Optional[int],
        "responseExcerpt": Optional[str],
        "error": Optional[str],
    },
)


TestWebhookEventRequest = TypedDict(
    "TestWebhookEventRequest",
    {
        "eventType": NotRequired[Literal["sent", "delivered", "opened", "clicked", "bounced", "complained", "rejected", "rendering_failed", "delivery_delayed", "failed", "received", "unsubscribed"]],
    },
)


WebhookDelivery = TypedDict(
    "WebhookDelivery",
    {
        "id": str,
        "subscriptionId": str,
        "eventId": Optional[str],
        "eventType": "EventType",
        "test": bool,
        "replayOf": Optional[str],
        "status": Literal["pending", "succeeded", "failed"],
        "attemptCount": int,
        "firstAttemptAt": Optional[str],
        "nextAttemptAt": Optional[str],
        "lastStatusCode": Optional[int],
        "lastError": Optional[str],
        "createdAt": str,
        "completedAt": Optional[str],
        "attempts": NotRequired[List["WebhookAttempt"]],
    },
)


# Its deliveries by status now.
WebhookReplayProgress = TypedDict(
    "WebhookReplayProgress",
    {
        "pending": int,
        "succeeded": int,
        "failed": int,
    },
)


# Past deliveries of one subscription sent again, paced, with its progress.
WebhookReplay = TypedDict(
    "WebhookReplay",
    {
        "id": str,
        "subscriptionId": str,
        "kind": Literal["delivery", "email", "failed_since", "range"],
        "deliveryId": Optional[str],
        "emailId": Optional[str],
        "since": Optional[str],
        "until": Optional[str],
        "perSecond": int,
        "rearmed": int,
        "copied": int,
        "createdAt": str,
        "pacedUntil": str,
        "progress": "WebhookReplayProgress",
    },
)


ReplayWebhookDeliveriesRequestVariant1 = TypedDict(
    "ReplayWebhookDeliveriesRequestVariant1",
    {
        "kind": Literal["delivery"],
        "deliveryId": str,
        "perSecond": NotRequired[int],
    },
)


ReplayWebhookDeliveriesRequestVariant2 = TypedDict(
    "ReplayWebhookDeliveriesRequestVariant2",
    {
        "kind": Literal["email"],
        "emailId": str,
        "perSecond": NotRequired[int],
    },
)


ReplayWebhookDeliveriesRequestVariant3 = TypedDict(
    "ReplayWebhookDeliveriesRequestVariant3",
    {
        "kind": Literal["failed_since"],
        "since": str,
        "perSecond": NotRequired[int],
    },
)


ReplayWebhookDeliveriesRequestVariant4 = TypedDict(
    "ReplayWebhookDeliveriesRequestVariant4",
    {
        "kind": Literal["range"],
        "since": str,
        "until": str,
        "perSecond": NotRequired[int],
    },
)


# Which finished deliveries of the subscription to send again (pending ones are still being attempted and are left alone).
ReplayWebhookDeliveriesRequest = Union["ReplayWebhookDeliveriesRequestVariant1", "ReplayWebhookDeliveriesRequestVariant2", "ReplayWebhookDeliveriesRequestVariant3", "ReplayWebhookDeliveriesRequestVariant4"]


TemplateDraft = TypedDict(
    "TemplateDraft",
    {
        "subject": str,
        "html": str,
        "text": Optional[str],
        "variables": List["TemplateVariable"],
    },
)


Template = TypedDict(
    "Template",
    {
        "id": str,
        "name": str,
        "alias": str,
        "layoutId": Optional[str],
        "draft": "TemplateDraft",
        "publishedVersion": Optional[int],
        "createdAt": str,
        "updatedAt": str,
    },
)


TemplateVariable = TypedDict(
    "TemplateVariable",
    {
        "name": str,
        "type": Literal["string", "number", "boolean", "list", "object"],
        "fallback": NotRequired[Any],
    },
)


CreateTemplateRequest = TypedDict(
    "CreateTemplateRequest",
    {
        "name": str,
        "alias": str,
        "subject": str,
        "html": str,
        "text": NotRequired[Optional[str]],
        "variables": NotRequired[List["TemplateVariable"]],
        "layoutId": NotRequired[Optional[str]],
    },
)


# The fields to change in the draft; published versions never change.
UpdateTemplateRequest = TypedDict(
    "UpdateTemplateRequest",
    {
        "name": NotRequired[str],
        "alias": NotRequired[str],
        "subject": NotRequired[str],
        "html": NotRequired[str],
        "text": NotRequired[Optional[str]],
        "variables": NotRequired[List["TemplateVariable"]],
        "layoutId": NotRequired[Optional[str]],
    },
)


TemplateVersion = TypedDict(
    "TemplateVersion",
    {
        "version": int,
        "subject": str,
        "html": str,
        "text": Optional[str],
        "variables": List["TemplateVariable"],
        "layoutHtml": Optional[str],
        "publishedAt": str,
    },
)


PublishTemplateRequest = TypedDict(
    "PublishTemplateRequest",
    {
        "fromVersion": NotRequired[int],
    },
)


DuplicateTemplateRequest = TypedDict(
    "DuplicateTemplateRequest",
    {
        "alias": str,
        "name": NotRequired[str],
    },
)


RenderedTemplate = TypedDict(
    "RenderedTemplate",
    {
        "subject": str,
        "html": str,
        "text": str,
    },
)


RenderTemplateRequest = TypedDict(
    "RenderTemplateRequest",
    {
        "version": NotRequired[int],
        "variables": NotRequired[Dict[str, Any]],
    },
)


InboundSummaryAttachment = TypedDict(
    "InboundSummaryAttachment",
    {
        "filename": Optional[str],
        "contentType": str,
        "size": int,
    },
)


InboundSummaryVerdictsSpf = TypedDict(
    "InboundSummaryVerdictsSpf",
    {
        "result": str,
        "domain": NotRequired[Optional[str]],
        "policy": NotRequired[Optional[str]],
    },
)


InboundSummaryVerdictsDkim = TypedDict(
    "InboundSummaryVerdictsDkim",
    {
        "result": str,
        "domain": NotRequired[Optional[str]],
        "policy": NotRequired[Optional[str]],
    },
)


InboundSummaryVerdictsDmarc = TypedDict(
    "InboundSummaryVerdictsDmarc",
    {
        "result": str,
        "domain": NotRequired[Optional[str]],
        "policy": NotRequired[Optional[str]],
    },
)


InboundSummaryVerdictsArc = TypedDict(
    "InboundSummaryVerdictsArc",
    {
        "result": str,
        "domain": NotRequired[Optional[str]],
        "policy": NotRequired[Optional[str]],
    },
)


InboundSummaryVerdictsSpam = TypedDict(
    "InboundSummaryVerdictsSpam",
    {
        "result": str,
        "domain": NotRequired[Optional[str]],
        "policy": NotRequired[Optional[str]],
    },
)


InboundSummaryVerdictsVirus = TypedDict(
    "InboundSummaryVerdictsVirus",
    {
        "result": str,
        "domain": NotRequired[Optional[str]],
        "policy": NotRequired[Optional[str]],
    },
)


InboundSummaryVerdicts = TypedDict(
    "InboundSummaryVerdicts",
    {
        "spf": "InboundSummaryVerdictsSpf",
        "dkim": "InboundSummaryVerdictsDkim",
        "dmarc": "InboundSummaryVerdictsDmarc",
        "arc": "InboundSummaryVerdictsArc",
        "spam": NotRequired["InboundSummaryVerdictsSpam"],
        "virus": NotRequired["InboundSummaryVerdictsVirus"],
    },
)


InboundSummary = TypedDict(
    "InboundSummary",
    {
        "id": str,
        "source": Literal["mx", "ses"],
        "mailFrom": str,
        "recipients": List[str],
        "from": Optional[str],
        "to": List[str],
        "cc": List[str],
        "subject": Optional[str],
        "messageId": Optional[str],
        "inReplyTo": Optional[str],
        "replyToEmailId": Optional[str],
        "attachments": List["InboundSummaryAttachment"],
        "size": int,
        "verdicts": "InboundSummaryVerdicts",
        "parseError": Optional[str],
        "receivedAt": str,
    },
)


InboundAttachment = TypedDict(
    "InboundAttachment",
    {
        "filename": Optional[str],
        "contentType": str,
        "size": int,
    },
)


InboundVerdictsSpf = TypedDict(
    "InboundVerdictsSpf",
    {
        "result": str,
        "domain": NotRequired[Optional[str]],
        "policy": NotRequired[Optional[str]],
    },
)


InboundVerdictsDkim = TypedDict(
    "InboundVerdictsDkim",
    {
        "result": str,
        "domain": NotRequired[Optional[str]],
        "policy": NotRequired[Optional[str]],
    },
)


InboundVerdictsDmarc = TypedDict(
    "InboundVerdictsDmarc",
    {
        "result": str,
        "domain": NotRequired[Optional[str]],
        "policy": NotRequired[Optional[str]],
    },
)


InboundVerdictsArc = TypedDict(
    "InboundVerdictsArc",
    {
        "result": str,
        "domain": NotRequired[Optional[str]],
        "policy": NotRequired[Optional[str]],
    },
)


InboundVerdictsSpam = TypedDict(
    "InboundVerdictsSpam",
    {
        "result": str,
        "domain": NotRequired[Optional[str]],
        "policy": NotRequired[Optional[str]],
    },
)


InboundVerdictsVirus = TypedDict(
    "InboundVerdictsVirus",
    {
        "result": str,
        "domain": NotRequired[Optional[str]],
        "policy": NotRequired[Optional[str]],
    },
)


InboundVerdicts = TypedDict(
    "InboundVerdicts",
    {
        "spf": "InboundVerdictsSpf",
        "dkim": "InboundVerdictsDkim",
        "dmarc": "InboundVerdictsDmarc",
        "arc": "InboundVerdictsArc",
        "spam": NotRequired["InboundVerdictsSpam"],
        "virus": NotRequired["InboundVerdictsVirus"],
    },
)


Inbound = TypedDict(
    "Inbound",
    {
        "id": str,
        "source": Literal["mx", "ses"],
        "mailFrom": str,
        "recipients": List[str],
        "from": Optional[str],
        "to": List[str],
        "cc": List[str],
        "subject": Optional[str],
        "messageId": Optional[str],
        "inReplyTo": Optional[str],
        "replyToEmailId": Optional[str],
        "attachments": List["InboundAttachment"],
        "size": int,
        "verdicts": "InboundVerdicts",
        "parseError": Optional[str],
        "receivedAt": str,
        "text": Optional[str],
        "html": Optional[str],
        "headers": List[List[Any]],
    },
)


DmarcReport = TypedDict(
    "DmarcReport",
    {
        "id": str,
        "domain": str,
        "orgName": str,
        "orgEmail": Optional[str],
        "reportId": str,
        "begin": str,
        "end": str,
        "policy": Dict[str, Any],
        "recordCount": int,
        "messageCount": int,
        "authenticated": bool,
        "receivedAt": str,
    },
)


DmarcRecord = TypedDict(
    "DmarcRecord",
    {
        "sourceIp": str,
        "count": int,
        "disposition": str,
        "dkim": str,
        "spf": str,
        "aligned": bool,
        "headerFrom": str,
        "envelopeFrom": Optional[str],
        "dkimDomain": Optional[str],
        "dkimResult": Optional[str],
        "spfDomain": Optional[str],
        "spfResult": Optional[str],
    },
)


DmarcSourceDisposition = TypedDict(
    "DmarcSourceDisposition",
    {
        "none": int,
        "quarantine": int,
        "reject": int,
    },
)


DmarcSource = TypedDict(
    "DmarcSource",
    {
        "domain": str,
        "sourceIp": str,
        "messages": int,
        "aligned": int,
        "notAligned": int,
        "disposition": "DmarcSourceDisposition",
    },
)


AuditEntryActor = TypedDict(
    "AuditEntryActor",
    {
        "type": Literal["user", "api_key", "operator", "anonymous"],
        "id": Optional[str],
    },
)


AuditEntryTarget = TypedDict(
    "AuditEntryTarget",
    {
        "type": str,
        "id": str,
    },
)


AuditEntry = TypedDict(
    "AuditEntry",
    {
        "id": str,
        "at": str,
        "workspaceId": Optional[str],
        "actor": "AuditEntryActor",
        "source": Optional[str],
        "action": Literal["auth.sign_up", "auth.sign_in", "auth.sign_in_failed", "auth.sign_out", "auth.second_factor_enrolled", "auth.second_factor_removed", "auth.recovery_code_used", "auth.recovery_codes_regenerated", "auth.oidc_refused", "email.canceled", "email.rescheduled", "api_key.created", "api_key.revoked", "api_key.source_refused", "domain.created", "domain.verified", "domain.tracking_changed", "domain.removed", "receiving_domain.created", "receiving_domain.verified", "receiving_domain.removed", "inbound_route.created", "inbound_route.removed", "webhook.created", "webhook.updated", "webhook.deleted", "webhook.replayed", "webhook.test_sent", "template.created", "template.updated", "template.deleted", "template.published", "template.duplicated", "template.test_sent", "test_recipient.added", "test_recipient.removed", "suppression.added", "suppression.removed", "suppression.imported", "suppression.exported", "topic_suppression.removed", "member.invited", "member.invitation_revoked", "member.joined", "member.role_changed", "member.removed", "operator.granted", "operator.revoked", "workspace.created", "workspace.plan_changed", "workspace.rate_limit_changed", "workspace.second_factor_requirement_changed", "workspace.retention_changed", "workspace.regions_changed", "ses.setup", "oidc.configured", "oidc.enabled_changed", "oidc.removed", "oidc.domain_allowed", "oidc.domain_removed", "erasure.requested", "erasure.completed"],
        "target": Optional["AuditEntryTarget"],
        "changes": Dict[str, Any],
    },
)


# An erasure never shows the addresses it was asked about.
Erasure = TypedDict(
    "Erasure",
    {
        "id": str,
        "status": Literal["queued", "running", "completed", "failed"],
        "addressCount": int,
        "emailIdCount": int,
        "step": Optional[str],
        "receipt": "ErasureReceipt",
        "error": Optional[str],
        "createdAt": str,
        "startedAt": Optional[str],
        "completedAt": Optional[str],
    },
)


# Rows deleted, by table.
ErasureReceiptRemoved = TypedDict(
    "ErasureReceiptRemoved",
    {
        "emails": int,
        "email_events": int,
        "webhook_deliveries": int,
        "webhook_attempts": int,
        "email_attachments": int,
        "idempotency_keys": int,
        "inbound_emails": int,
        "inbound_attachments": int,
        "test_recipients": int,
    },
)


# Rows kept with the erased addresses replaced by their tokens (`erased-<hex>@erased.invalid`): emails that had other recipients (and their events, webhook deliveries and attempts), and suppressions, which keep suppressing the address.
ErasureReceiptRedacted = TypedDict(
    "ErasureReceiptRedacted",
    {
        "emails": int,
        "email_events": int,
        "webhook_deliveries": int,
        "webhook_attempts": int,
        "suppressions": int,
    },
)


ErasureReceipt = TypedDict(
    "ErasureReceipt",
    {
        "removed": "ErasureReceiptRemoved",
        "redacted": "ErasureReceiptRedacted",
        "objectsDeleted": int,
    },
)


CreateErasureRequest = TypedDict(
    "CreateErasureRequest",
    {
        "addresses": NotRequired[List[str]],
        "emailIds": NotRequired[List[str]],
    },
)


# Rows deleted, by table.
ErasureReceiptDocumentRemoved = TypedDict(
    "ErasureReceiptDocumentRemoved",
    {
        "emails": int,
        "email_events": int,
        "webhook_deliveries": int,
        "webhook_attempts": int,
        "email_attachments": int,
        "idempotency_keys": int,
        "inbound_emails": int,
        "inbound_attachments": int,
        "test_recipients": int,
    },
)


# Rows kept with the erased addresses replaced by their tokens (`erased-<hex>@erased.invalid`): emails that had other recipients (and their events, webhook deliveries and attempts), and suppressions, which keep suppressing the address.
ErasureReceiptDocumentRedacted = TypedDict(
    "ErasureReceiptDocumentRedacted",
    {
        "emails": int,
        "email_events": int,
        "webhook_deliveries": int,
        "webhook_attempts": int,
        "suppressions": int,
    },
)


ErasureReceiptDocument = TypedDict(
    "ErasureReceiptDocument",
    {
        "removed": "ErasureReceiptDocumentRemoved",
        "redacted": "ErasureReceiptDocumentRedacted",
        "objectsDeleted": int,
        "erasureId": str,
        "workspaceId": str,
        "status": Literal["queued", "running", "completed", "failed"],
        "requestedAt": str,
        "completedAt": Optional[str],
        "addressCount": int,
        "emailIdCount": int,
    },
)


DeliverabilityBreakdownProviderBounce = TypedDict(
    "DeliverabilityBreakdownProviderBounce",
    {
        "cause": Literal["unknown_user", "mailbox_full", "policy_block", "dns_routing", "message_too_large", "suppressed", "permanent_other", "transient_other", "unclassified"],
        "count": int,
    },
)


DeliverabilityBreakdownProvider = TypedDict(
    "DeliverabilityBreakdownProvider",
    {
        "provider": Literal["gmail", "microsoft", "yahoo", "apple", "other"],
        "sent": int,
        "delivered": int,
        "bounced": int,
        "complained": int,
        "deliveryRate": Optional[float],
        "bounceRate": Optional[float],
        "complaintRate": Optional[float],
        "bounces": List["DeliverabilityBreakdownProviderBounce"],
    },
)


DeliverabilityBreakdownBounce = TypedDict(
    "DeliverabilityBreakdownBounce",
    {
        "cause": Literal["unknown_user", "mailbox_full", "policy_block", "dns_routing", "message_too_large", "suppressed", "permanent_other", "transient_other", "unclassified"],
        "count": int,
    },
)


DeliverabilityBreakdown = TypedDict(
    "DeliverabilityBreakdown",
    {
        "from": str,
        "to": str,
        "days": int,
        "providers": List["DeliverabilityBreakdownProvider"],
        "bounces": List["DeliverabilityBreakdownBounce"],
    },
)


DeleteWebhookSubscriptionResponse = TypedDict(
    "DeleteWebhookSubscriptionResponse",
    {
        "id": str,
        "deleted": Literal[True],
    },
)


ListTemplatesResponse = TypedDict(
    "ListTemplatesResponse",
    {
        "data": List["Template"],
        "hasMore": bool,
    },
)


DeleteTemplateResponse = TypedDict(
    "DeleteTemplateResponse",
    {
        "id": str,
        "deleted": Literal[True],
    },
)


ListTemplateVersionsResponse = TypedDict(
    "ListTemplateVersionsResponse",
    {
        "data": List["TemplateVersion"],
    },
)


ListInboundResponse = TypedDict(
    "ListInboundResponse",
    {
        "data": List["InboundSummary"],
        "nextCursor": Optional[str],
    },
)


ListDmarcReportsResponse = TypedDict(
    "ListDmarcReportsResponse",
    {
        "data": List["DmarcReport"],
        "nextCursor": Optional[str],
    },
)


GetDmarcReportResponse = TypedDict(
    "GetDmarcReportResponse",
    {
        "id": str,
        "domain": str,
        "orgName": str,
        "orgEmail": Optional[str],
        "reportId": str,
        "begin": str,
        "end": str,
        "policy": Dict[str, Any],
        "recordCount": int,
        "messageCount": int,
        "authenticated": bool,
        "receivedAt": str,
        "records": List["DmarcRecord"],
    },
)


SummarizeDmarcResponseTotals = TypedDict(
    "SummarizeDmarcResponseTotals",
    {
        "messages": int,
        "aligned": int,
        "notAligned": int,
    },
)


SummarizeDmarcResponseDailyItem = TypedDict(
    "SummarizeDmarcResponseDailyItem",
    {
        "day": str,
        "messages": int,
        "aligned": int,
    },
)


SummarizeDmarcResponse = TypedDict(
    "SummarizeDmarcResponse",
    {
        "from": str,
        "to": str,
        "totals": "SummarizeDmarcResponseTotals",
        "sources": List["DmarcSource"],
        "daily": List["SummarizeDmarcResponseDailyItem"],
        "refused": Dict[str, int],
    },
)


ListAuditLogResponse = TypedDict(
    "ListAuditLogResponse",
    {
        "data": List["AuditEntry"],
        "nextCursor": Optional[str],
    },
)


GetHealthResponse = TypedDict(
    "GetHealthResponse",
    {
        "status": Literal["ok"],
    },
)


GetReadinessResponse = TypedDict(
    "GetReadinessResponse",
    {
        "status": Literal["ready"],
        "checks": Dict[str, Literal["ok", "unreachable"]],
    },
)


GetOpenApiDocumentResponse = TypedDict(
    "GetOpenApiDocumentResponse",
    {
        "openapi": str,
    },
)
