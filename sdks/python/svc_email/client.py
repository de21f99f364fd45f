"""The svc REST API: one method per operation of the OpenAPI document, grouped by resource."""

import os
from typing import Any, Dict, Iterator, List, Mapping, Optional, Tuple, TypedDict

from . import _generated as models
from ._transport import Answer, RetryPolicy, Transport
from .errors import SvcError

__version__ = "0.1.0"

DEFAULT_PAGE_SIZE = 100


def operation(operation_id: str):
    """Names the document's operation a method calls; the coverage test collects these."""

    def mark(method):
        method.operation_id = operation_id
        return method

    return mark


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _query(**params: Any) -> Dict[str, Any]:
    """Keyword arguments (snake_case) as the API's query parameters (camelCase), unset ones left out."""
    return {_camel(name): value for name, value in params.items() if value is not None}


class SendResult(models.QueuedEmail):
    # True when the API answered with the stored result of an earlier send with the same key.
    replayed: bool


class BatchResult(TypedDict):
    # One entry per email, in request order: {id, status} or, in permissive mode, {error, code}.
    entries: List[models.BatchEntry]
    replayed: bool


def _replayed(answer: Answer) -> bool:
    return any(name.lower() == "idempotent-replayed" and value == "true" for name, value in answer.headers.items())


class _Resource:
    def __init__(self, transport: Transport) -> None:
        self._transport = transport

    def _call(self, operation_id: str, **kwargs: Any) -> Any:
        return self._transport.call(operation_id, **kwargs).body


class Emails(_Resource):
    @operation("sendEmail")
    def send(self, email: models.SendEmailRequest, *, idempotency_key: Optional[str] = None) -> SendResult:
        """Queues an email (202). Safe to retry: one Idempotency-Key is generated per call and
        reused by every retry; pass your own (an order id, say) to make your own retries safe."""
        answer = self._transport.call("sendEmail", body=email, idempotency_key=idempotency_key)
        return {**answer.body, "replayed": _replayed(answer)}  # type: ignore[typeddict-item]

    @operation("sendEmailBatch")
    def batch(
        self,
        emails: List[models.SendEmailRequest],
        *,
        mode: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> BatchResult:
        """Up to 100 emails in one request. ``mode="strict"`` (default): one refused email refuses
        the batch (an UnprocessableEntityError with ``details["errors"]``); ``"permissive"``: the
        others are created and the refused ones answered as ``{error, code}`` entries."""
        answer = self._transport.call("sendEmailBatch", query=_query(mode=mode), body=emails, idempotency_key=idempotency_key)
        return {"entries": answer.body, "replayed": _replayed(answer)}

    @operation("getEmail")
    def get(self, id: str) -> models.EmailWithEvents:
        """One email with the first page of its events (``eventsNextCursor`` leads to the rest)."""
        return self._call("getEmail", path={"id": id})

    @operation("listEmails")
    def list_page(
        self,
        *,
        limit: int = DEFAULT_PAGE_SIZE,
        after: Optional[str] = None,
        status: Optional[str] = None,
        to: Optional[str] = None,
        tag: Optional[str] = None,
        created_after: Optional[str] = None,
        created_before: Optional[str] = None,
    ) -> List[models.Email]:
        """One page, newest first; ``after`` is the last id of the previous page."""
        query = _query(
            limit=limit, after=after, status=status, to=to, tag=tag, created_after=created_after, created_before=created_before
        )
        return self._call("listEmails", query=query)

    def list(self, *, page_size: int = DEFAULT_PAGE_SIZE, after: Optional[str] = None, **filters: Any) -> Iterator[models.Email]:
        """Every email matching the filters, newest first, fetched a page at a time as you iterate."""
        while True:
            page = self.list_page(limit=page_size, after=after, **filters)
            yield from page
            if len(page) < page_size:
                return
            after = page[-1]["id"]

    @operation("listEmailEvents")
    def events_page(self, id: str, *, after: Optional[str] = None, limit: Optional[int] = None) -> models.EmailEventPage:
        """One page of an email's events, oldest first; ``after`` is the previous ``nextCursor``."""
        return self._call("listEmailEvents", path={"id": id}, query=_query(after=after, limit=limit))

    def events(self, id: str, *, page_size: Optional[int] = None) -> Iterator[models.EmailEvent]:
        """Every event of an email, oldest first, a page at a time."""
        after = None
        while True:
            page = self.events_page(id, after=after, limit=page_size)
            yield from page["events"]
            if page["nextCursor"] is None:
                return
            after = page["nextCursor"]

    @operation("rescheduleEmail")
    def reschedule(self, id: str, scheduled_at: Any) -> models.ScheduleChange:
        """Moves a scheduled email to ``scheduled_at`` (an aware datetime or ISO 8601 with a zone)."""
        at = scheduled_at.isoformat() if hasattr(scheduled_at, "isoformat") else scheduled_at
        return self._call("rescheduleEmail", path={"id": id}, body={"scheduledAt": at})

    @operation("cancelEmail")
    def cancel(self, id: str) -> models.ScheduleChange:
        """A scheduled email becomes ``canceled``; any other status is a ConflictError (409)."""
        return self._call("cancelEmail", path={"id": id})


class ApiKeys(_Resource):
    @operation("listApiKeys")
    def list(self) -> List[models.ApiKey]:
        """Every key record of the workspace (never a key itself)."""
        return self._call("listApiKeys")

    @operation("revokeApiKey")
    def revoke(self, id: str) -> models.ApiKey:
        """Revokes at once; revoking twice keeps the first time."""
        return self._call("revokeApiKey", path={"id": id})


class Suppressions(_Resource):
    @operation("listSuppressions")
    def list_page(
        self,
        *,
        address: Optional[str] = None,
        reason: Optional[str] = None,
        limit: Optional[int] = None,
        after: Optional[str] = None,
    ) -> List[models.Suppression]:
        """One page in address order; ``after`` is the last address of the previous page."""
        return self._call("listSuppressions", query=_query(address=address, reason=reason, limit=limit, after=after))

    def list(self, *, page_size: int = DEFAULT_PAGE_SIZE, **filters: Any) -> Iterator[models.Suppression]:
        after = None
        while True:
            page = self.list_page(limit=page_size, after=after, **filters)
            yield from page
            if len(page) < page_size:
                return
            after = page[-1]["address"]

    @operation("addSuppression")
    def add(self, entry: models.AddSuppressionRequest) -> Tuple[bool, models.Suppression]:
        """Adds a manual entry: ``(created, suppression)``; an address already listed is ``created=False``."""
        answer = self._transport.call("addSuppression", body=entry)
        return answer.status == 201, answer.body

    @operation("removeSuppression")
    def remove(self, address: str, *, confirm_complaint: bool = False) -> models.Suppression:
        """Removes an entry; one added by a complaint needs ``confirm_complaint=True``."""
        query = {"confirm": "complaint"} if confirm_complaint else {}
        return self._call("removeSuppression", path={"address": address}, query=query)

    @operation("listTopicSuppressions")
    def list_topics_page(
        self,
        *,
        topic: Optional[str] = None,
        address: Optional[str] = None,
        limit: Optional[int] = None,
        after_topic: Optional[str] = None,
        after_address: Optional[str] = None,
    ) -> List[models.TopicSuppression]:
        """One page of topic suppressions (one-click unsubscribes) in (topic, address) order;
        ``after_topic`` and ``after_address`` are the previous page's last entry."""
        query = _query(topic=topic, address=address, limit=limit, after_topic=after_topic, after_address=after_address)
        return self._call("listTopicSuppressions", query=query)

    def list_topics(self, *, page_size: int = DEFAULT_PAGE_SIZE, **filters: Any) -> Iterator[models.TopicSuppression]:
        after: Dict[str, Any] = {}
        while True:
            page = self.list_topics_page(limit=page_size, **filters, **after)
            yield from page
            if len(page) < page_size:
                return
            after = {"after_topic": page[-1]["topic"], "after_address": page[-1]["address"]}

    @operation("removeTopicSuppression")
    def remove_topic(self, topic: str, address: str) -> models.TopicSuppression:
        """Removes a topic suppression: the address gets that topic's emails again."""
        return self._call("removeTopicSuppression", path={"topic": topic, "address": address})


class Webhooks(_Resource):
    @operation("listWebhookSubscriptions")
    def list(self) -> List[models.WebhookSubscription]:
        return self._call("listWebhookSubscriptions")

    @operation("createWebhookSubscription")
    def create(self, subscription: models.CreateWebhookSubscriptionRequest) -> models.CreatedWebhookSubscription:
        """Creates a subscription; the answer's ``secret`` is shown this once. Not retried after a
        lost answer: a retry would make a second subscription with a secret you never saw."""
        return self._call("createWebhookSubscription", body=subscription)

    @operation("getWebhookSubscription")
    def get(self, id: str) -> models.WebhookSubscription:
        return self._call("getWebhookSubscription", path={"id": id})

    @operation("updateWebhookSubscription")
    def update(self, id: str, changes: models.UpdateWebhookSubscriptionRequest) -> models.WebhookSubscription:
        """Changes the fields given; the others stay."""
        return self._call("updateWebhookSubscription", path={"id": id}, body=changes)

    @operation("deleteWebhookSubscription")
    def delete(self, id: str) -> Dict[str, Any]:
        return self._call("deleteWebhookSubscription", path={"id": id})

    @operation("sendTestWebhookEvent")
    def test(self, id: str, *, event_type: Optional[str] = None) -> models.WebhookDeliveryDetail:
        """A real, signed delivery with ``"test": true``; the subscription's first event type by default."""
        return self._call("sendTestWebhookEvent", path={"id": id}, body=_query(event_type=event_type))

    @operation("listWebhookDeliveries")
    def deliveries(self, id: str, *, status: Optional[str] = None, limit: Optional[int] = None) -> List[models.WebhookDelivery]:
        """The most recent deliveries, newest first, each with its attempts."""
        return self._call("listWebhookDeliveries", path={"id": id}, query=_query(status=status, limit=limit))

    @operation("getWebhookDelivery")
    def delivery(self, id: str, delivery_id: str) -> models.WebhookDeliveryDetail:
        """One delivery with its attempts and the exact body it sends."""
        return self._call("getWebhookDelivery", path={"id": id, "deliveryId": delivery_id})

    @operation("replayWebhookDeliveries")
    def replay(self, id: str, request: models.ReplayWebhookDeliveriesRequest) -> models.WebhookReplay:
        """Sends past deliveries again, paced (one delivery, one email's, failed ones since a time, a range)."""
        return self._call("replayWebhookDeliveries", path={"id": id}, body=request)

    @operation("listWebhookReplays")
    def replays(self, id: str) -> List[models.WebhookReplay]:
        return self._call("listWebhookReplays", path={"id": id})

    @operation("getWebhookReplay")
    def replay_status(self, id: str, replay_id: str) -> models.WebhookReplay:
        return self._call("getWebhookReplay", path={"id": id, "replayId": replay_id})


class Templates(_Resource):
    """Templates are named by id or alias."""

    @operation("listTemplates")
    def list_page(self, *, limit: Optional[int] = None, after: Optional[str] = None) -> models.ListTemplatesResponse:
        """One page, newest first: ``{"data": [...], "hasMore": bool}``."""
        return self._call("listTemplates", query=_query(limit=limit, after=after))

    def list(self, *, page_size: int = DEFAULT_PAGE_SIZE) -> Iterator[models.Template]:
        after = None
        while True:
            page = self.list_page(limit=page_size, after=after)
            yield from page["data"]
            if not page["hasMore"] or not page["data"]:
                return
            after = page["data"][-1]["id"]

    @operation("createTemplate")
    def create(self, template: models.CreateTemplateRequest) -> models.Template:
        return self._call("createTemplate", body=template)

    @operation("getTemplate")
    def get(self, id_or_alias: str) -> models.Template:
        return self._call("getTemplate", path={"id": id_or_alias})

    @operation("updateTemplate")
    def update(self, id_or_alias: str, changes: models.UpdateTemplateRequest) -> models.Template:
        """Changes the draft; published versions never change."""
        return self._call("updateTemplate", path={"id": id_or_alias}, body=changes)

    @operation("deleteTemplate")
    def delete(self, id_or_alias: str) -> Dict[str, Any]:
        return self._call("deleteTemplate", path={"id": id_or_alias})

    @operation("publishTemplate")
    def publish(self, id_or_alias: str, options: Optional[models.PublishTemplateRequest] = None) -> models.TemplateVersion:
        """Publishes the draft as the next version."""
        return self._call("publishTemplate", path={"id": id_or_alias}, body=options or {})

    @operation("duplicateTemplate")
    def duplicate(self, id_or_alias: str, *, alias: str, name: Optional[str] = None) -> models.Template:
        """A new template under ``alias`` with a copy of this one's draft."""
        return self._call("duplicateTemplate", path={"id": id_or_alias}, body=_query(alias=alias, name=name))

    @operation("listTemplateVersions")
    def versions(self, id_or_alias: str) -> List[models.TemplateVersion]:
        return self._call("listTemplateVersions", path={"id": id_or_alias})["data"]

    @operation("renderTemplate")
    def render(
        self, id_or_alias: str, *, variables: Optional[Mapping[str, Any]] = None, version: Optional[int] = None
    ) -> models.RenderedTemplate:
        """A test render of the draft (or of ``version``); nothing is sent."""
        return self._call("renderTemplate", path={"id": id_or_alias}, body=_query(variables=variables, version=version))


class Inbound(_Resource):
    """Messages received for the workspace's receiving domains."""

    @operation("listInbound")
    def list_page(self, *, limit: Optional[int] = None, after: Optional[str] = None) -> models.ListInboundResponse:
        """One page, newest first: ``{"data": [...], "nextCursor": str | None}``."""
        return self._call("listInbound", query=_query(limit=limit, after=after))

    def list(self, *, page_size: int = DEFAULT_PAGE_SIZE) -> Iterator[models.InboundSummary]:
        after = None
        while True:
            page = self.list_page(limit=page_size, after=after)
            yield from page["data"]
            if page["nextCursor"] is None:
                return
            after = page["nextCursor"]

    @operation("getInbound")
    def get(self, id: str) -> models.Inbound:
        return self._call("getInbound", path={"id": id})

    @operation("getInboundRaw")
    def raw(self, id: str) -> bytes:
        """The message exactly as it arrived (``message/rfc822`` bytes)."""
        return self._call("getInboundRaw", path={"id": id})

    @operation("getInboundAttachment")
    def attachment(self, id: str, index: int) -> Tuple[bytes, str]:
        """Attachment ``index`` (its position in ``get(id)["attachments"]``): its bytes and content type."""
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise ValueError("index: the attachment's position, a whole number from 0.")
        answer = self._transport.call("getInboundAttachment", path={"id": id, "n": index})
        content_type = next((v for k, v in answer.headers.items() if k.lower() == "content-type"), "application/octet-stream")
        return answer.body, content_type


class AuditLog(_Resource):
    @operation("listAuditLog")
    def list_page(
        self,
        *,
        action: Optional[str] = None,
        actor: Optional[str] = None,
        target: Optional[str] = None,
        since: Optional[str] = None,
        until: Optional[str] = None,
        limit: Optional[int] = None,
        after: Optional[str] = None,
    ) -> models.ListAuditLogResponse:
        """One page, newest first: ``{"data": [...], "nextCursor": str | None}``."""
        query = _query(action=action, actor=actor, target=target, since=since, until=until, limit=limit, after=after)
        return self._call("listAuditLog", query=query)

    def list(self, *, page_size: int = DEFAULT_PAGE_SIZE, **filters: Any) -> Iterator[models.AuditEntry]:
        after = None
        while True:
            page = self.list_page(limit=page_size, after=after, **filters)
            yield from page["data"]
            if page["nextCursor"] is None:
                return
            after = page["nextCursor"]

    @operation("exportAuditLog")
    def export(self, *, format: str = "csv", **filters: Any) -> str:
        """Every matching entry as CSV or JSON Lines (``format="jsonl"``)."""
        return self._call("exportAuditLog", query=_query(format=format, **filters))


class Deliverability(_Resource):
    @operation("getDeliverability")
    def get(self, *, days: Optional[int] = None) -> models.DeliverabilityBreakdown:
        """Outcomes by mailbox provider and bounces by cause over the last ``days`` UTC days (7 unless given, at most 30)."""
        return self._call("getDeliverability", query=_query(days=days))


class Dmarc(_Resource):
    """DMARC aggregate reports received at the workspace's reporting address, and what they add up to."""

    @operation("listDmarcReports")
    def list_reports_page(
        self, *, domain: Optional[str] = None, limit: Optional[int] = None, after: Optional[str] = None
    ) -> models.ListDmarcReportsResponse:
        """One page of reports, newest first: ``{"data": [...], "nextCursor": str | None}``."""
        return self._call("listDmarcReports", query=_query(domain=domain, limit=limit, after=after))

    def list_reports(self, *, page_size: int = DEFAULT_PAGE_SIZE, **filters: Any) -> Iterator[models.DmarcReport]:
        after = None
        while True:
            page = self.list_reports_page(limit=page_size, after=after, **filters)
            yield from page["data"]
            if page["nextCursor"] is None:
                return
            after = page["nextCursor"]

    @operation("getDmarcReport")
    def get_report(self, id: str) -> models.GetDmarcReportResponse:
        """One report with its records (one per source IP and outcome)."""
        return self._call("getDmarcReport", path={"id": id})

    @operation("summarizeDmarc")
    def summary(
        self, *, from_: Optional[str] = None, to: Optional[str] = None, domain: Optional[str] = None
    ) -> models.SummarizeDmarcResponse:
        """Totals, sources and daily counts over [``from_``, ``to``), and the reports refused at the address."""
        return self._call("summarizeDmarc", query=_query(**{"from": from_}, to=to, domain=domain))


class Erasures(_Resource):
    """Forgetting people: every copy of their addresses in the workspace (full-access keys)."""

    @operation("createErasure")
    def create(self, *, addresses: Optional[List[str]] = None, email_ids: Optional[List[str]] = None) -> models.Erasure:
        """Starts erasing the addresses (or the emails, by id) given; poll ``get`` for its status."""
        body: Dict[str, Any] = {}
        if addresses is not None:
            body["addresses"] = addresses
        if email_ids is not None:
            body["emailIds"] = email_ids
        return self._call("createErasure", body=body)

    @operation("getErasure")
    def get(self, id: str) -> models.Erasure:
        return self._call("getErasure", path={"id": id})

    @operation("listErasures")
    def list_page(self, *, limit: Optional[int] = None, after: Optional[str] = None) -> List[models.Erasure]:
        """One page, newest first; ``after`` is the last id of the previous page."""
        return self._call("listErasures", query=_query(limit=limit, after=after))

    @operation("getErasureReceipt")
    def receipt(self, id: str) -> models.ErasureReceiptDocument:
        """A completed erasure's receipt: what was removed, by table and object count."""
        return self._call("getErasureReceipt", path={"id": id})


class Service(_Resource):
    """The operations that need no API key."""

    @operation("getHealth")
    def health(self) -> Dict[str, Any]:
        return self._call("getHealth")

    @operation("getReadiness")
    def readiness(self) -> models.GetReadinessResponse:
        """Ready to serve: a ServerError (503) when PostgreSQL or Redis is unreachable."""
        return self._call("getReadiness")

    @operation("getOpenApiDocument")
    def openapi_document(self) -> Dict[str, Any]:
        return self._call("getOpenApiDocument")

    @operation("getApiReference")
    def api_reference(self) -> str:
        """The API reference page (HTML)."""
        return self._call("getApiReference")

    @operation("getApiReferenceScript")
    def api_reference_script(self) -> str:
        return self._call("getApiReferenceScript")


class Client:
    """The svc REST API. Every method raises an SvcError (ApiError carries ``status`` and ``code``).

    ``api_key`` and ``base_url`` default to the ``SVC_API_KEY`` and ``SVC_BASE_URL`` environment
    variables; without a key the constructor raises at once, before any request.
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 3,
        retry_base_delay: float = 0.5,
        retry_max_delay: float = 30.0,
    ) -> None:
        api_key = api_key if api_key is not None else os.environ.get("SVC_API_KEY")
        if not api_key:
            raise SvcError("No API key: pass api_key=... or set SVC_API_KEY (svc_live_… or svc_test_…).")
        base_url = base_url if base_url is not None else os.environ.get("SVC_BASE_URL")
        if not base_url:
            raise SvcError("No base URL: pass base_url=... or set SVC_BASE_URL (e.g. http://localhost:3000).")
        transport = Transport(
            api_key,
            base_url,
            timeout,
            RetryPolicy(max_retries=max_retries, base_delay=retry_base_delay, max_delay=retry_max_delay),
            user_agent=f"svc-python/{__version__}",
        )
        self.emails = Emails(transport)
        self.api_keys = ApiKeys(transport)
        self.suppressions = Suppressions(transport)
        self.webhooks = Webhooks(transport)
        self.templates = Templates(transport)
        self.inbound = Inbound(transport)
        self.audit_log = AuditLog(transport)
        self.erasures = Erasures(transport)
        self.deliverability = Deliverability(transport)
        self.dmarc = Dmarc(transport)
        self.service = Service(transport)

    def __repr__(self) -> str:
        # Never the key.
        return "Client(...)"


def operation_methods(client: Client) -> Dict[str, str]:
    """operationId → the method that calls it (``emails.send``), for the coverage test and docs."""
    found: Dict[str, str] = {}
    for resource_name, resource in vars(client).items():
        if not isinstance(resource, _Resource):
            continue
        for name in dir(type(resource)):
            method = getattr(type(resource), name)
            operation_id = getattr(method, "operation_id", None)
            if operation_id:
                found[operation_id] = f"{resource_name}.{name}"
    return found


__all__ = ["Client", "SendResult", "BatchResult", "operation_methods"]
