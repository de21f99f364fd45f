// Generated from docs/openapi.json by sdks/generator (`pnpm openapi`). DO NOT EDIT.

package io.github.svcemail;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The API's schemas (svc API 1.0.0) as classes: getters, and setters that return
 * the object so that a request reads as one expression. Unknown fields of an answer are ignored;
 * a null field is left out of a request.
 */
@SuppressWarnings("unused")
public final class Models {
  private Models() {}

  /** ErrorError: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ErrorError {
    @JsonProperty("index")
    private Long index;

    public Long getIndex() {
      return index;
    }

    public ErrorError setIndex(Long index) {
      this.index = index;
      return this;
    }

    @JsonProperty("error")
    private String error;

    public String getError() {
      return error;
    }

    public ErrorError setError(String error) {
      this.error = error;
      return this;
    }

    @JsonProperty("code")
    private String code;

    public String getCode() {
      return code;
    }

    public ErrorError setCode(String code) {
      this.code = code;
      return this;
    }
  }

  /**
   * The body of every error answer. Codes and their statuses:
   *
   * | code | status | meaning |
   * |---|---|---|
   * | `bad_request` | 400 | The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. |
   * | `region_not_configured` | 400 | A workspace's primary or failover region names an SES region this install does not send from (SES_REGIONS); nothing was changed. |
   * | `unauthorized` | 401 | The Authorization header is missing, malformed, or names an unknown or revoked key. |
   * | `forbidden` | 403 | The key's scope preset lacks the permission this operation needs (the message names it). |
   * | `domain_not_verified` | 403 | The domain of `from` is not a verified domain of the key's workspace. |
   * | `domain_not_allowed` | 403 | The key is bound to sending domains and the domain of `from` is not one of them (exact names: a subdomain is another domain); nothing was stored. |
   * | `source_not_allowed` | 403 | The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address. |
   * | `not_found` | 404 | No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. |
   * | `conflict` | 409 | The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses. |
   * | `confirmation_required` | 409 | Removing a complaint suppression needs `?confirm=complaint`. |
   * | `replay_in_progress` | 409 | The webhook subscription already has as many replays pacing their deliveries in as allowed (WEBHOOK_REPLAYS_ACTIVE_PER_SUBSCRIPTION, 1); the message says when the running one ends. |
   * | `payload_too_large` | 413 | The request body is larger than the operation allows (see its request body). |
   * | `unsupported_media_type` | 415 | The request body is not JSON (Content-Type must be application/json), or uses an unsupported charset or content encoding. |
   * | `validation_failed` | 422 | A field, query parameter or header is invalid; the message names every one that is wrong. |
   * | `attachment_quota_exceeded` | 422 | The workspace's attachment bytes held for unsent (queued or scheduled) emails would exceed its plan's quota; the message names the quota and what is held. Sends without files, and sends once held emails are handed off, are not affected. |
   * | `daily_limit_reached` | 429 | The workspace's plan allows no more sends today (UTC); the message names the limit. |
   * | `rate_limited` | 429 | Too many requests; wait for the time in Retry-After. |
   * | `replay_quota_exceeded` | 429 | The replay would take the workspace past its replayed deliveries for today (UTC, WEBHOOK_REPLAYED_DELIVERIES_PER_DAY); the message says how many are left, Retry-After when the day ends. |
   * | `render_rate_limited` | 429 | The workspace's template renders are over their own limit: the render endpoint's rate per workspace, or the workspace's share of render time (its renders ran long); nothing was rendered: wait for the time in Retry-After. |
   * | `replay_rate_limited` | 429 | The workspace asked for more replays than its own limit (API_REPLAYS_PER_MINUTE per workspace, apart from the key's request rate); nothing was replayed: wait for the time in Retry-After. |
   * | `erasure_rate_limited` | 429 | The workspace asked for more erasures in the last minute than allowed (API_ERASURES_PER_MINUTE, 10); wait for the time in Retry-After. Nothing was started. |
   * | `unavailable` | 503 | A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. |
   * | `server_busy` | 503 | The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds. |
   * | `internal` | 500 | A bug on our side. Never an expected answer; details are in the server's log, not in the answer. |
   */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class Error {
    @JsonProperty("error")
    private String error;

    /** A human-readable message; may change between versions: match on `code`. */
    public String getError() {
      return error;
    }

    public Error setError(String error) {
      this.error = error;
      return this;
    }

    @JsonProperty("code")
    private String code;

    /** A stable machine code (see the catalogue). */
    public String getCode() {
      return code;
    }

    public Error setCode(String code) {
      this.code = code;
      return this;
    }

    @JsonProperty("errors")
    private List<ErrorError> errors;

    /** On a refused batch: every refused email by its index in the request, with its own error. */
    public List<ErrorError> getErrors() {
      return errors;
    }

    public Error setErrors(List<ErrorError> errors) {
      this.errors = errors;
      return this;
    }

    @JsonProperty("quotaBytes")
    private Long quotaBytes;

    /** On `attachment_quota_exceeded`: the plan's quota of attachment bytes held for unsent emails. */
    public Long getQuotaBytes() {
      return quotaBytes;
    }

    public Error setQuotaBytes(Long quotaBytes) {
      this.quotaBytes = quotaBytes;
      return this;
    }

    @JsonProperty("heldBytes")
    private Long heldBytes;

    /** On `attachment_quota_exceeded`: the attachment bytes the workspace's unsent emails hold now. */
    public Long getHeldBytes() {
      return heldBytes;
    }

    public Error setHeldBytes(Long heldBytes) {
      this.heldBytes = heldBytes;
      return this;
    }
  }

  /** WebhookEventSentDataTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventSentDataTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public WebhookEventSentDataTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public WebhookEventSentDataTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** WebhookEventSentDataEvent: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventSentDataEvent {
    @JsonProperty("eventId")
    private String eventId;

    /** The stored event (`evt_…`), listed under the email's `events`. */
    public String getEventId() {
      return eventId;
    }

    public WebhookEventSentDataEvent setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventSentDataEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("eventTimestamp")
    private String eventTimestamp;

    /** When it happened. */
    public String getEventTimestamp() {
      return eventTimestamp;
    }

    public WebhookEventSentDataEvent setEventTimestamp(String eventTimestamp) {
      this.eventTimestamp = eventTimestamp;
      return this;
    }
  }

  /** WebhookEventSentData: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventSentData {
    @JsonProperty("emailId")
    private String emailId;

    /** The email (`email_…`), as POST /emails returned it. */
    public String getEmailId() {
      return emailId;
    }

    public WebhookEventSentData setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("tags")
    private List<WebhookEventSentDataTag> tags;

    /** The email's tags, to route the event without looking the email up. */
    public List<WebhookEventSentDataTag> getTags() {
      return tags;
    }

    public WebhookEventSentData setTags(List<WebhookEventSentDataTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("event")
    private WebhookEventSentDataEvent event;

    public WebhookEventSentDataEvent getEvent() {
      return event;
    }

    public WebhookEventSentData setEvent(WebhookEventSentDataEvent event) {
      this.event = event;
      return this;
    }
  }

  /** The body of a `sent` event: The provider accepted the message for delivery (handoff complete). */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventSent {
    @JsonProperty("id")
    private String id;

    /** The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
    public String getId() {
      return id;
    }

    public WebhookEventSent setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventSent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookEventSent setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("data")
    private WebhookEventSentData data;

    public WebhookEventSentData getData() {
      return data;
    }

    public WebhookEventSent setData(WebhookEventSentData data) {
      this.data = data;
      return this;
    }

    @JsonProperty("test")
    private Boolean test;

    /** Only on a test event sent from the dashboard or CLI: its ids name nothing stored. */
    public Boolean getTest() {
      return test;
    }

    public WebhookEventSent setTest(Boolean test) {
      this.test = test;
      return this;
    }

    @JsonProperty("replayOf")
    private String replayOf;

    /** Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
    public String getReplayOf() {
      return replayOf;
    }

    public WebhookEventSent setReplayOf(String replayOf) {
      this.replayOf = replayOf;
      return this;
    }
  }

  /** WebhookEventDeliveredDataTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventDeliveredDataTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public WebhookEventDeliveredDataTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public WebhookEventDeliveredDataTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** WebhookEventDeliveredDataEvent: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventDeliveredDataEvent {
    @JsonProperty("eventId")
    private String eventId;

    /** The stored event (`evt_…`), listed under the email's `events`. */
    public String getEventId() {
      return eventId;
    }

    public WebhookEventDeliveredDataEvent setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventDeliveredDataEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("eventTimestamp")
    private String eventTimestamp;

    /** When it happened. */
    public String getEventTimestamp() {
      return eventTimestamp;
    }

    public WebhookEventDeliveredDataEvent setEventTimestamp(String eventTimestamp) {
      this.eventTimestamp = eventTimestamp;
      return this;
    }
  }

  /** WebhookEventDeliveredData: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventDeliveredData {
    @JsonProperty("emailId")
    private String emailId;

    /** The email (`email_…`), as POST /emails returned it. */
    public String getEmailId() {
      return emailId;
    }

    public WebhookEventDeliveredData setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("tags")
    private List<WebhookEventDeliveredDataTag> tags;

    /** The email's tags, to route the event without looking the email up. */
    public List<WebhookEventDeliveredDataTag> getTags() {
      return tags;
    }

    public WebhookEventDeliveredData setTags(List<WebhookEventDeliveredDataTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("event")
    private WebhookEventDeliveredDataEvent event;

    public WebhookEventDeliveredDataEvent getEvent() {
      return event;
    }

    public WebhookEventDeliveredData setEvent(WebhookEventDeliveredDataEvent event) {
      this.event = event;
      return this;
    }
  }

  /** The body of a `delivered` event: The receiving mail server accepted the message. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventDelivered {
    @JsonProperty("id")
    private String id;

    /** The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
    public String getId() {
      return id;
    }

    public WebhookEventDelivered setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventDelivered setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookEventDelivered setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("data")
    private WebhookEventDeliveredData data;

    public WebhookEventDeliveredData getData() {
      return data;
    }

    public WebhookEventDelivered setData(WebhookEventDeliveredData data) {
      this.data = data;
      return this;
    }

    @JsonProperty("test")
    private Boolean test;

    /** Only on a test event sent from the dashboard or CLI: its ids name nothing stored. */
    public Boolean getTest() {
      return test;
    }

    public WebhookEventDelivered setTest(Boolean test) {
      this.test = test;
      return this;
    }

    @JsonProperty("replayOf")
    private String replayOf;

    /** Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
    public String getReplayOf() {
      return replayOf;
    }

    public WebhookEventDelivered setReplayOf(String replayOf) {
      this.replayOf = replayOf;
      return this;
    }
  }

  /** WebhookEventOpenedDataTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventOpenedDataTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public WebhookEventOpenedDataTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public WebhookEventOpenedDataTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** WebhookEventOpenedDataEvent: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventOpenedDataEvent {
    @JsonProperty("eventId")
    private String eventId;

    /** The stored event (`evt_…`), listed under the email's `events`. */
    public String getEventId() {
      return eventId;
    }

    public WebhookEventOpenedDataEvent setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventOpenedDataEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("eventTimestamp")
    private String eventTimestamp;

    /** When it happened. */
    public String getEventTimestamp() {
      return eventTimestamp;
    }

    public WebhookEventOpenedDataEvent setEventTimestamp(String eventTimestamp) {
      this.eventTimestamp = eventTimestamp;
      return this;
    }
  }

  /** WebhookEventOpenedData: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventOpenedData {
    @JsonProperty("emailId")
    private String emailId;

    /** The email (`email_…`), as POST /emails returned it. */
    public String getEmailId() {
      return emailId;
    }

    public WebhookEventOpenedData setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("tags")
    private List<WebhookEventOpenedDataTag> tags;

    /** The email's tags, to route the event without looking the email up. */
    public List<WebhookEventOpenedDataTag> getTags() {
      return tags;
    }

    public WebhookEventOpenedData setTags(List<WebhookEventOpenedDataTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("event")
    private WebhookEventOpenedDataEvent event;

    public WebhookEventOpenedDataEvent getEvent() {
      return event;
    }

    public WebhookEventOpenedData setEvent(WebhookEventOpenedDataEvent event) {
      this.event = event;
      return this;
    }
  }

  /** The body of a `opened` event: A tracking pixel fired (an estimate only; needs open tracking on). */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventOpened {
    @JsonProperty("id")
    private String id;

    /** The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
    public String getId() {
      return id;
    }

    public WebhookEventOpened setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventOpened setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookEventOpened setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("data")
    private WebhookEventOpenedData data;

    public WebhookEventOpenedData getData() {
      return data;
    }

    public WebhookEventOpened setData(WebhookEventOpenedData data) {
      this.data = data;
      return this;
    }

    @JsonProperty("test")
    private Boolean test;

    /** Only on a test event sent from the dashboard or CLI: its ids name nothing stored. */
    public Boolean getTest() {
      return test;
    }

    public WebhookEventOpened setTest(Boolean test) {
      this.test = test;
      return this;
    }

    @JsonProperty("replayOf")
    private String replayOf;

    /** Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
    public String getReplayOf() {
      return replayOf;
    }

    public WebhookEventOpened setReplayOf(String replayOf) {
      this.replayOf = replayOf;
      return this;
    }
  }

  /** WebhookEventClickedDataTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventClickedDataTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public WebhookEventClickedDataTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public WebhookEventClickedDataTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** WebhookEventClickedDataEvent: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventClickedDataEvent {
    @JsonProperty("eventId")
    private String eventId;

    /** The stored event (`evt_…`), listed under the email's `events`. */
    public String getEventId() {
      return eventId;
    }

    public WebhookEventClickedDataEvent setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventClickedDataEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("eventTimestamp")
    private String eventTimestamp;

    /** When it happened. */
    public String getEventTimestamp() {
      return eventTimestamp;
    }

    public WebhookEventClickedDataEvent setEventTimestamp(String eventTimestamp) {
      this.eventTimestamp = eventTimestamp;
      return this;
    }
  }

  /** WebhookEventClickedData: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventClickedData {
    @JsonProperty("emailId")
    private String emailId;

    /** The email (`email_…`), as POST /emails returned it. */
    public String getEmailId() {
      return emailId;
    }

    public WebhookEventClickedData setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("tags")
    private List<WebhookEventClickedDataTag> tags;

    /** The email's tags, to route the event without looking the email up. */
    public List<WebhookEventClickedDataTag> getTags() {
      return tags;
    }

    public WebhookEventClickedData setTags(List<WebhookEventClickedDataTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("event")
    private WebhookEventClickedDataEvent event;

    public WebhookEventClickedDataEvent getEvent() {
      return event;
    }

    public WebhookEventClickedData setEvent(WebhookEventClickedDataEvent event) {
      this.event = event;
      return this;
    }
  }

  /** The body of a `clicked` event: A tracked link was followed (needs click tracking on). */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventClicked {
    @JsonProperty("id")
    private String id;

    /** The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
    public String getId() {
      return id;
    }

    public WebhookEventClicked setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventClicked setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookEventClicked setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("data")
    private WebhookEventClickedData data;

    public WebhookEventClickedData getData() {
      return data;
    }

    public WebhookEventClicked setData(WebhookEventClickedData data) {
      this.data = data;
      return this;
    }

    @JsonProperty("test")
    private Boolean test;

    /** Only on a test event sent from the dashboard or CLI: its ids name nothing stored. */
    public Boolean getTest() {
      return test;
    }

    public WebhookEventClicked setTest(Boolean test) {
      this.test = test;
      return this;
    }

    @JsonProperty("replayOf")
    private String replayOf;

    /** Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
    public String getReplayOf() {
      return replayOf;
    }

    public WebhookEventClicked setReplayOf(String replayOf) {
      this.replayOf = replayOf;
      return this;
    }
  }

  /** WebhookEventBouncedDataTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventBouncedDataTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public WebhookEventBouncedDataTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public WebhookEventBouncedDataTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** WebhookEventBouncedDataEvent: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventBouncedDataEvent {
    @JsonProperty("eventId")
    private String eventId;

    /** The stored event (`evt_…`), listed under the email's `events`. */
    public String getEventId() {
      return eventId;
    }

    public WebhookEventBouncedDataEvent setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventBouncedDataEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("eventTimestamp")
    private String eventTimestamp;

    /** When it happened. */
    public String getEventTimestamp() {
      return eventTimestamp;
    }

    public WebhookEventBouncedDataEvent setEventTimestamp(String eventTimestamp) {
      this.eventTimestamp = eventTimestamp;
      return this;
    }
  }

  /** WebhookEventBouncedData: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventBouncedData {
    @JsonProperty("emailId")
    private String emailId;

    /** The email (`email_…`), as POST /emails returned it. */
    public String getEmailId() {
      return emailId;
    }

    public WebhookEventBouncedData setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("tags")
    private List<WebhookEventBouncedDataTag> tags;

    /** The email's tags, to route the event without looking the email up. */
    public List<WebhookEventBouncedDataTag> getTags() {
      return tags;
    }

    public WebhookEventBouncedData setTags(List<WebhookEventBouncedDataTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("event")
    private WebhookEventBouncedDataEvent event;

    public WebhookEventBouncedDataEvent getEvent() {
      return event;
    }

    public WebhookEventBouncedData setEvent(WebhookEventBouncedDataEvent event) {
      this.event = event;
      return this;
    }
  }

  /** The body of a `bounced` event: The receiving mail server rejected the message. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventBounced {
    @JsonProperty("id")
    private String id;

    /** The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
    public String getId() {
      return id;
    }

    public WebhookEventBounced setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventBounced setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookEventBounced setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("data")
    private WebhookEventBouncedData data;

    public WebhookEventBouncedData getData() {
      return data;
    }

    public WebhookEventBounced setData(WebhookEventBouncedData data) {
      this.data = data;
      return this;
    }

    @JsonProperty("test")
    private Boolean test;

    /** Only on a test event sent from the dashboard or CLI: its ids name nothing stored. */
    public Boolean getTest() {
      return test;
    }

    public WebhookEventBounced setTest(Boolean test) {
      this.test = test;
      return this;
    }

    @JsonProperty("replayOf")
    private String replayOf;

    /** Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
    public String getReplayOf() {
      return replayOf;
    }

    public WebhookEventBounced setReplayOf(String replayOf) {
      this.replayOf = replayOf;
      return this;
    }
  }

  /** WebhookEventComplainedDataTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventComplainedDataTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public WebhookEventComplainedDataTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public WebhookEventComplainedDataTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** WebhookEventComplainedDataEvent: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventComplainedDataEvent {
    @JsonProperty("eventId")
    private String eventId;

    /** The stored event (`evt_…`), listed under the email's `events`. */
    public String getEventId() {
      return eventId;
    }

    public WebhookEventComplainedDataEvent setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventComplainedDataEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("eventTimestamp")
    private String eventTimestamp;

    /** When it happened. */
    public String getEventTimestamp() {
      return eventTimestamp;
    }

    public WebhookEventComplainedDataEvent setEventTimestamp(String eventTimestamp) {
      this.eventTimestamp = eventTimestamp;
      return this;
    }
  }

  /** WebhookEventComplainedData: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventComplainedData {
    @JsonProperty("emailId")
    private String emailId;

    /** The email (`email_…`), as POST /emails returned it. */
    public String getEmailId() {
      return emailId;
    }

    public WebhookEventComplainedData setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("tags")
    private List<WebhookEventComplainedDataTag> tags;

    /** The email's tags, to route the event without looking the email up. */
    public List<WebhookEventComplainedDataTag> getTags() {
      return tags;
    }

    public WebhookEventComplainedData setTags(List<WebhookEventComplainedDataTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("event")
    private WebhookEventComplainedDataEvent event;

    public WebhookEventComplainedDataEvent getEvent() {
      return event;
    }

    public WebhookEventComplainedData setEvent(WebhookEventComplainedDataEvent event) {
      this.event = event;
      return this;
    }
  }

  /** The body of a `complained` event: The recipient marked the message as spam. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventComplained {
    @JsonProperty("id")
    private String id;

    /** The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
    public String getId() {
      return id;
    }

    public WebhookEventComplained setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventComplained setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookEventComplained setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("data")
    private WebhookEventComplainedData data;

    public WebhookEventComplainedData getData() {
      return data;
    }

    public WebhookEventComplained setData(WebhookEventComplainedData data) {
      this.data = data;
      return this;
    }

    @JsonProperty("test")
    private Boolean test;

    /** Only on a test event sent from the dashboard or CLI: its ids name nothing stored. */
    public Boolean getTest() {
      return test;
    }

    public WebhookEventComplained setTest(Boolean test) {
      this.test = test;
      return this;
    }

    @JsonProperty("replayOf")
    private String replayOf;

    /** Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
    public String getReplayOf() {
      return replayOf;
    }

    public WebhookEventComplained setReplayOf(String replayOf) {
      this.replayOf = replayOf;
      return this;
    }
  }

  /** WebhookEventRejectedDataTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventRejectedDataTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public WebhookEventRejectedDataTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public WebhookEventRejectedDataTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** WebhookEventRejectedDataEvent: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventRejectedDataEvent {
    @JsonProperty("eventId")
    private String eventId;

    /** The stored event (`evt_…`), listed under the email's `events`. */
    public String getEventId() {
      return eventId;
    }

    public WebhookEventRejectedDataEvent setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventRejectedDataEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("eventTimestamp")
    private String eventTimestamp;

    /** When it happened. */
    public String getEventTimestamp() {
      return eventTimestamp;
    }

    public WebhookEventRejectedDataEvent setEventTimestamp(String eventTimestamp) {
      this.eventTimestamp = eventTimestamp;
      return this;
    }
  }

  /** WebhookEventRejectedData: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventRejectedData {
    @JsonProperty("emailId")
    private String emailId;

    /** The email (`email_…`), as POST /emails returned it. */
    public String getEmailId() {
      return emailId;
    }

    public WebhookEventRejectedData setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("tags")
    private List<WebhookEventRejectedDataTag> tags;

    /** The email's tags, to route the event without looking the email up. */
    public List<WebhookEventRejectedDataTag> getTags() {
      return tags;
    }

    public WebhookEventRejectedData setTags(List<WebhookEventRejectedDataTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("event")
    private WebhookEventRejectedDataEvent event;

    public WebhookEventRejectedDataEvent getEvent() {
      return event;
    }

    public WebhookEventRejectedData setEvent(WebhookEventRejectedDataEvent event) {
      this.event = event;
      return this;
    }
  }

  /** The body of a `rejected` event: The provider rejected the message before delivery, or the service did not send it (a suppressed recipient). */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventRejected {
    @JsonProperty("id")
    private String id;

    /** The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
    public String getId() {
      return id;
    }

    public WebhookEventRejected setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventRejected setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookEventRejected setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("data")
    private WebhookEventRejectedData data;

    public WebhookEventRejectedData getData() {
      return data;
    }

    public WebhookEventRejected setData(WebhookEventRejectedData data) {
      this.data = data;
      return this;
    }

    @JsonProperty("test")
    private Boolean test;

    /** Only on a test event sent from the dashboard or CLI: its ids name nothing stored. */
    public Boolean getTest() {
      return test;
    }

    public WebhookEventRejected setTest(Boolean test) {
      this.test = test;
      return this;
    }

    @JsonProperty("replayOf")
    private String replayOf;

    /** Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
    public String getReplayOf() {
      return replayOf;
    }

    public WebhookEventRejected setReplayOf(String replayOf) {
      this.replayOf = replayOf;
      return this;
    }
  }

  /** WebhookEventRenderingFailedDataTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventRenderingFailedDataTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public WebhookEventRenderingFailedDataTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public WebhookEventRenderingFailedDataTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** WebhookEventRenderingFailedDataEvent: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventRenderingFailedDataEvent {
    @JsonProperty("eventId")
    private String eventId;

    /** The stored event (`evt_…`), listed under the email's `events`. */
    public String getEventId() {
      return eventId;
    }

    public WebhookEventRenderingFailedDataEvent setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventRenderingFailedDataEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("eventTimestamp")
    private String eventTimestamp;

    /** When it happened. */
    public String getEventTimestamp() {
      return eventTimestamp;
    }

    public WebhookEventRenderingFailedDataEvent setEventTimestamp(String eventTimestamp) {
      this.eventTimestamp = eventTimestamp;
      return this;
    }
  }

  /** WebhookEventRenderingFailedData: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventRenderingFailedData {
    @JsonProperty("emailId")
    private String emailId;

    /** The email (`email_…`), as POST /emails returned it. */
    public String getEmailId() {
      return emailId;
    }

    public WebhookEventRenderingFailedData setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("tags")
    private List<WebhookEventRenderingFailedDataTag> tags;

    /** The email's tags, to route the event without looking the email up. */
    public List<WebhookEventRenderingFailedDataTag> getTags() {
      return tags;
    }

    public WebhookEventRenderingFailedData setTags(List<WebhookEventRenderingFailedDataTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("event")
    private WebhookEventRenderingFailedDataEvent event;

    public WebhookEventRenderingFailedDataEvent getEvent() {
      return event;
    }

    public WebhookEventRenderingFailedData setEvent(WebhookEventRenderingFailedDataEvent event) {
      this.event = event;
      return this;
    }
  }

  /** The body of a `rendering_failed` event: Template rendering failed. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventRenderingFailed {
    @JsonProperty("id")
    private String id;

    /** The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
    public String getId() {
      return id;
    }

    public WebhookEventRenderingFailed setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventRenderingFailed setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookEventRenderingFailed setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("data")
    private WebhookEventRenderingFailedData data;

    public WebhookEventRenderingFailedData getData() {
      return data;
    }

    public WebhookEventRenderingFailed setData(WebhookEventRenderingFailedData data) {
      this.data = data;
      return this;
    }

    @JsonProperty("test")
    private Boolean test;

    /** Only on a test event sent from the dashboard or CLI: its ids name nothing stored. */
    public Boolean getTest() {
      return test;
    }

    public WebhookEventRenderingFailed setTest(Boolean test) {
      this.test = test;
      return this;
    }

    @JsonProperty("replayOf")
    private String replayOf;

    /** Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
    public String getReplayOf() {
      return replayOf;
    }

    public WebhookEventRenderingFailed setReplayOf(String replayOf) {
      this.replayOf = replayOf;
      return this;
    }
  }

  /** WebhookEventDeliveryDelayedDataTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventDeliveryDelayedDataTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public WebhookEventDeliveryDelayedDataTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public WebhookEventDeliveryDelayedDataTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** WebhookEventDeliveryDelayedDataEvent: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventDeliveryDelayedDataEvent {
    @JsonProperty("eventId")
    private String eventId;

    /** The stored event (`evt_…`), listed under the email's `events`. */
    public String getEventId() {
      return eventId;
    }

    public WebhookEventDeliveryDelayedDataEvent setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventDeliveryDelayedDataEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("eventTimestamp")
    private String eventTimestamp;

    /** When it happened. */
    public String getEventTimestamp() {
      return eventTimestamp;
    }

    public WebhookEventDeliveryDelayedDataEvent setEventTimestamp(String eventTimestamp) {
      this.eventTimestamp = eventTimestamp;
      return this;
    }
  }

  /** WebhookEventDeliveryDelayedData: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventDeliveryDelayedData {
    @JsonProperty("emailId")
    private String emailId;

    /** The email (`email_…`), as POST /emails returned it. */
    public String getEmailId() {
      return emailId;
    }

    public WebhookEventDeliveryDelayedData setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("tags")
    private List<WebhookEventDeliveryDelayedDataTag> tags;

    /** The email's tags, to route the event without looking the email up. */
    public List<WebhookEventDeliveryDelayedDataTag> getTags() {
      return tags;
    }

    public WebhookEventDeliveryDelayedData setTags(List<WebhookEventDeliveryDelayedDataTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("event")
    private WebhookEventDeliveryDelayedDataEvent event;

    public WebhookEventDeliveryDelayedDataEvent getEvent() {
      return event;
    }

    public WebhookEventDeliveryDelayedData setEvent(WebhookEventDeliveryDelayedDataEvent event) {
      this.event = event;
      return this;
    }
  }

  /** The body of a `delivery_delayed` event: The provider could not deliver yet and will retry. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventDeliveryDelayed {
    @JsonProperty("id")
    private String id;

    /** The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
    public String getId() {
      return id;
    }

    public WebhookEventDeliveryDelayed setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventDeliveryDelayed setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookEventDeliveryDelayed setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("data")
    private WebhookEventDeliveryDelayedData data;

    public WebhookEventDeliveryDelayedData getData() {
      return data;
    }

    public WebhookEventDeliveryDelayed setData(WebhookEventDeliveryDelayedData data) {
      this.data = data;
      return this;
    }

    @JsonProperty("test")
    private Boolean test;

    /** Only on a test event sent from the dashboard or CLI: its ids name nothing stored. */
    public Boolean getTest() {
      return test;
    }

    public WebhookEventDeliveryDelayed setTest(Boolean test) {
      this.test = test;
      return this;
    }

    @JsonProperty("replayOf")
    private String replayOf;

    /** Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
    public String getReplayOf() {
      return replayOf;
    }

    public WebhookEventDeliveryDelayed setReplayOf(String replayOf) {
      this.replayOf = replayOf;
      return this;
    }
  }

  /** WebhookEventFailedDataTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventFailedDataTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public WebhookEventFailedDataTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public WebhookEventFailedDataTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** Why the email will not be sent. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventFailedDataEventReason {
    @JsonProperty("code")
    private String code;

    /** A machine code for why the email ended unsent. */
    public String getCode() {
      return code;
    }

    public WebhookEventFailedDataEventReason setCode(String code) {
      this.code = code;
      return this;
    }

    @JsonProperty("text")
    private String text;

    /** The same, for people. */
    public String getText() {
      return text;
    }

    public WebhookEventFailedDataEventReason setText(String text) {
      this.text = text;
      return this;
    }
  }

  /** WebhookEventFailedDataEvent: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventFailedDataEvent {
    @JsonProperty("eventId")
    private String eventId;

    /** The stored event (`evt_…`), listed under the email's `events`. */
    public String getEventId() {
      return eventId;
    }

    public WebhookEventFailedDataEvent setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventFailedDataEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("eventTimestamp")
    private String eventTimestamp;

    /** When it happened. */
    public String getEventTimestamp() {
      return eventTimestamp;
    }

    public WebhookEventFailedDataEvent setEventTimestamp(String eventTimestamp) {
      this.eventTimestamp = eventTimestamp;
      return this;
    }

    @JsonProperty("reason")
    private WebhookEventFailedDataEventReason reason;

    /** Why the email will not be sent. */
    public WebhookEventFailedDataEventReason getReason() {
      return reason;
    }

    public WebhookEventFailedDataEvent setReason(WebhookEventFailedDataEventReason reason) {
      this.reason = reason;
      return this;
    }
  }

  /** WebhookEventFailedData: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventFailedData {
    @JsonProperty("emailId")
    private String emailId;

    /** The email (`email_…`), as POST /emails returned it. */
    public String getEmailId() {
      return emailId;
    }

    public WebhookEventFailedData setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("tags")
    private List<WebhookEventFailedDataTag> tags;

    /** The email's tags, to route the event without looking the email up. */
    public List<WebhookEventFailedDataTag> getTags() {
      return tags;
    }

    public WebhookEventFailedData setTags(List<WebhookEventFailedDataTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("event")
    private WebhookEventFailedDataEvent event;

    public WebhookEventFailedDataEvent getEvent() {
      return event;
    }

    public WebhookEventFailedData setEvent(WebhookEventFailedDataEvent event) {
      this.event = event;
      return this;
    }
  }

  /** The body of a `failed` event: The email ended without a handoff, or past its retries: it will not be sent. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventFailed {
    @JsonProperty("id")
    private String id;

    /** The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
    public String getId() {
      return id;
    }

    public WebhookEventFailed setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventFailed setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookEventFailed setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("data")
    private WebhookEventFailedData data;

    public WebhookEventFailedData getData() {
      return data;
    }

    public WebhookEventFailed setData(WebhookEventFailedData data) {
      this.data = data;
      return this;
    }

    @JsonProperty("test")
    private Boolean test;

    /** Only on a test event sent from the dashboard or CLI: its ids name nothing stored. */
    public Boolean getTest() {
      return test;
    }

    public WebhookEventFailed setTest(Boolean test) {
      this.test = test;
      return this;
    }

    @JsonProperty("replayOf")
    private String replayOf;

    /** Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
    public String getReplayOf() {
      return replayOf;
    }

    public WebhookEventFailed setReplayOf(String replayOf) {
      this.replayOf = replayOf;
      return this;
    }
  }

  /** WebhookEventReceivedDataEvent: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventReceivedDataEvent {
    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventReceivedDataEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("eventTimestamp")
    private String eventTimestamp;

    /** When it arrived. */
    public String getEventTimestamp() {
      return eventTimestamp;
    }

    public WebhookEventReceivedDataEvent setEventTimestamp(String eventTimestamp) {
      this.eventTimestamp = eventTimestamp;
      return this;
    }
  }

  /** WebhookEventReceivedData: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventReceivedData {
    @JsonProperty("inboundId")
    private String inboundId;

    /** The received message (`inb_…`): GET /inbound/{id}, its raw bytes and attachments. */
    public String getInboundId() {
      return inboundId;
    }

    public WebhookEventReceivedData setInboundId(String inboundId) {
      this.inboundId = inboundId;
      return this;
    }

    @JsonProperty("event")
    private WebhookEventReceivedDataEvent event;

    public WebhookEventReceivedDataEvent getEvent() {
      return event;
    }

    public WebhookEventReceivedData setEvent(WebhookEventReceivedDataEvent event) {
      this.event = event;
      return this;
    }

    @JsonProperty("from")
    private String from;

    public String getFrom() {
      return from;
    }

    public WebhookEventReceivedData setFrom(String from) {
      this.from = from;
      return this;
    }

    @JsonProperty("to")
    private List<String> to;

    public List<String> getTo() {
      return to;
    }

    public WebhookEventReceivedData setTo(List<String> to) {
      this.to = to;
      return this;
    }

    @JsonProperty("recipients")
    private List<String> recipients;

    /** The envelope recipients (RCPT TO) of this workspace. */
    public List<String> getRecipients() {
      return recipients;
    }

    public WebhookEventReceivedData setRecipients(List<String> recipients) {
      this.recipients = recipients;
      return this;
    }

    @JsonProperty("subject")
    private String subject;

    public String getSubject() {
      return subject;
    }

    public WebhookEventReceivedData setSubject(String subject) {
      this.subject = subject;
      return this;
    }

    @JsonProperty("messageId")
    private String messageId;

    public String getMessageId() {
      return messageId;
    }

    public WebhookEventReceivedData setMessageId(String messageId) {
      this.messageId = messageId;
      return this;
    }

    @JsonProperty("replyToEmailId")
    private String replyToEmailId;

    /** The sent email it replies to (In-Reply-To/References), when it names one of ours. */
    public String getReplyToEmailId() {
      return replyToEmailId;
    }

    public WebhookEventReceivedData setReplyToEmailId(String replyToEmailId) {
      this.replyToEmailId = replyToEmailId;
      return this;
    }

    @JsonProperty("attachmentCount")
    private Long attachmentCount;

    public Long getAttachmentCount() {
      return attachmentCount;
    }

    public WebhookEventReceivedData setAttachmentCount(Long attachmentCount) {
      this.attachmentCount = attachmentCount;
      return this;
    }

    @JsonProperty("size")
    private Long size;

    /** Bytes of the raw message. */
    public Long getSize() {
      return size;
    }

    public WebhookEventReceivedData setSize(Long size) {
      this.size = size;
      return this;
    }

    @JsonProperty("verdicts")
    private JsonNode verdicts;

    /** SPF, DKIM, DMARC and ARC results (mailauth). */
    public JsonNode getVerdicts() {
      return verdicts;
    }

    public WebhookEventReceivedData setVerdicts(JsonNode verdicts) {
      this.verdicts = verdicts;
      return this;
    }

    @JsonProperty("parseError")
    private Boolean parseError;

    /** True when the MIME could not be parsed: the raw message is kept as it came. */
    public Boolean getParseError() {
      return parseError;
    }

    public WebhookEventReceivedData setParseError(Boolean parseError) {
      this.parseError = parseError;
      return this;
    }
  }

  /** The body of a `received` event: A message arrived for one of the workspace's receiving domains (metadata here; its content over REST, GET /inbound/{id}). */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventReceived {
    @JsonProperty("id")
    private String id;

    /** The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
    public String getId() {
      return id;
    }

    public WebhookEventReceived setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventReceived setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookEventReceived setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("data")
    private WebhookEventReceivedData data;

    public WebhookEventReceivedData getData() {
      return data;
    }

    public WebhookEventReceived setData(WebhookEventReceivedData data) {
      this.data = data;
      return this;
    }
  }

  /** WebhookEventUnsubscribedDataTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventUnsubscribedDataTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public WebhookEventUnsubscribedDataTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public WebhookEventUnsubscribedDataTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** WebhookEventUnsubscribedDataEvent: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventUnsubscribedDataEvent {
    @JsonProperty("eventId")
    private String eventId;

    /** The stored event (`evt_…`), listed under the email's `events`. */
    public String getEventId() {
      return eventId;
    }

    public WebhookEventUnsubscribedDataEvent setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventUnsubscribedDataEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("eventTimestamp")
    private String eventTimestamp;

    /** When it happened. */
    public String getEventTimestamp() {
      return eventTimestamp;
    }

    public WebhookEventUnsubscribedDataEvent setEventTimestamp(String eventTimestamp) {
      this.eventTimestamp = eventTimestamp;
      return this;
    }
  }

  /** WebhookEventUnsubscribedData: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventUnsubscribedData {
    @JsonProperty("emailId")
    private String emailId;

    /** The email (`email_…`), as POST /emails returned it. */
    public String getEmailId() {
      return emailId;
    }

    public WebhookEventUnsubscribedData setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("tags")
    private List<WebhookEventUnsubscribedDataTag> tags;

    /** The email's tags, to route the event without looking the email up. */
    public List<WebhookEventUnsubscribedDataTag> getTags() {
      return tags;
    }

    public WebhookEventUnsubscribedData setTags(List<WebhookEventUnsubscribedDataTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("event")
    private WebhookEventUnsubscribedDataEvent event;

    public WebhookEventUnsubscribedDataEvent getEvent() {
      return event;
    }

    public WebhookEventUnsubscribedData setEvent(WebhookEventUnsubscribedDataEvent event) {
      this.event = event;
      return this;
    }
  }

  /** The body of a `unsubscribed` event: The recipient used the email's one-click unsubscribe link: later emails of that topic to that address are not sent (payload: topic, recipient). */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventUnsubscribed {
    @JsonProperty("id")
    private String id;

    /** The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
    public String getId() {
      return id;
    }

    public WebhookEventUnsubscribed setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventUnsubscribed setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookEventUnsubscribed setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("data")
    private WebhookEventUnsubscribedData data;

    public WebhookEventUnsubscribedData getData() {
      return data;
    }

    public WebhookEventUnsubscribed setData(WebhookEventUnsubscribedData data) {
      this.data = data;
      return this;
    }

    @JsonProperty("test")
    private Boolean test;

    /** Only on a test event sent from the dashboard or CLI: its ids name nothing stored. */
    public Boolean getTest() {
      return test;
    }

    public WebhookEventUnsubscribed setTest(Boolean test) {
      this.test = test;
      return this;
    }

    @JsonProperty("replayOf")
    private String replayOf;

    /** Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
    public String getReplayOf() {
      return replayOf;
    }

    public WebhookEventUnsubscribed setReplayOf(String replayOf) {
      this.replayOf = replayOf;
      return this;
    }
  }

  /** WebhookEventDataTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventDataTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public WebhookEventDataTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public WebhookEventDataTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** WebhookEventDataEvent: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventDataEvent {
    @JsonProperty("eventId")
    private String eventId;

    /** The stored event (`evt_…`), listed under the email's `events`. */
    public String getEventId() {
      return eventId;
    }

    public WebhookEventDataEvent setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEventDataEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("eventTimestamp")
    private String eventTimestamp;

    /** When it happened. */
    public String getEventTimestamp() {
      return eventTimestamp;
    }

    public WebhookEventDataEvent setEventTimestamp(String eventTimestamp) {
      this.eventTimestamp = eventTimestamp;
      return this;
    }
  }

  /** WebhookEventData: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEventData {
    @JsonProperty("emailId")
    private String emailId;

    /** The email (`email_…`), as POST /emails returned it. */
    public String getEmailId() {
      return emailId;
    }

    public WebhookEventData setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("tags")
    private List<WebhookEventDataTag> tags;

    /** The email's tags, to route the event without looking the email up. */
    public List<WebhookEventDataTag> getTags() {
      return tags;
    }

    public WebhookEventData setTags(List<WebhookEventDataTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("event")
    private WebhookEventDataEvent event;

    public WebhookEventDataEvent getEvent() {
      return event;
    }

    public WebhookEventData setEvent(WebhookEventDataEvent event) {
      this.event = event;
      return this;
    }
  }

  /** The JSON body of every webhook request. Every retry sends exactly the same bytes. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookEvent {
    @JsonProperty("id")
    private String id;

    /** The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
    public String getId() {
      return id;
    }

    public WebhookEvent setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public WebhookEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookEvent setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("data")
    private WebhookEventData data;

    public WebhookEventData getData() {
      return data;
    }

    public WebhookEvent setData(WebhookEventData data) {
      this.data = data;
      return this;
    }

    @JsonProperty("test")
    private Boolean test;

    /** Only on a test event sent from the dashboard or CLI: its ids name nothing stored. */
    public Boolean getTest() {
      return test;
    }

    public WebhookEvent setTest(Boolean test) {
      this.test = test;
      return this;
    }

    @JsonProperty("replayOf")
    private String replayOf;

    /** Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
    public String getReplayOf() {
      return replayOf;
    }

    public WebhookEvent setReplayOf(String replayOf) {
      this.replayOf = replayOf;
      return this;
    }
  }

  /**
   * What the provider reported about an email; `failed` is ours: the email ended failed without a provider's verdict (its payload has `source: "svc"`, a `reason` code and a `message`).
   * The values of EventType (the fields that hold one are Strings).
   */
  public static final class EventType {
    private EventType() {}

    public static final String SENT = "sent";
    public static final String DELIVERED = "delivered";
    public static final String OPENED = "opened";
    public static final String CLICKED = "clicked";
    public static final String BOUNCED = "bounced";
    public static final String COMPLAINED = "complained";
    public static final String REJECTED = "rejected";
    public static final String RENDERING_FAILED = "rendering_failed";
    public static final String DELIVERY_DELAYED = "delivery_delayed";
    public static final String FAILED = "failed";
    public static final String RECEIVED = "received";
    public static final String UNSUBSCRIBED = "unsubscribed";
  }

  /** The email is stored: `queued` (the handoff to the provider happens in the background) or `scheduled` (queued at its `scheduledAt`). */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class QueuedEmail {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `email_`. */
    public String getId() {
      return id;
    }

    public QueuedEmail setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("status")
    private String status;

    public String getStatus() {
      return status;
    }

    public QueuedEmail setStatus(String status) {
      this.status = status;
      return this;
    }
  }

  /** SendEmailRequestTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class SendEmailRequestTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public SendEmailRequestTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public SendEmailRequestTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** SendEmailRequestAttachment: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class SendEmailRequestAttachment {
    @JsonProperty("filename")
    private String filename;

    public String getFilename() {
      return filename;
    }

    public SendEmailRequestAttachment setFilename(String filename) {
      this.filename = filename;
      return this;
    }

    @JsonProperty("content")
    private String content;

    public String getContent() {
      return content;
    }

    public SendEmailRequestAttachment setContent(String content) {
      this.content = content;
      return this;
    }

    @JsonProperty("contentType")
    private String contentType;

    public String getContentType() {
      return contentType;
    }

    public SendEmailRequestAttachment setContentType(String contentType) {
      this.contentType = contentType;
      return this;
    }

    @JsonProperty("contentId")
    private String contentId;

    public String getContentId() {
      return contentId;
    }

    public SendEmailRequestAttachment setContentId(String contentId) {
      this.contentId = contentId;
      return this;
    }
  }

  /** SendEmailRequestTemplate: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class SendEmailRequestTemplate {
    @JsonProperty("id")
    private String id;

    public String getId() {
      return id;
    }

    public SendEmailRequestTemplate setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("alias")
    private String alias;

    public String getAlias() {
      return alias;
    }

    public SendEmailRequestTemplate setAlias(String alias) {
      this.alias = alias;
      return this;
    }

    @JsonProperty("version")
    private Long version;

    public Long getVersion() {
      return version;
    }

    public SendEmailRequestTemplate setVersion(Long version) {
      this.version = version;
      return this;
    }

    @JsonProperty("variables")
    private JsonNode variables;

    public JsonNode getVariables() {
      return variables;
    }

    public SendEmailRequestTemplate setVariables(JsonNode variables) {
      this.variables = variables;
      return this;
    }
  }

  /** One-click unsubscribe (RFC 8058): the message gets List-Unsubscribe and List-Unsubscribe-Post headers whose link unsubscribes the recipient from `topic` in this workspace; later emails of that topic to that address end `failed` with a `rejected` event (reason `unsubscribed`). Needs exactly one recipient, in `to`, and no List-Unsubscribe header in `headers` (at most 13 headers). */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class SendEmailRequestUnsubscribe {
    @JsonProperty("topic")
    private String topic;

    public String getTopic() {
      return topic;
    }

    public SendEmailRequestUnsubscribe setTopic(String topic) {
      this.topic = topic;
      return this;
    }
  }

  /**
   * - `from`: an address or `Name &lt;address&gt;` (address at most 254 characters, name at most 200), on a domain verified for the workspace.
   * - `to`: 1 to 50 addresses (a single address as a string is accepted too).
   * - `subject`: 1 to 998 characters, no line breaks.
   * - At least one of `html` and `text`.
   * - `scheduledAt`: optional, an ISO 8601 date-time with a time zone, at most 30 days ahead; the email is `scheduled` until then.
   * - No other fields; no NUL characters anywhere. The whole body is at most 48 MB.
   */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class SendEmailRequest {
    @JsonProperty("from")
    private String from;

    public String getFrom() {
      return from;
    }

    public SendEmailRequest setFrom(String from) {
      this.from = from;
      return this;
    }

    @JsonProperty("to")
    private List<String> to;

    public List<String> getTo() {
      return to;
    }

    public SendEmailRequest setTo(List<String> to) {
      this.to = to;
      return this;
    }

    @JsonProperty("cc")
    private List<String> cc;

    public List<String> getCc() {
      return cc;
    }

    public SendEmailRequest setCc(List<String> cc) {
      this.cc = cc;
      return this;
    }

    @JsonProperty("bcc")
    private List<String> bcc;

    public List<String> getBcc() {
      return bcc;
    }

    public SendEmailRequest setBcc(List<String> bcc) {
      this.bcc = bcc;
      return this;
    }

    @JsonProperty("replyTo")
    private List<String> replyTo;

    public List<String> getReplyTo() {
      return replyTo;
    }

    public SendEmailRequest setReplyTo(List<String> replyTo) {
      this.replyTo = replyTo;
      return this;
    }

    @JsonProperty("subject")
    private String subject;

    public String getSubject() {
      return subject;
    }

    public SendEmailRequest setSubject(String subject) {
      this.subject = subject;
      return this;
    }

    @JsonProperty("html")
    private String html;

    public String getHtml() {
      return html;
    }

    public SendEmailRequest setHtml(String html) {
      this.html = html;
      return this;
    }

    @JsonProperty("text")
    private String text;

    public String getText() {
      return text;
    }

    public SendEmailRequest setText(String text) {
      this.text = text;
      return this;
    }

    @JsonProperty("headers")
    private JsonNode headers;

    public JsonNode getHeaders() {
      return headers;
    }

    public SendEmailRequest setHeaders(JsonNode headers) {
      this.headers = headers;
      return this;
    }

    @JsonProperty("tags")
    private List<SendEmailRequestTag> tags;

    public List<SendEmailRequestTag> getTags() {
      return tags;
    }

    public SendEmailRequest setTags(List<SendEmailRequestTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("attachments")
    private List<SendEmailRequestAttachment> attachments;

    public List<SendEmailRequestAttachment> getAttachments() {
      return attachments;
    }

    public SendEmailRequest setAttachments(List<SendEmailRequestAttachment> attachments) {
      this.attachments = attachments;
      return this;
    }

    @JsonProperty("scheduledAt")
    private String scheduledAt;

    public String getScheduledAt() {
      return scheduledAt;
    }

    public SendEmailRequest setScheduledAt(String scheduledAt) {
      this.scheduledAt = scheduledAt;
      return this;
    }

    @JsonProperty("template")
    private SendEmailRequestTemplate template;

    public SendEmailRequestTemplate getTemplate() {
      return template;
    }

    public SendEmailRequest setTemplate(SendEmailRequestTemplate template) {
      this.template = template;
      return this;
    }

    @JsonProperty("unsubscribe")
    private SendEmailRequestUnsubscribe unsubscribe;

    /** One-click unsubscribe (RFC 8058): the message gets List-Unsubscribe and List-Unsubscribe-Post headers whose link unsubscribes the recipient from `topic` in this workspace; later emails of that topic to that address end `failed` with a `rejected` event (reason `unsubscribed`). Needs exactly one recipient, in `to`, and no List-Unsubscribe header in `headers` (at most 13 headers). */
    public SendEmailRequestUnsubscribe getUnsubscribe() {
      return unsubscribe;
    }

    public SendEmailRequest setUnsubscribe(SendEmailRequestUnsubscribe unsubscribe) {
      this.unsubscribe = unsubscribe;
      return this;
    }
  }

  /** BatchEntryVariant2: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class BatchEntryVariant2 {
    @JsonProperty("error")
    private String error;

    public String getError() {
      return error;
    }

    public BatchEntryVariant2 setError(String error) {
      this.error = error;
      return this;
    }

    @JsonProperty("code")
    private String code;

    /** The email's own error code (permissive mode). */
    public String getCode() {
      return code;
    }

    public BatchEntryVariant2 setCode(String code) {
      this.code = code;
      return this;
    }
  }

  /** One email of a batch, in request order: created, or (permissive mode) why not. */
  // It holds one of several shapes: the fields of each, all optional.
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class BatchEntry {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `email_`. */
    public String getId() {
      return id;
    }

    public BatchEntry setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("status")
    private String status;

    public String getStatus() {
      return status;
    }

    public BatchEntry setStatus(String status) {
      this.status = status;
      return this;
    }

    @JsonProperty("error")
    private String error;

    public String getError() {
      return error;
    }

    public BatchEntry setError(String error) {
      this.error = error;
      return this;
    }

    @JsonProperty("code")
    private String code;

    /** The email's own error code (permissive mode). */
    public String getCode() {
      return code;
    }

    public BatchEntry setCode(String code) {
      this.code = code;
      return this;
    }
  }

  /** A scheduled email after a cancel or a reschedule. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ScheduleChange {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `email_`. */
    public String getId() {
      return id;
    }

    public ScheduleChange setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("status")
    private String status;

    public String getStatus() {
      return status;
    }

    public ScheduleChange setStatus(String status) {
      this.status = status;
      return this;
    }

    @JsonProperty("scheduledAt")
    private String scheduledAt;

    public String getScheduledAt() {
      return scheduledAt;
    }

    public ScheduleChange setScheduledAt(String scheduledAt) {
      this.scheduledAt = scheduledAt;
      return this;
    }
  }

  /**
   * Moves forward only: `queued → sending → sent → delivery_delayed → delivered → complained`; `bounced`, `rejected` and `failed` are final; `opened`/`clicked` leave it unchanged.
   * The values of EmailStatus (the fields that hold one are Strings).
   */
  public static final class EmailStatus {
    private EmailStatus() {}

    public static final String SCHEDULED = "scheduled";
    public static final String QUEUED = "queued";
    public static final String SENDING = "sending";
    public static final String SENT = "sent";
    public static final String DELIVERY_DELAYED = "delivery_delayed";
    public static final String DELIVERED = "delivered";
    public static final String COMPLAINED = "complained";
    public static final String BOUNCED = "bounced";
    public static final String REJECTED = "rejected";
    public static final String FAILED = "failed";
    public static final String CANCELED = "canceled";
  }

  /** `scheduledAt`: an ISO 8601 date-time with a time zone, at most 30 days ahead. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class RescheduleRequest {
    @JsonProperty("scheduledAt")
    private String scheduledAt;

    public String getScheduledAt() {
      return scheduledAt;
    }

    public RescheduleRequest setScheduledAt(String scheduledAt) {
      this.scheduledAt = scheduledAt;
      return this;
    }
  }

  /** EmailTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class EmailTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public EmailTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public EmailTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** EmailAttachment: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class EmailAttachment {
    @JsonProperty("filename")
    private String filename;

    public String getFilename() {
      return filename;
    }

    public EmailAttachment setFilename(String filename) {
      this.filename = filename;
      return this;
    }

    @JsonProperty("contentType")
    private String contentType;

    public String getContentType() {
      return contentType;
    }

    public EmailAttachment setContentType(String contentType) {
      this.contentType = contentType;
      return this;
    }

    @JsonProperty("contentId")
    private String contentId;

    /** Set for an inline part (`cid:&lt;contentId&gt;` in the HTML). */
    public String getContentId() {
      return contentId;
    }

    public EmailAttachment setContentId(String contentId) {
      this.contentId = contentId;
      return this;
    }

    @JsonProperty("size")
    private Long size;

    /** Bytes, decoded. */
    public Long getSize() {
      return size;
    }

    public EmailAttachment setSize(Long size) {
      this.size = size;
      return this;
    }
  }

  /** An email, without its events (as listed). */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class Email {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `email_`. */
    public String getId() {
      return id;
    }

    public Email setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("organizationId")
    private String organizationId;

    /** Prefixed with `org_`. */
    public String getOrganizationId() {
      return organizationId;
    }

    public Email setOrganizationId(String organizationId) {
      this.organizationId = organizationId;
      return this;
    }

    @JsonProperty("apiKeyId")
    private String apiKeyId;

    /** Prefixed with `key_`. */
    public String getApiKeyId() {
      return apiKeyId;
    }

    public Email setApiKeyId(String apiKeyId) {
      this.apiKeyId = apiKeyId;
      return this;
    }

    @JsonProperty("from")
    private String from;

    public String getFrom() {
      return from;
    }

    public Email setFrom(String from) {
      this.from = from;
      return this;
    }

    @JsonProperty("to")
    private List<String> to;

    public List<String> getTo() {
      return to;
    }

    public Email setTo(List<String> to) {
      this.to = to;
      return this;
    }

    @JsonProperty("cc")
    private List<String> cc;

    public List<String> getCc() {
      return cc;
    }

    public Email setCc(List<String> cc) {
      this.cc = cc;
      return this;
    }

    @JsonProperty("bcc")
    private List<String> bcc;

    public List<String> getBcc() {
      return bcc;
    }

    public Email setBcc(List<String> bcc) {
      this.bcc = bcc;
      return this;
    }

    @JsonProperty("replyTo")
    private List<String> replyTo;

    public List<String> getReplyTo() {
      return replyTo;
    }

    public Email setReplyTo(List<String> replyTo) {
      this.replyTo = replyTo;
      return this;
    }

    @JsonProperty("headers")
    private Map<String, String> headers;

    /** Extra header name → value, in the order given. */
    public Map<String, String> getHeaders() {
      return headers;
    }

    public Email setHeaders(Map<String, String> headers) {
      this.headers = headers;
      return this;
    }

    @JsonProperty("tags")
    private List<EmailTag> tags;

    public List<EmailTag> getTags() {
      return tags;
    }

    public Email setTags(List<EmailTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("attachments")
    private List<EmailAttachment> attachments;

    /** What each attachment is; never its bytes. */
    public List<EmailAttachment> getAttachments() {
      return attachments;
    }

    public Email setAttachments(List<EmailAttachment> attachments) {
      this.attachments = attachments;
      return this;
    }

    @JsonProperty("subject")
    private String subject;

    public String getSubject() {
      return subject;
    }

    public Email setSubject(String subject) {
      this.subject = subject;
      return this;
    }

    @JsonProperty("html")
    private String html;

    public String getHtml() {
      return html;
    }

    public Email setHtml(String html) {
      this.html = html;
      return this;
    }

    @JsonProperty("text")
    private String text;

    public String getText() {
      return text;
    }

    public Email setText(String text) {
      this.text = text;
      return this;
    }

    @JsonProperty("status")
    private String status;

    public String getStatus() {
      return status;
    }

    public Email setStatus(String status) {
      this.status = status;
      return this;
    }

    @JsonProperty("provider")
    private String provider;

    /** `ses` or `simulator` once handed off. */
    public String getProvider() {
      return provider;
    }

    public Email setProvider(String provider) {
      this.provider = provider;
      return this;
    }

    @JsonProperty("providerMessageId")
    private String providerMessageId;

    public String getProviderMessageId() {
      return providerMessageId;
    }

    public Email setProviderMessageId(String providerMessageId) {
      this.providerMessageId = providerMessageId;
      return this;
    }

    @JsonProperty("errorMessage")
    private String errorMessage;

    public String getErrorMessage() {
      return errorMessage;
    }

    public Email setErrorMessage(String errorMessage) {
      this.errorMessage = errorMessage;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the email was queued. */
    public String getCreatedAt() {
      return createdAt;
    }

    public Email setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("sentAt")
    private String sentAt;

    public String getSentAt() {
      return sentAt;
    }

    public Email setSentAt(String sentAt) {
      this.sentAt = sentAt;
      return this;
    }

    @JsonProperty("failedAt")
    private String failedAt;

    public String getFailedAt() {
      return failedAt;
    }

    public Email setFailedAt(String failedAt) {
      this.failedAt = failedAt;
      return this;
    }

    @JsonProperty("scheduledAt")
    private String scheduledAt;

    public String getScheduledAt() {
      return scheduledAt;
    }

    public Email setScheduledAt(String scheduledAt) {
      this.scheduledAt = scheduledAt;
      return this;
    }

    @JsonProperty("bodyRemovedAt")
    private String bodyRemovedAt;

    public String getBodyRemovedAt() {
      return bodyRemovedAt;
    }

    public Email setBodyRemovedAt(String bodyRemovedAt) {
      this.bodyRemovedAt = bodyRemovedAt;
      return this;
    }
  }

  /** EmailWithEventsTag: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class EmailWithEventsTag {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public EmailWithEventsTag setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("value")
    private String value;

    public String getValue() {
      return value;
    }

    public EmailWithEventsTag setValue(String value) {
      this.value = value;
      return this;
    }
  }

  /** EmailWithEventsAttachment: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class EmailWithEventsAttachment {
    @JsonProperty("filename")
    private String filename;

    public String getFilename() {
      return filename;
    }

    public EmailWithEventsAttachment setFilename(String filename) {
      this.filename = filename;
      return this;
    }

    @JsonProperty("contentType")
    private String contentType;

    public String getContentType() {
      return contentType;
    }

    public EmailWithEventsAttachment setContentType(String contentType) {
      this.contentType = contentType;
      return this;
    }

    @JsonProperty("contentId")
    private String contentId;

    /** Set for an inline part (`cid:&lt;contentId&gt;` in the HTML). */
    public String getContentId() {
      return contentId;
    }

    public EmailWithEventsAttachment setContentId(String contentId) {
      this.contentId = contentId;
      return this;
    }

    @JsonProperty("size")
    private Long size;

    /** Bytes, decoded. */
    public Long getSize() {
      return size;
    }

    public EmailWithEventsAttachment setSize(Long size) {
      this.size = size;
      return this;
    }
  }

  /** EmailWithEventsTemplate: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class EmailWithEventsTemplate {
    @JsonProperty("id")
    private String id;

    public String getId() {
      return id;
    }

    public EmailWithEventsTemplate setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("alias")
    private String alias;

    /** The template's alias now; null once the template is deleted. */
    public String getAlias() {
      return alias;
    }

    public EmailWithEventsTemplate setAlias(String alias) {
      this.alias = alias;
      return this;
    }

    @JsonProperty("version")
    private Long version;

    /** The version pinned when the email was accepted; null for a dashboard test send of the draft (its bodies are stored). */
    public Long getVersion() {
      return version;
    }

    public EmailWithEventsTemplate setVersion(Long version) {
      this.version = version;
      return this;
    }

    @JsonProperty("variables")
    private Map<String, JsonNode> variables;

    /** The values it was rendered with. POST /templates/{id}/render with `version` and these `variables` renders the bodies that were sent. */
    public Map<String, JsonNode> getVariables() {
      return variables;
    }

    public EmailWithEventsTemplate setVariables(Map<String, JsonNode> variables) {
      this.variables = variables;
      return this;
    }
  }

  /** EmailWithEventsReply: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class EmailWithEventsReply {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `inb_`. */
    public String getId() {
      return id;
    }

    public EmailWithEventsReply setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("receivedAt")
    private String receivedAt;

    /** When it was received. */
    public String getReceivedAt() {
      return receivedAt;
    }

    public EmailWithEventsReply setReceivedAt(String receivedAt) {
      this.receivedAt = receivedAt;
      return this;
    }

    @JsonProperty("from")
    private String from;

    public String getFrom() {
      return from;
    }

    public EmailWithEventsReply setFrom(String from) {
      this.from = from;
      return this;
    }
  }

  /** EmailWithEventsSuppressedRecipient: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class EmailWithEventsSuppressedRecipient {
    @JsonProperty("address")
    private String address;

    public String getAddress() {
      return address;
    }

    public EmailWithEventsSuppressedRecipient setAddress(String address) {
      this.address = address;
      return this;
    }

    @JsonProperty("reason")
    private String reason;

    public String getReason() {
      return reason;
    }

    public EmailWithEventsSuppressedRecipient setReason(String reason) {
      this.reason = reason;
      return this;
    }
  }

  /** EmailWithEventsWaitingReason: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class EmailWithEventsWaitingReason {
    @JsonProperty("code")
    private String code;

    public String getCode() {
      return code;
    }

    public EmailWithEventsWaitingReason setCode(String code) {
      this.code = code;
      return this;
    }

    @JsonProperty("message")
    private String message;

    public String getMessage() {
      return message;
    }

    public EmailWithEventsWaitingReason setMessage(String message) {
      this.message = message;
      return this;
    }

    @JsonProperty("nextAttemptAt")
    private String nextAttemptAt;

    /** When the next attempt is due: the scheduled time (scheduled), the retry (provider_retry), or when the hold ends (tenant_paused, account_paused, account_quota: when the 24-hour window has moved enough; rate_limit, render_busy, attachment_budget, region_unavailable: the next look at the regions; handoff_unknown: when the wait for the first region's Send event ends). */
    public String getNextAttemptAt() {
      return nextAttemptAt;
    }

    public EmailWithEventsWaitingReason setNextAttemptAt(String nextAttemptAt) {
      this.nextAttemptAt = nextAttemptAt;
      return this;
    }
  }

  /** EmailWithEventsWaiting: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class EmailWithEventsWaiting {
    @JsonProperty("since")
    private String since;

    /** Since when it waits in its status. */
    public String getSince() {
      return since;
    }

    public EmailWithEventsWaiting setSince(String since) {
      this.since = since;
      return this;
    }

    @JsonProperty("reasons")
    private List<EmailWithEventsWaitingReason> reasons;

    public List<EmailWithEventsWaitingReason> getReasons() {
      return reasons;
    }

    public EmailWithEventsWaiting setReasons(List<EmailWithEventsWaitingReason> reasons) {
      this.reasons = reasons;
      return this;
    }
  }

  /** An email with the first page of its events. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class EmailWithEvents {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `email_`. */
    public String getId() {
      return id;
    }

    public EmailWithEvents setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("organizationId")
    private String organizationId;

    /** Prefixed with `org_`. */
    public String getOrganizationId() {
      return organizationId;
    }

    public EmailWithEvents setOrganizationId(String organizationId) {
      this.organizationId = organizationId;
      return this;
    }

    @JsonProperty("apiKeyId")
    private String apiKeyId;

    /** Prefixed with `key_`. */
    public String getApiKeyId() {
      return apiKeyId;
    }

    public EmailWithEvents setApiKeyId(String apiKeyId) {
      this.apiKeyId = apiKeyId;
      return this;
    }

    @JsonProperty("from")
    private String from;

    public String getFrom() {
      return from;
    }

    public EmailWithEvents setFrom(String from) {
      this.from = from;
      return this;
    }

    @JsonProperty("to")
    private List<String> to;

    public List<String> getTo() {
      return to;
    }

    public EmailWithEvents setTo(List<String> to) {
      this.to = to;
      return this;
    }

    @JsonProperty("cc")
    private List<String> cc;

    public List<String> getCc() {
      return cc;
    }

    public EmailWithEvents setCc(List<String> cc) {
      this.cc = cc;
      return this;
    }

    @JsonProperty("bcc")
    private List<String> bcc;

    public List<String> getBcc() {
      return bcc;
    }

    public EmailWithEvents setBcc(List<String> bcc) {
      this.bcc = bcc;
      return this;
    }

    @JsonProperty("replyTo")
    private List<String> replyTo;

    public List<String> getReplyTo() {
      return replyTo;
    }

    public EmailWithEvents setReplyTo(List<String> replyTo) {
      this.replyTo = replyTo;
      return this;
    }

    @JsonProperty("headers")
    private Map<String, String> headers;

    /** Extra header name → value, in the order given. */
    public Map<String, String> getHeaders() {
      return headers;
    }

    public EmailWithEvents setHeaders(Map<String, String> headers) {
      this.headers = headers;
      return this;
    }

    @JsonProperty("tags")
    private List<EmailWithEventsTag> tags;

    public List<EmailWithEventsTag> getTags() {
      return tags;
    }

    public EmailWithEvents setTags(List<EmailWithEventsTag> tags) {
      this.tags = tags;
      return this;
    }

    @JsonProperty("attachments")
    private List<EmailWithEventsAttachment> attachments;

    /** What each attachment is; never its bytes. */
    public List<EmailWithEventsAttachment> getAttachments() {
      return attachments;
    }

    public EmailWithEvents setAttachments(List<EmailWithEventsAttachment> attachments) {
      this.attachments = attachments;
      return this;
    }

    @JsonProperty("subject")
    private String subject;

    /** For a templated email, the rendered subject once the provider accepted it; before that (and when the render failed), the subject's template source. */
    public String getSubject() {
      return subject;
    }

    public EmailWithEvents setSubject(String subject) {
      this.subject = subject;
      return this;
    }

    @JsonProperty("html")
    private String html;

    /** Null for a templated email: its bodies are not stored; `template` says how to render them again. */
    public String getHtml() {
      return html;
    }

    public EmailWithEvents setHtml(String html) {
      this.html = html;
      return this;
    }

    @JsonProperty("text")
    private String text;

    /** Null for a templated email (see `html`). */
    public String getText() {
      return text;
    }

    public EmailWithEvents setText(String text) {
      this.text = text;
      return this;
    }

    @JsonProperty("status")
    private String status;

    public String getStatus() {
      return status;
    }

    public EmailWithEvents setStatus(String status) {
      this.status = status;
      return this;
    }

    @JsonProperty("provider")
    private String provider;

    /** `ses` or `simulator` once handed off. */
    public String getProvider() {
      return provider;
    }

    public EmailWithEvents setProvider(String provider) {
      this.provider = provider;
      return this;
    }

    @JsonProperty("providerMessageId")
    private String providerMessageId;

    public String getProviderMessageId() {
      return providerMessageId;
    }

    public EmailWithEvents setProviderMessageId(String providerMessageId) {
      this.providerMessageId = providerMessageId;
      return this;
    }

    @JsonProperty("errorMessage")
    private String errorMessage;

    public String getErrorMessage() {
      return errorMessage;
    }

    public EmailWithEvents setErrorMessage(String errorMessage) {
      this.errorMessage = errorMessage;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the email was queued. */
    public String getCreatedAt() {
      return createdAt;
    }

    public EmailWithEvents setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("sentAt")
    private String sentAt;

    public String getSentAt() {
      return sentAt;
    }

    public EmailWithEvents setSentAt(String sentAt) {
      this.sentAt = sentAt;
      return this;
    }

    @JsonProperty("failedAt")
    private String failedAt;

    public String getFailedAt() {
      return failedAt;
    }

    public EmailWithEvents setFailedAt(String failedAt) {
      this.failedAt = failedAt;
      return this;
    }

    @JsonProperty("scheduledAt")
    private String scheduledAt;

    public String getScheduledAt() {
      return scheduledAt;
    }

    public EmailWithEvents setScheduledAt(String scheduledAt) {
      this.scheduledAt = scheduledAt;
      return this;
    }

    @JsonProperty("bodyRemovedAt")
    private String bodyRemovedAt;

    public String getBodyRemovedAt() {
      return bodyRemovedAt;
    }

    public EmailWithEvents setBodyRemovedAt(String bodyRemovedAt) {
      this.bodyRemovedAt = bodyRemovedAt;
      return this;
    }

    @JsonProperty("template")
    private EmailWithEventsTemplate template;

    /** The template the email was sent by; null for an email sent without one. */
    public EmailWithEventsTemplate getTemplate() {
      return template;
    }

    public EmailWithEvents setTemplate(EmailWithEventsTemplate template) {
      this.template = template;
      return this;
    }

    @JsonProperty("replies")
    private List<EmailWithEventsReply> replies;

    /** Mail received in reply to this email (GET /inbound/{id}), oldest first, at most 100. */
    public List<EmailWithEventsReply> getReplies() {
      return replies;
    }

    public EmailWithEvents setReplies(List<EmailWithEventsReply> replies) {
      this.replies = replies;
      return this;
    }

    @JsonProperty("suppressedRecipients")
    private List<EmailWithEventsSuppressedRecipient> suppressedRecipients;

    /** Recipients the sender dropped because the workspace's suppression list holds them. */
    public List<EmailWithEventsSuppressedRecipient> getSuppressedRecipients() {
      return suppressedRecipients;
    }

    public EmailWithEvents setSuppressedRecipients(List<EmailWithEventsSuppressedRecipient> suppressedRecipients) {
      this.suppressedRecipients = suppressedRecipients;
      return this;
    }

    @JsonProperty("events")
    private List<EmailEvent> events;

    /** The first page of its events (at most 100), oldest first. */
    public List<EmailEvent> getEvents() {
      return events;
    }

    public EmailWithEvents setEvents(List<EmailEvent> events) {
      this.events = events;
      return this;
    }

    @JsonProperty("eventsNextCursor")
    private String eventsNextCursor;

    /** When the email has more events than `events` holds: pass it as `after` to GET /emails/{id}/events for the next page. Null when `events` holds them all. */
    public String getEventsNextCursor() {
      return eventsNextCursor;
    }

    public EmailWithEvents setEventsNextCursor(String eventsNextCursor) {
      this.eventsNextCursor = eventsNextCursor;
      return this;
    }

    @JsonProperty("waiting")
    private EmailWithEventsWaiting waiting;

    /** Why an email waits longer than expected in its status; null when it does not. */
    public EmailWithEventsWaiting getWaiting() {
      return waiting;
    }

    public EmailWithEvents setWaiting(EmailWithEventsWaiting waiting) {
      this.waiting = waiting;
      return this;
    }
  }

  /** An immutable record of something that happened to an email. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class EmailEvent {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `evt_`. */
    public String getId() {
      return id;
    }

    public EmailEvent setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("emailId")
    private String emailId;

    /** Prefixed with `email_`. */
    public String getEmailId() {
      return emailId;
    }

    public EmailEvent setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public EmailEvent setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("eventTimestamp")
    private String eventTimestamp;

    /** When it happened. */
    public String getEventTimestamp() {
      return eventTimestamp;
    }

    public EmailEvent setEventTimestamp(String eventTimestamp) {
      this.eventTimestamp = eventTimestamp;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When it was stored. */
    public String getCreatedAt() {
      return createdAt;
    }

    public EmailEvent setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("payloadJson")
    private String payloadJson;

    /** The provider's raw event JSON, as a string (not normalised). */
    public String getPayloadJson() {
      return payloadJson;
    }

    public EmailEvent setPayloadJson(String payloadJson) {
      this.payloadJson = payloadJson;
      return this;
    }
  }

  /** One page of an email's events. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class EmailEventPage {
    @JsonProperty("events")
    private List<EmailEvent> events;

    /** Oldest first. */
    public List<EmailEvent> getEvents() {
      return events;
    }

    public EmailEventPage setEvents(List<EmailEvent> events) {
      this.events = events;
      return this;
    }

    @JsonProperty("nextCursor")
    private String nextCursor;

    /** `after` for the next page; null on the last page. */
    public String getNextCursor() {
      return nextCursor;
    }

    public EmailEventPage setNextCursor(String nextCursor) {
      this.nextCursor = nextCursor;
      return this;
    }
  }

  /** An API key record: never the key itself, never its hash. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ApiKey {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `key_`. */
    public String getId() {
      return id;
    }

    public ApiKey setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public ApiKey setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("environment")
    private String environment;

    public String getEnvironment() {
      return environment;
    }

    public ApiKey setEnvironment(String environment) {
      this.environment = environment;
      return this;
    }

    @JsonProperty("scope")
    private String scope;

    public String getScope() {
      return scope;
    }

    public ApiKey setScope(String scope) {
      this.scope = scope;
      return this;
    }

    @JsonProperty("displayHint")
    private String displayHint;

    /** Enough to recognise a key, useless to use it. */
    public String getDisplayHint() {
      return displayHint;
    }

    public ApiKey setDisplayHint(String displayHint) {
      this.displayHint = displayHint;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the key was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public ApiKey setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("lastUsedAt")
    private String lastUsedAt;

    public String getLastUsedAt() {
      return lastUsedAt;
    }

    public ApiKey setLastUsedAt(String lastUsedAt) {
      this.lastUsedAt = lastUsedAt;
      return this;
    }

    @JsonProperty("revokedAt")
    private String revokedAt;

    public String getRevokedAt() {
      return revokedAt;
    }

    public ApiKey setRevokedAt(String revokedAt) {
      this.revokedAt = revokedAt;
      return this;
    }

    @JsonProperty("allowedDomains")
    private List<String> allowedDomains;

    /** The sending domains the key is bound to (exact names): a send from any other answers 403 `domain_not_allowed`. Empty: any verified domain of the workspace. Set when the key is made (dashboard, CLI). */
    public List<String> getAllowedDomains() {
      return allowedDomains;
    }

    public ApiKey setAllowedDomains(List<String> allowedDomains) {
      this.allowedDomains = allowedDomains;
      return this;
    }

    @JsonProperty("allowedCidrs")
    private List<String> allowedCidrs;

    /** The source networks (IPv4 or IPv6 CIDRs) the key is bound to: a request from elsewhere answers 403 `source_not_allowed`. Empty: anywhere. Set when the key is made (dashboard, CLI). */
    public List<String> getAllowedCidrs() {
      return allowedCidrs;
    }

    public ApiKey setAllowedCidrs(List<String> allowedCidrs) {
      this.allowedCidrs = allowedCidrs;
      return this;
    }
  }

  /** A recipient who unsubscribed from one topic: only emails naming that topic skip it. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class TopicSuppression {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `tsup_`. */
    public String getId() {
      return id;
    }

    public TopicSuppression setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("topic")
    private String topic;

    public String getTopic() {
      return topic;
    }

    public TopicSuppression setTopic(String topic) {
      this.topic = topic;
      return this;
    }

    @JsonProperty("address")
    private String address;

    /** Trimmed and lower-cased. */
    public String getAddress() {
      return address;
    }

    public TopicSuppression setAddress(String address) {
      this.address = address;
      return this;
    }

    @JsonProperty("emailId")
    private String emailId;

    /** The email whose unsubscribe link was used. */
    public String getEmailId() {
      return emailId;
    }

    public TopicSuppression setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the recipient unsubscribed. */
    public String getCreatedAt() {
      return createdAt;
    }

    public TopicSuppression setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }
  }

  /** An address the sender never hands to the provider for this workspace. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class Suppression {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `sup_`. */
    public String getId() {
      return id;
    }

    public Suppression setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("address")
    private String address;

    /** Trimmed and lower-cased. */
    public String getAddress() {
      return address;
    }

    public Suppression setAddress(String address) {
      this.address = address;
      return this;
    }

    @JsonProperty("reason")
    private String reason;

    public String getReason() {
      return reason;
    }

    public Suppression setReason(String reason) {
      this.reason = reason;
      return this;
    }

    @JsonProperty("emailId")
    private String emailId;

    /** The email whose event caused the entry (null for a manual one). */
    public String getEmailId() {
      return emailId;
    }

    public Suppression setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("eventId")
    private String eventId;

    public String getEventId() {
      return eventId;
    }

    public Suppression setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the address was added. */
    public String getCreatedAt() {
      return createdAt;
    }

    public Suppression setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("expiresAt")
    private String expiresAt;

    public String getExpiresAt() {
      return expiresAt;
    }

    public Suppression setExpiresAt(String expiresAt) {
      this.expiresAt = expiresAt;
      return this;
    }

    @JsonProperty("active")
    private Boolean active;

    /** False once expiresAt has passed. */
    public Boolean getActive() {
      return active;
    }

    public Suppression setActive(Boolean active) {
      this.active = active;
      return this;
    }
  }

  /** `address`: one email address (at most 254 characters). `reason`: only `manual`. `expiresAt`: a future date-time, or null for never. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class AddSuppressionRequest {
    @JsonProperty("address")
    private String address;

    public String getAddress() {
      return address;
    }

    public AddSuppressionRequest setAddress(String address) {
      this.address = address;
      return this;
    }

    @JsonProperty("reason")
    private String reason;

    public String getReason() {
      return reason;
    }

    public AddSuppressionRequest setReason(String reason) {
      this.reason = reason;
      return this;
    }

    @JsonProperty("expiresAt")
    private String expiresAt;

    public String getExpiresAt() {
      return expiresAt;
    }

    public AddSuppressionRequest setExpiresAt(String expiresAt) {
      this.expiresAt = expiresAt;
      return this;
    }
  }

  /** A webhook subscription. The signing secret is never shown again after creation. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookSubscription {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `wh_`. */
    public String getId() {
      return id;
    }

    public WebhookSubscription setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("workspaceId")
    private String workspaceId;

    /** Prefixed with `org_`. */
    public String getWorkspaceId() {
      return workspaceId;
    }

    public WebhookSubscription setWorkspaceId(String workspaceId) {
      this.workspaceId = workspaceId;
      return this;
    }

    @JsonProperty("url")
    private String url;

    public String getUrl() {
      return url;
    }

    public WebhookSubscription setUrl(String url) {
      this.url = url;
      return this;
    }

    @JsonProperty("events")
    private List<String> events;

    public List<String> getEvents() {
      return events;
    }

    public WebhookSubscription setEvents(List<String> events) {
      this.events = events;
      return this;
    }

    @JsonProperty("isActive")
    private Boolean isActive;

    public Boolean getIsActive() {
      return isActive;
    }

    public WebhookSubscription setIsActive(Boolean isActive) {
      this.isActive = isActive;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When it was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookSubscription setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("failingSince")
    private String failingSince;

    public String getFailingSince() {
      return failingSince;
    }

    public WebhookSubscription setFailingSince(String failingSince) {
      this.failingSince = failingSince;
      return this;
    }

    @JsonProperty("disabledAt")
    private String disabledAt;

    public String getDisabledAt() {
      return disabledAt;
    }

    public WebhookSubscription setDisabledAt(String disabledAt) {
      this.disabledAt = disabledAt;
      return this;
    }

    @JsonProperty("disabledReason")
    private String disabledReason;

    public String getDisabledReason() {
      return disabledReason;
    }

    public WebhookSubscription setDisabledReason(String disabledReason) {
      this.disabledReason = disabledReason;
      return this;
    }

    @JsonProperty("maxDeliveriesPerSecond")
    private Long maxDeliveriesPerSecond;

    /** At most this many automatic attempts per second; null: no limit. */
    public Long getMaxDeliveriesPerSecond() {
      return maxDeliveriesPerSecond;
    }

    public WebhookSubscription setMaxDeliveriesPerSecond(Long maxDeliveriesPerSecond) {
      this.maxDeliveriesPerSecond = maxDeliveriesPerSecond;
      return this;
    }
  }

  /** CreatedWebhookSubscription: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class CreatedWebhookSubscription {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `wh_`. */
    public String getId() {
      return id;
    }

    public CreatedWebhookSubscription setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("workspaceId")
    private String workspaceId;

    /** Prefixed with `org_`. */
    public String getWorkspaceId() {
      return workspaceId;
    }

    public CreatedWebhookSubscription setWorkspaceId(String workspaceId) {
      this.workspaceId = workspaceId;
      return this;
    }

    @JsonProperty("url")
    private String url;

    public String getUrl() {
      return url;
    }

    public CreatedWebhookSubscription setUrl(String url) {
      this.url = url;
      return this;
    }

    @JsonProperty("events")
    private List<String> events;

    public List<String> getEvents() {
      return events;
    }

    public CreatedWebhookSubscription setEvents(List<String> events) {
      this.events = events;
      return this;
    }

    @JsonProperty("isActive")
    private Boolean isActive;

    public Boolean getIsActive() {
      return isActive;
    }

    public CreatedWebhookSubscription setIsActive(Boolean isActive) {
      this.isActive = isActive;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When it was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public CreatedWebhookSubscription setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("failingSince")
    private String failingSince;

    public String getFailingSince() {
      return failingSince;
    }

    public CreatedWebhookSubscription setFailingSince(String failingSince) {
      this.failingSince = failingSince;
      return this;
    }

    @JsonProperty("disabledAt")
    private String disabledAt;

    public String getDisabledAt() {
      return disabledAt;
    }

    public CreatedWebhookSubscription setDisabledAt(String disabledAt) {
      this.disabledAt = disabledAt;
      return this;
    }

    @JsonProperty("disabledReason")
    private String disabledReason;

    public String getDisabledReason() {
      return disabledReason;
    }

    public CreatedWebhookSubscription setDisabledReason(String disabledReason) {
      this.disabledReason = disabledReason;
      return this;
    }

    @JsonProperty("maxDeliveriesPerSecond")
    private Long maxDeliveriesPerSecond;

    /** At most this many automatic attempts per second; null: no limit. */
    public Long getMaxDeliveriesPerSecond() {
      return maxDeliveriesPerSecond;
    }

    public CreatedWebhookSubscription setMaxDeliveriesPerSecond(Long maxDeliveriesPerSecond) {
      this.maxDeliveriesPerSecond = maxDeliveriesPerSecond;
      return this;
    }

    @JsonProperty("secret")
    private String secret;

    /** The signing secret, shown only in this answer: the HMAC key of `X-Service-Signature` as is, and of the Standard Webhooks `webhook-signature` (its libraries take it as is). */
    public String getSecret() {
      return secret;
    }

    public CreatedWebhookSubscription setSecret(String secret) {
      this.secret = secret;
      return this;
    }
  }

  /** CreateWebhookSubscriptionRequest: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class CreateWebhookSubscriptionRequest {
    @JsonProperty("url")
    private String url;

    /** An https URL on a public address. */
    public String getUrl() {
      return url;
    }

    public CreateWebhookSubscriptionRequest setUrl(String url) {
      this.url = url;
      return this;
    }

    @JsonProperty("events")
    private List<String> events;

    /** The event types delivered to it. */
    public List<String> getEvents() {
      return events;
    }

    public CreateWebhookSubscriptionRequest setEvents(List<String> events) {
      this.events = events;
      return this;
    }

    @JsonProperty("maxDeliveriesPerSecond")
    private Long maxDeliveriesPerSecond;

    /** At most this many automatic attempts per second, across every dispatcher; null or absent: no limit. */
    public Long getMaxDeliveriesPerSecond() {
      return maxDeliveriesPerSecond;
    }

    public CreateWebhookSubscriptionRequest setMaxDeliveriesPerSecond(Long maxDeliveriesPerSecond) {
      this.maxDeliveriesPerSecond = maxDeliveriesPerSecond;
      return this;
    }
  }

  /** UpdateWebhookSubscriptionRequest: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class UpdateWebhookSubscriptionRequest {
    @JsonProperty("url")
    private String url;

    public String getUrl() {
      return url;
    }

    public UpdateWebhookSubscriptionRequest setUrl(String url) {
      this.url = url;
      return this;
    }

    @JsonProperty("events")
    private List<String> events;

    public List<String> getEvents() {
      return events;
    }

    public UpdateWebhookSubscriptionRequest setEvents(List<String> events) {
      this.events = events;
      return this;
    }

    @JsonProperty("isActive")
    private Boolean isActive;

    /** false stops new deliveries and fails pending ones; true starts afresh. */
    public Boolean getIsActive() {
      return isActive;
    }

    public UpdateWebhookSubscriptionRequest setIsActive(Boolean isActive) {
      this.isActive = isActive;
      return this;
    }

    @JsonProperty("maxDeliveriesPerSecond")
    private Long maxDeliveriesPerSecond;

    public Long getMaxDeliveriesPerSecond() {
      return maxDeliveriesPerSecond;
    }

    public UpdateWebhookSubscriptionRequest setMaxDeliveriesPerSecond(Long maxDeliveriesPerSecond) {
      this.maxDeliveriesPerSecond = maxDeliveriesPerSecond;
      return this;
    }
  }

  /** WebhookDeliveryDetail: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookDeliveryDetail {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `wd_`: the `X-Service-Delivery-Id` and `webhook-id` of its requests. */
    public String getId() {
      return id;
    }

    public WebhookDeliveryDetail setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("subscriptionId")
    private String subscriptionId;

    public String getSubscriptionId() {
      return subscriptionId;
    }

    public WebhookDeliveryDetail setSubscriptionId(String subscriptionId) {
      this.subscriptionId = subscriptionId;
      return this;
    }

    @JsonProperty("eventId")
    private String eventId;

    /** Null for a test event and for a replay's copy (its body names the event). */
    public String getEventId() {
      return eventId;
    }

    public WebhookDeliveryDetail setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("eventType")
    private String eventType;

    public String getEventType() {
      return eventType;
    }

    public WebhookDeliveryDetail setEventType(String eventType) {
      this.eventType = eventType;
      return this;
    }

    @JsonProperty("test")
    private Boolean test;

    public Boolean getTest() {
      return test;
    }

    public WebhookDeliveryDetail setTest(Boolean test) {
      this.test = test;
      return this;
    }

    @JsonProperty("replayOf")
    private String replayOf;

    /** A replay's copy of a succeeded delivery: the original delivery's id. */
    public String getReplayOf() {
      return replayOf;
    }

    public WebhookDeliveryDetail setReplayOf(String replayOf) {
      this.replayOf = replayOf;
      return this;
    }

    @JsonProperty("status")
    private String status;

    public String getStatus() {
      return status;
    }

    public WebhookDeliveryDetail setStatus(String status) {
      this.status = status;
      return this;
    }

    @JsonProperty("attemptCount")
    private Long attemptCount;

    public Long getAttemptCount() {
      return attemptCount;
    }

    public WebhookDeliveryDetail setAttemptCount(Long attemptCount) {
      this.attemptCount = attemptCount;
      return this;
    }

    @JsonProperty("firstAttemptAt")
    private String firstAttemptAt;

    public String getFirstAttemptAt() {
      return firstAttemptAt;
    }

    public WebhookDeliveryDetail setFirstAttemptAt(String firstAttemptAt) {
      this.firstAttemptAt = firstAttemptAt;
      return this;
    }

    @JsonProperty("nextAttemptAt")
    private String nextAttemptAt;

    public String getNextAttemptAt() {
      return nextAttemptAt;
    }

    public WebhookDeliveryDetail setNextAttemptAt(String nextAttemptAt) {
      this.nextAttemptAt = nextAttemptAt;
      return this;
    }

    @JsonProperty("lastStatusCode")
    private Long lastStatusCode;

    public Long getLastStatusCode() {
      return lastStatusCode;
    }

    public WebhookDeliveryDetail setLastStatusCode(Long lastStatusCode) {
      this.lastStatusCode = lastStatusCode;
      return this;
    }

    @JsonProperty("lastError")
    private String lastError;

    public String getLastError() {
      return lastError;
    }

    public WebhookDeliveryDetail setLastError(String lastError) {
      this.lastError = lastError;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookDeliveryDetail setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("completedAt")
    private String completedAt;

    public String getCompletedAt() {
      return completedAt;
    }

    public WebhookDeliveryDetail setCompletedAt(String completedAt) {
      this.completedAt = completedAt;
      return this;
    }

    @JsonProperty("attempts")
    private List<WebhookAttempt> attempts;

    /** Its attempts, oldest first. */
    public List<WebhookAttempt> getAttempts() {
      return attempts;
    }

    public WebhookDeliveryDetail setAttempts(List<WebhookAttempt> attempts) {
      this.attempts = attempts;
      return this;
    }

    @JsonProperty("body")
    private String body;

    /** The exact bytes POSTed on every attempt. */
    public String getBody() {
      return body;
    }

    public WebhookDeliveryDetail setBody(String body) {
      this.body = body;
      return this;
    }
  }

  /** WebhookAttempt: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookAttempt {
    @JsonProperty("id")
    private String id;

    public String getId() {
      return id;
    }

    public WebhookAttempt setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("number")
    private Long number;

    public Long getNumber() {
      return number;
    }

    public WebhookAttempt setNumber(Long number) {
      this.number = number;
      return this;
    }

    @JsonProperty("manual")
    private Boolean manual;

    /** Made by hand (a retry from the dashboard, CLI or API), outside the automatic schedule. */
    public Boolean getManual() {
      return manual;
    }

    public WebhookAttempt setManual(Boolean manual) {
      this.manual = manual;
      return this;
    }

    @JsonProperty("startedAt")
    private String startedAt;

    /** When the POST started. */
    public String getStartedAt() {
      return startedAt;
    }

    public WebhookAttempt setStartedAt(String startedAt) {
      this.startedAt = startedAt;
      return this;
    }

    @JsonProperty("durationMs")
    private Long durationMs;

    public Long getDurationMs() {
      return durationMs;
    }

    public WebhookAttempt setDurationMs(Long durationMs) {
      this.durationMs = durationMs;
      return this;
    }

    @JsonProperty("statusCode")
    private Long statusCode;

    public Long getStatusCode() {
      return statusCode;
    }

    public WebhookAttempt setStatusCode(Long statusCode) {
      this.statusCode = statusCode;
      return this;
    }

    @JsonProperty("responseExcerpt")
    private String responseExcerpt;

    /** The first 2 KB of the answer. */
    public String getResponseExcerpt() {
      return responseExcerpt;
    }

    public WebhookAttempt setResponseExcerpt(String responseExcerpt) {
      this.responseExcerpt = responseExcerpt;
      return this;
    }

    @JsonProperty("error")
    private String error;

    public String getError() {
      return error;
    }

    public WebhookAttempt setError(String error) {
      this.error = error;
      return this;
    }
  }

  /** TestWebhookEventRequest: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class TestWebhookEventRequest {
    @JsonProperty("eventType")
    private String eventType;

    /** Defaults to the subscription's first event type. */
    public String getEventType() {
      return eventType;
    }

    public TestWebhookEventRequest setEventType(String eventType) {
      this.eventType = eventType;
      return this;
    }
  }

  /** WebhookDelivery: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookDelivery {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `wd_`: the `X-Service-Delivery-Id` and `webhook-id` of its requests. */
    public String getId() {
      return id;
    }

    public WebhookDelivery setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("subscriptionId")
    private String subscriptionId;

    public String getSubscriptionId() {
      return subscriptionId;
    }

    public WebhookDelivery setSubscriptionId(String subscriptionId) {
      this.subscriptionId = subscriptionId;
      return this;
    }

    @JsonProperty("eventId")
    private String eventId;

    /** Null for a test event and for a replay's copy (its body names the event). */
    public String getEventId() {
      return eventId;
    }

    public WebhookDelivery setEventId(String eventId) {
      this.eventId = eventId;
      return this;
    }

    @JsonProperty("eventType")
    private String eventType;

    public String getEventType() {
      return eventType;
    }

    public WebhookDelivery setEventType(String eventType) {
      this.eventType = eventType;
      return this;
    }

    @JsonProperty("test")
    private Boolean test;

    public Boolean getTest() {
      return test;
    }

    public WebhookDelivery setTest(Boolean test) {
      this.test = test;
      return this;
    }

    @JsonProperty("replayOf")
    private String replayOf;

    /** A replay's copy of a succeeded delivery: the original delivery's id. */
    public String getReplayOf() {
      return replayOf;
    }

    public WebhookDelivery setReplayOf(String replayOf) {
      this.replayOf = replayOf;
      return this;
    }

    @JsonProperty("status")
    private String status;

    public String getStatus() {
      return status;
    }

    public WebhookDelivery setStatus(String status) {
      this.status = status;
      return this;
    }

    @JsonProperty("attemptCount")
    private Long attemptCount;

    public Long getAttemptCount() {
      return attemptCount;
    }

    public WebhookDelivery setAttemptCount(Long attemptCount) {
      this.attemptCount = attemptCount;
      return this;
    }

    @JsonProperty("firstAttemptAt")
    private String firstAttemptAt;

    public String getFirstAttemptAt() {
      return firstAttemptAt;
    }

    public WebhookDelivery setFirstAttemptAt(String firstAttemptAt) {
      this.firstAttemptAt = firstAttemptAt;
      return this;
    }

    @JsonProperty("nextAttemptAt")
    private String nextAttemptAt;

    public String getNextAttemptAt() {
      return nextAttemptAt;
    }

    public WebhookDelivery setNextAttemptAt(String nextAttemptAt) {
      this.nextAttemptAt = nextAttemptAt;
      return this;
    }

    @JsonProperty("lastStatusCode")
    private Long lastStatusCode;

    public Long getLastStatusCode() {
      return lastStatusCode;
    }

    public WebhookDelivery setLastStatusCode(Long lastStatusCode) {
      this.lastStatusCode = lastStatusCode;
      return this;
    }

    @JsonProperty("lastError")
    private String lastError;

    public String getLastError() {
      return lastError;
    }

    public WebhookDelivery setLastError(String lastError) {
      this.lastError = lastError;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the delivery was created. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookDelivery setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("completedAt")
    private String completedAt;

    public String getCompletedAt() {
      return completedAt;
    }

    public WebhookDelivery setCompletedAt(String completedAt) {
      this.completedAt = completedAt;
      return this;
    }

    @JsonProperty("attempts")
    private List<WebhookAttempt> attempts;

    /** Its attempts, oldest first. */
    public List<WebhookAttempt> getAttempts() {
      return attempts;
    }

    public WebhookDelivery setAttempts(List<WebhookAttempt> attempts) {
      this.attempts = attempts;
      return this;
    }
  }

  /** Its deliveries by status now. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookReplayProgress {
    @JsonProperty("pending")
    private Long pending;

    public Long getPending() {
      return pending;
    }

    public WebhookReplayProgress setPending(Long pending) {
      this.pending = pending;
      return this;
    }

    @JsonProperty("succeeded")
    private Long succeeded;

    public Long getSucceeded() {
      return succeeded;
    }

    public WebhookReplayProgress setSucceeded(Long succeeded) {
      this.succeeded = succeeded;
      return this;
    }

    @JsonProperty("failed")
    private Long failed;

    public Long getFailed() {
      return failed;
    }

    public WebhookReplayProgress setFailed(Long failed) {
      this.failed = failed;
      return this;
    }
  }

  /** Past deliveries of one subscription sent again, paced, with its progress. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class WebhookReplay {
    @JsonProperty("id")
    private String id;

    /** Prefixed with `wr_`. */
    public String getId() {
      return id;
    }

    public WebhookReplay setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("subscriptionId")
    private String subscriptionId;

    public String getSubscriptionId() {
      return subscriptionId;
    }

    public WebhookReplay setSubscriptionId(String subscriptionId) {
      this.subscriptionId = subscriptionId;
      return this;
    }

    @JsonProperty("kind")
    private String kind;

    public String getKind() {
      return kind;
    }

    public WebhookReplay setKind(String kind) {
      this.kind = kind;
      return this;
    }

    @JsonProperty("deliveryId")
    private String deliveryId;

    public String getDeliveryId() {
      return deliveryId;
    }

    public WebhookReplay setDeliveryId(String deliveryId) {
      this.deliveryId = deliveryId;
      return this;
    }

    @JsonProperty("emailId")
    private String emailId;

    public String getEmailId() {
      return emailId;
    }

    public WebhookReplay setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("since")
    private String since;

    public String getSince() {
      return since;
    }

    public WebhookReplay setSince(String since) {
      this.since = since;
      return this;
    }

    @JsonProperty("until")
    private String until;

    public String getUntil() {
      return until;
    }

    public WebhookReplay setUntil(String until) {
      this.until = until;
      return this;
    }

    @JsonProperty("perSecond")
    private Long perSecond;

    public Long getPerSecond() {
      return perSecond;
    }

    public WebhookReplay setPerSecond(Long perSecond) {
      this.perSecond = perSecond;
      return this;
    }

    @JsonProperty("rearmed")
    private Long rearmed;

    /** Failed deliveries made pending again under their own id (a fresh 24-hour retry window). */
    public Long getRearmed() {
      return rearmed;
    }

    public WebhookReplay setRearmed(Long rearmed) {
      this.rearmed = rearmed;
      return this;
    }

    @JsonProperty("copied")
    private Long copied;

    /** Succeeded deliveries sent again as new deliveries with a new id, the original's in `replayOf`. */
    public Long getCopied() {
      return copied;
    }

    public WebhookReplay setCopied(Long copied) {
      this.copied = copied;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    /** When the replay was asked for. */
    public String getCreatedAt() {
      return createdAt;
    }

    public WebhookReplay setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("pacedUntil")
    private String pacedUntil;

    /** When its last delivery is due for its first attempt. */
    public String getPacedUntil() {
      return pacedUntil;
    }

    public WebhookReplay setPacedUntil(String pacedUntil) {
      this.pacedUntil = pacedUntil;
      return this;
    }

    @JsonProperty("progress")
    private WebhookReplayProgress progress;

    /** Its deliveries by status now. */
    public WebhookReplayProgress getProgress() {
      return progress;
    }

    public WebhookReplay setProgress(WebhookReplayProgress progress) {
      this.progress = progress;
      return this;
    }
  }

  /** ReplayWebhookDeliveriesRequestVariant1: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ReplayWebhookDeliveriesRequestVariant1 {
    @JsonProperty("kind")
    private String kind;

    public String getKind() {
      return kind;
    }

    public ReplayWebhookDeliveriesRequestVariant1 setKind(String kind) {
      this.kind = kind;
      return this;
    }

    @JsonProperty("deliveryId")
    private String deliveryId;

    /** The delivery (`wd_…`) to send again. */
    public String getDeliveryId() {
      return deliveryId;
    }

    public ReplayWebhookDeliveriesRequestVariant1 setDeliveryId(String deliveryId) {
      this.deliveryId = deliveryId;
      return this;
    }

    @JsonProperty("perSecond")
    private Long perSecond;

    /** Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent. */
    public Long getPerSecond() {
      return perSecond;
    }

    public ReplayWebhookDeliveriesRequestVariant1 setPerSecond(Long perSecond) {
      this.perSecond = perSecond;
      return this;
    }
  }

  /** ReplayWebhookDeliveriesRequestVariant2: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ReplayWebhookDeliveriesRequestVariant2 {
    @JsonProperty("kind")
    private String kind;

    public String getKind() {
      return kind;
    }

    public ReplayWebhookDeliveriesRequestVariant2 setKind(String kind) {
      this.kind = kind;
      return this;
    }

    @JsonProperty("emailId")
    private String emailId;

    /** Every delivery of this email's events to the subscription. */
    public String getEmailId() {
      return emailId;
    }

    public ReplayWebhookDeliveriesRequestVariant2 setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("perSecond")
    private Long perSecond;

    /** Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent. */
    public Long getPerSecond() {
      return perSecond;
    }

    public ReplayWebhookDeliveriesRequestVariant2 setPerSecond(Long perSecond) {
      this.perSecond = perSecond;
      return this;
    }
  }

  /** ReplayWebhookDeliveriesRequestVariant3: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ReplayWebhookDeliveriesRequestVariant3 {
    @JsonProperty("kind")
    private String kind;

    public String getKind() {
      return kind;
    }

    public ReplayWebhookDeliveriesRequestVariant3 setKind(String kind) {
      this.kind = kind;
      return this;
    }

    @JsonProperty("since")
    private String since;

    /** Every failed delivery created since then: recovery after an outage. */
    public String getSince() {
      return since;
    }

    public ReplayWebhookDeliveriesRequestVariant3 setSince(String since) {
      this.since = since;
      return this;
    }

    @JsonProperty("perSecond")
    private Long perSecond;

    /** Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent. */
    public Long getPerSecond() {
      return perSecond;
    }

    public ReplayWebhookDeliveriesRequestVariant3 setPerSecond(Long perSecond) {
      this.perSecond = perSecond;
      return this;
    }
  }

  /** ReplayWebhookDeliveriesRequestVariant4: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ReplayWebhookDeliveriesRequestVariant4 {
    @JsonProperty("kind")
    private String kind;

    public String getKind() {
      return kind;
    }

    public ReplayWebhookDeliveriesRequestVariant4 setKind(String kind) {
      this.kind = kind;
      return this;
    }

    @JsonProperty("since")
    private String since;

    /** Start of the range (inclusive). */
    public String getSince() {
      return since;
    }

    public ReplayWebhookDeliveriesRequestVariant4 setSince(String since) {
      this.since = since;
      return this;
    }

    @JsonProperty("until")
    private String until;

    /** End of the range (exclusive). */
    public String getUntil() {
      return until;
    }

    public ReplayWebhookDeliveriesRequestVariant4 setUntil(String until) {
      this.until = until;
      return this;
    }

    @JsonProperty("perSecond")
    private Long perSecond;

    /** Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent. */
    public Long getPerSecond() {
      return perSecond;
    }

    public ReplayWebhookDeliveriesRequestVariant4 setPerSecond(Long perSecond) {
      this.perSecond = perSecond;
      return this;
    }
  }

  /** Which finished deliveries of the subscription to send again (pending ones are still being attempted and are left alone). */
  // It holds one of several shapes: the fields of each, all optional.
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ReplayWebhookDeliveriesRequest {
    @JsonProperty("kind")
    private String kind;

    public String getKind() {
      return kind;
    }

    public ReplayWebhookDeliveriesRequest setKind(String kind) {
      this.kind = kind;
      return this;
    }

    @JsonProperty("deliveryId")
    private String deliveryId;

    /** The delivery (`wd_…`) to send again. */
    public String getDeliveryId() {
      return deliveryId;
    }

    public ReplayWebhookDeliveriesRequest setDeliveryId(String deliveryId) {
      this.deliveryId = deliveryId;
      return this;
    }

    @JsonProperty("perSecond")
    private Long perSecond;

    /** Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent. */
    public Long getPerSecond() {
      return perSecond;
    }

    public ReplayWebhookDeliveriesRequest setPerSecond(Long perSecond) {
      this.perSecond = perSecond;
      return this;
    }

    @JsonProperty("emailId")
    private String emailId;

    /** Every delivery of this email's events to the subscription. */
    public String getEmailId() {
      return emailId;
    }

    public ReplayWebhookDeliveriesRequest setEmailId(String emailId) {
      this.emailId = emailId;
      return this;
    }

    @JsonProperty("since")
    private String since;

    /** Every failed delivery created since then: recovery after an outage. */
    public String getSince() {
      return since;
    }

    public ReplayWebhookDeliveriesRequest setSince(String since) {
      this.since = since;
      return this;
    }

    @JsonProperty("until")
    private String until;

    /** End of the range (exclusive). */
    public String getUntil() {
      return until;
    }

    public ReplayWebhookDeliveriesRequest setUntil(String until) {
      this.until = until;
      return this;
    }
  }

  /** TemplateDraft: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class TemplateDraft {
    @JsonProperty("subject")
    private String subject;

    public String getSubject() {
      return subject;
    }

    public TemplateDraft setSubject(String subject) {
      this.subject = subject;
      return this;
    }

    @JsonProperty("html")
    private String html;

    public String getHtml() {
      return html;
    }

    public TemplateDraft setHtml(String html) {
      this.html = html;
      return this;
    }

    @JsonProperty("text")
    private String text;

    public String getText() {
      return text;
    }

    public TemplateDraft setText(String text) {
      this.text = text;
      return this;
    }

    @JsonProperty("variables")
    private List<TemplateVariable> variables;

    public List<TemplateVariable> getVariables() {
      return variables;
    }

    public TemplateDraft setVariables(List<TemplateVariable> variables) {
      this.variables = variables;
      return this;
    }
  }

  /** Template: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class Template {
    @JsonProperty("id")
    private String id;

    public String getId() {
      return id;
    }

    public Template setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public Template setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("alias")
    private String alias;

    /** Unique in the workspace; sends may name the template by it. */
    public String getAlias() {
      return alias;
    }

    public Template setAlias(String alias) {
      this.alias = alias;
      return this;
    }

    @JsonProperty("layoutId")
    private String layoutId;

    /** A template whose HTML wraps this one's at `{{ content }}`. */
    public String getLayoutId() {
      return layoutId;
    }

    public Template setLayoutId(String layoutId) {
      this.layoutId = layoutId;
      return this;
    }

    @JsonProperty("draft")
    private TemplateDraft draft;

    public TemplateDraft getDraft() {
      return draft;
    }

    public Template setDraft(TemplateDraft draft) {
      this.draft = draft;
      return this;
    }

    @JsonProperty("publishedVersion")
    private Long publishedVersion;

    /** The version new sends use; null until published. */
    public Long getPublishedVersion() {
      return publishedVersion;
    }

    public Template setPublishedVersion(Long publishedVersion) {
      this.publishedVersion = publishedVersion;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    public String getCreatedAt() {
      return createdAt;
    }

    public Template setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("updatedAt")
    private String updatedAt;

    public String getUpdatedAt() {
      return updatedAt;
    }

    public Template setUpdatedAt(String updatedAt) {
      this.updatedAt = updatedAt;
      return this;
    }
  }

  /** TemplateVariable: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class TemplateVariable {
    @JsonProperty("name")
    private String name;

    /** A letter or _ followed by letters, digits or _ (at most 64). */
    public String getName() {
      return name;
    }

    public TemplateVariable setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public TemplateVariable setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("fallback")
    private JsonNode fallback;

    /** Used when a send gives no value; of `type`. Without it the variable is required. */
    public JsonNode getFallback() {
      return fallback;
    }

    public TemplateVariable setFallback(JsonNode fallback) {
      this.fallback = fallback;
      return this;
    }
  }

  /** CreateTemplateRequest: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class CreateTemplateRequest {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public CreateTemplateRequest setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("alias")
    private String alias;

    public String getAlias() {
      return alias;
    }

    public CreateTemplateRequest setAlias(String alias) {
      this.alias = alias;
      return this;
    }

    @JsonProperty("subject")
    private String subject;

    /** Liquid; not HTML-escaped. */
    public String getSubject() {
      return subject;
    }

    public CreateTemplateRequest setSubject(String subject) {
      this.subject = subject;
      return this;
    }

    @JsonProperty("html")
    private String html;

    /** Liquid; every `{{ output }}` is HTML-escaped unless written `| raw`. */
    public String getHtml() {
      return html;
    }

    public CreateTemplateRequest setHtml(String html) {
      this.html = html;
      return this;
    }

    @JsonProperty("text")
    private String text;

    /** Liquid; when null, the text is derived from the rendered HTML. */
    public String getText() {
      return text;
    }

    public CreateTemplateRequest setText(String text) {
      this.text = text;
      return this;
    }

    @JsonProperty("variables")
    private List<TemplateVariable> variables;

    public List<TemplateVariable> getVariables() {
      return variables;
    }

    public CreateTemplateRequest setVariables(List<TemplateVariable> variables) {
      this.variables = variables;
      return this;
    }

    @JsonProperty("layoutId")
    private String layoutId;

    public String getLayoutId() {
      return layoutId;
    }

    public CreateTemplateRequest setLayoutId(String layoutId) {
      this.layoutId = layoutId;
      return this;
    }
  }

  /** The fields to change in the draft; published versions never change. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class UpdateTemplateRequest {
    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public UpdateTemplateRequest setName(String name) {
      this.name = name;
      return this;
    }

    @JsonProperty("alias")
    private String alias;

    public String getAlias() {
      return alias;
    }

    public UpdateTemplateRequest setAlias(String alias) {
      this.alias = alias;
      return this;
    }

    @JsonProperty("subject")
    private String subject;

    /** Liquid; not HTML-escaped. */
    public String getSubject() {
      return subject;
    }

    public UpdateTemplateRequest setSubject(String subject) {
      this.subject = subject;
      return this;
    }

    @JsonProperty("html")
    private String html;

    /** Liquid; every `{{ output }}` is HTML-escaped unless written `| raw`. */
    public String getHtml() {
      return html;
    }

    public UpdateTemplateRequest setHtml(String html) {
      this.html = html;
      return this;
    }

    @JsonProperty("text")
    private String text;

    /** Liquid; when null, the text is derived from the rendered HTML. */
    public String getText() {
      return text;
    }

    public UpdateTemplateRequest setText(String text) {
      this.text = text;
      return this;
    }

    @JsonProperty("variables")
    private List<TemplateVariable> variables;

    public List<TemplateVariable> getVariables() {
      return variables;
    }

    public UpdateTemplateRequest setVariables(List<TemplateVariable> variables) {
      this.variables = variables;
      return this;
    }

    @JsonProperty("layoutId")
    private String layoutId;

    public String getLayoutId() {
      return layoutId;
    }

    public UpdateTemplateRequest setLayoutId(String layoutId) {
      this.layoutId = layoutId;
      return this;
    }
  }

  /** TemplateVersion: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class TemplateVersion {
    @JsonProperty("version")
    private Long version;

    public Long getVersion() {
      return version;
    }

    public TemplateVersion setVersion(Long version) {
      this.version = version;
      return this;
    }

    @JsonProperty("subject")
    private String subject;

    public String getSubject() {
      return subject;
    }

    public TemplateVersion setSubject(String subject) {
      this.subject = subject;
      return this;
    }

    @JsonProperty("html")
    private String html;

    public String getHtml() {
      return html;
    }

    public TemplateVersion setHtml(String html) {
      this.html = html;
      return this;
    }

    @JsonProperty("text")
    private String text;

    public String getText() {
      return text;
    }

    public TemplateVersion setText(String text) {
      this.text = text;
      return this;
    }

    @JsonProperty("variables")
    private List<TemplateVariable> variables;

    public List<TemplateVariable> getVariables() {
      return variables;
    }

    public TemplateVersion setVariables(List<TemplateVariable> variables) {
      this.variables = variables;
      return this;
    }

    @JsonProperty("layoutHtml")
    private String layoutHtml;

    /** The layout's published HTML when this version was published. */
    public String getLayoutHtml() {
      return layoutHtml;
    }

    public TemplateVersion setLayoutHtml(String layoutHtml) {
      this.layoutHtml = layoutHtml;
      return this;
    }

    @JsonProperty("publishedAt")
    private String publishedAt;

    public String getPublishedAt() {
      return publishedAt;
    }

    public TemplateVersion setPublishedAt(String publishedAt) {
      this.publishedAt = publishedAt;
      return this;
    }
  }

  /** PublishTemplateRequest: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class PublishTemplateRequest {
    @JsonProperty("fromVersion")
    private Long fromVersion;

    public Long getFromVersion() {
      return fromVersion;
    }

    public PublishTemplateRequest setFromVersion(Long fromVersion) {
      this.fromVersion = fromVersion;
      return this;
    }
  }

  /** DuplicateTemplateRequest: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class DuplicateTemplateRequest {
    @JsonProperty("alias")
    private String alias;

    public String getAlias() {
      return alias;
    }

    public DuplicateTemplateRequest setAlias(String alias) {
      this.alias = alias;
      return this;
    }

    @JsonProperty("name")
    private String name;

    public String getName() {
      return name;
    }

    public DuplicateTemplateRequest setName(String name) {
      this.name = name;
      return this;
    }
  }

  /** RenderedTemplate: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class RenderedTemplate {
    @JsonProperty("subject")
    private String subject;

    public String getSubject() {
      return subject;
    }

    public RenderedTemplate setSubject(String subject) {
      this.subject = subject;
      return this;
    }

    @JsonProperty("html")
    private String html;

    public String getHtml() {
      return html;
    }

    public RenderedTemplate setHtml(String html) {
      this.html = html;
      return this;
    }

    @JsonProperty("text")
    private String text;

    public String getText() {
      return text;
    }

    public RenderedTemplate setText(String text) {
      this.text = text;
      return this;
    }
  }

  /** RenderTemplateRequest: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class RenderTemplateRequest {
    @JsonProperty("version")
    private Long version;

    public Long getVersion() {
      return version;
    }

    public RenderTemplateRequest setVersion(Long version) {
      this.version = version;
      return this;
    }

    @JsonProperty("variables")
    private Map<String, JsonNode> variables;

    public Map<String, JsonNode> getVariables() {
      return variables;
    }

    public RenderTemplateRequest setVariables(Map<String, JsonNode> variables) {
      this.variables = variables;
      return this;
    }
  }

  /** InboundSummaryAttachment: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundSummaryAttachment {
    @JsonProperty("filename")
    private String filename;

    public String getFilename() {
      return filename;
    }

    public InboundSummaryAttachment setFilename(String filename) {
      this.filename = filename;
      return this;
    }

    @JsonProperty("contentType")
    private String contentType;

    public String getContentType() {
      return contentType;
    }

    public InboundSummaryAttachment setContentType(String contentType) {
      this.contentType = contentType;
      return this;
    }

    @JsonProperty("size")
    private Long size;

    public Long getSize() {
      return size;
    }

    public InboundSummaryAttachment setSize(Long size) {
      this.size = size;
      return this;
    }
  }

  /** InboundSummaryVerdictsSpf: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundSummaryVerdictsSpf {
    @JsonProperty("result")
    private String result;

    /** `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
    public String getResult() {
      return result;
    }

    public InboundSummaryVerdictsSpf setResult(String result) {
      this.result = result;
      return this;
    }

    @JsonProperty("domain")
    private String domain;

    public String getDomain() {
      return domain;
    }

    public InboundSummaryVerdictsSpf setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("policy")
    private String policy;

    /** DMARC: the From domain's published policy. */
    public String getPolicy() {
      return policy;
    }

    public InboundSummaryVerdictsSpf setPolicy(String policy) {
      this.policy = policy;
      return this;
    }
  }

  /** InboundSummaryVerdictsDkim: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundSummaryVerdictsDkim {
    @JsonProperty("result")
    private String result;

    /** `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
    public String getResult() {
      return result;
    }

    public InboundSummaryVerdictsDkim setResult(String result) {
      this.result = result;
      return this;
    }

    @JsonProperty("domain")
    private String domain;

    public String getDomain() {
      return domain;
    }

    public InboundSummaryVerdictsDkim setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("policy")
    private String policy;

    /** DMARC: the From domain's published policy. */
    public String getPolicy() {
      return policy;
    }

    public InboundSummaryVerdictsDkim setPolicy(String policy) {
      this.policy = policy;
      return this;
    }
  }

  /** InboundSummaryVerdictsDmarc: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundSummaryVerdictsDmarc {
    @JsonProperty("result")
    private String result;

    /** `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
    public String getResult() {
      return result;
    }

    public InboundSummaryVerdictsDmarc setResult(String result) {
      this.result = result;
      return this;
    }

    @JsonProperty("domain")
    private String domain;

    public String getDomain() {
      return domain;
    }

    public InboundSummaryVerdictsDmarc setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("policy")
    private String policy;

    /** DMARC: the From domain's published policy. */
    public String getPolicy() {
      return policy;
    }

    public InboundSummaryVerdictsDmarc setPolicy(String policy) {
      this.policy = policy;
      return this;
    }
  }

  /** InboundSummaryVerdictsArc: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundSummaryVerdictsArc {
    @JsonProperty("result")
    private String result;

    /** `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
    public String getResult() {
      return result;
    }

    public InboundSummaryVerdictsArc setResult(String result) {
      this.result = result;
      return this;
    }

    @JsonProperty("domain")
    private String domain;

    public String getDomain() {
      return domain;
    }

    public InboundSummaryVerdictsArc setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("policy")
    private String policy;

    /** DMARC: the From domain's published policy. */
    public String getPolicy() {
      return policy;
    }

    public InboundSummaryVerdictsArc setPolicy(String policy) {
      this.policy = policy;
      return this;
    }
  }

  /** InboundSummaryVerdictsSpam: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundSummaryVerdictsSpam {
    @JsonProperty("result")
    private String result;

    /** `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
    public String getResult() {
      return result;
    }

    public InboundSummaryVerdictsSpam setResult(String result) {
      this.result = result;
      return this;
    }

    @JsonProperty("domain")
    private String domain;

    public String getDomain() {
      return domain;
    }

    public InboundSummaryVerdictsSpam setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("policy")
    private String policy;

    /** DMARC: the From domain's published policy. */
    public String getPolicy() {
      return policy;
    }

    public InboundSummaryVerdictsSpam setPolicy(String policy) {
      this.policy = policy;
      return this;
    }
  }

  /** InboundSummaryVerdictsVirus: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundSummaryVerdictsVirus {
    @JsonProperty("result")
    private String result;

    /** `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
    public String getResult() {
      return result;
    }

    public InboundSummaryVerdictsVirus setResult(String result) {
      this.result = result;
      return this;
    }

    @JsonProperty("domain")
    private String domain;

    public String getDomain() {
      return domain;
    }

    public InboundSummaryVerdictsVirus setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("policy")
    private String policy;

    /** DMARC: the From domain's published policy. */
    public String getPolicy() {
      return policy;
    }

    public InboundSummaryVerdictsVirus setPolicy(String policy) {
      this.policy = policy;
      return this;
    }
  }

  /** InboundSummaryVerdicts: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundSummaryVerdicts {
    @JsonProperty("spf")
    private InboundSummaryVerdictsSpf spf;

    public InboundSummaryVerdictsSpf getSpf() {
      return spf;
    }

    public InboundSummaryVerdicts setSpf(InboundSummaryVerdictsSpf spf) {
      this.spf = spf;
      return this;
    }

    @JsonProperty("dkim")
    private InboundSummaryVerdictsDkim dkim;

    public InboundSummaryVerdictsDkim getDkim() {
      return dkim;
    }

    public InboundSummaryVerdicts setDkim(InboundSummaryVerdictsDkim dkim) {
      this.dkim = dkim;
      return this;
    }

    @JsonProperty("dmarc")
    private InboundSummaryVerdictsDmarc dmarc;

    public InboundSummaryVerdictsDmarc getDmarc() {
      return dmarc;
    }

    public InboundSummaryVerdicts setDmarc(InboundSummaryVerdictsDmarc dmarc) {
      this.dmarc = dmarc;
      return this;
    }

    @JsonProperty("arc")
    private InboundSummaryVerdictsArc arc;

    public InboundSummaryVerdictsArc getArc() {
      return arc;
    }

    public InboundSummaryVerdicts setArc(InboundSummaryVerdictsArc arc) {
      this.arc = arc;
      return this;
    }

    @JsonProperty("spam")
    private InboundSummaryVerdictsSpam spam;

    public InboundSummaryVerdictsSpam getSpam() {
      return spam;
    }

    public InboundSummaryVerdicts setSpam(InboundSummaryVerdictsSpam spam) {
      this.spam = spam;
      return this;
    }

    @JsonProperty("virus")
    private InboundSummaryVerdictsVirus virus;

    public InboundSummaryVerdictsVirus getVirus() {
      return virus;
    }

    public InboundSummaryVerdicts setVirus(InboundSummaryVerdictsVirus virus) {
      this.virus = virus;
      return this;
    }
  }

  /** InboundSummary: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundSummary {
    @JsonProperty("id")
    private String id;

    public String getId() {
      return id;
    }

    public InboundSummary setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("source")
    private String source;

    /** `mx`: the built-in receiver; `ses`: SES receiving. */
    public String getSource() {
      return source;
    }

    public InboundSummary setSource(String source) {
      this.source = source;
      return this;
    }

    @JsonProperty("mailFrom")
    private String mailFrom;

    /** The envelope sender (empty for a bounce). */
    public String getMailFrom() {
      return mailFrom;
    }

    public InboundSummary setMailFrom(String mailFrom) {
      this.mailFrom = mailFrom;
      return this;
    }

    @JsonProperty("recipients")
    private List<String> recipients;

    /** The envelope recipients of this workspace. */
    public List<String> getRecipients() {
      return recipients;
    }

    public InboundSummary setRecipients(List<String> recipients) {
      this.recipients = recipients;
      return this;
    }

    @JsonProperty("from")
    private String from;

    public String getFrom() {
      return from;
    }

    public InboundSummary setFrom(String from) {
      this.from = from;
      return this;
    }

    @JsonProperty("to")
    private List<String> to;

    public List<String> getTo() {
      return to;
    }

    public InboundSummary setTo(List<String> to) {
      this.to = to;
      return this;
    }

    @JsonProperty("cc")
    private List<String> cc;

    public List<String> getCc() {
      return cc;
    }

    public InboundSummary setCc(List<String> cc) {
      this.cc = cc;
      return this;
    }

    @JsonProperty("subject")
    private String subject;

    public String getSubject() {
      return subject;
    }

    public InboundSummary setSubject(String subject) {
      this.subject = subject;
      return this;
    }

    @JsonProperty("messageId")
    private String messageId;

    public String getMessageId() {
      return messageId;
    }

    public InboundSummary setMessageId(String messageId) {
      this.messageId = messageId;
      return this;
    }

    @JsonProperty("inReplyTo")
    private String inReplyTo;

    public String getInReplyTo() {
      return inReplyTo;
    }

    public InboundSummary setInReplyTo(String inReplyTo) {
      this.inReplyTo = inReplyTo;
      return this;
    }

    @JsonProperty("replyToEmailId")
    private String replyToEmailId;

    /** The sent email this message replies to (its In-Reply-To or References name our Message-ID). */
    public String getReplyToEmailId() {
      return replyToEmailId;
    }

    public InboundSummary setReplyToEmailId(String replyToEmailId) {
      this.replyToEmailId = replyToEmailId;
      return this;
    }

    @JsonProperty("attachments")
    private List<InboundSummaryAttachment> attachments;

    /** Fetch each at `/inbound/{id}/attachments/{n}`, n its position from 0. */
    public List<InboundSummaryAttachment> getAttachments() {
      return attachments;
    }

    public InboundSummary setAttachments(List<InboundSummaryAttachment> attachments) {
      this.attachments = attachments;
      return this;
    }

    @JsonProperty("size")
    private Long size;

    /** Bytes of the raw message. */
    public Long getSize() {
      return size;
    }

    public InboundSummary setSize(Long size) {
      this.size = size;
      return this;
    }

    @JsonProperty("verdicts")
    private InboundSummaryVerdicts verdicts;

    public InboundSummaryVerdicts getVerdicts() {
      return verdicts;
    }

    public InboundSummary setVerdicts(InboundSummaryVerdicts verdicts) {
      this.verdicts = verdicts;
      return this;
    }

    @JsonProperty("parseError")
    private String parseError;

    /** Set when the MIME could not be parsed: the raw message is kept, the parsed fields are empty. */
    public String getParseError() {
      return parseError;
    }

    public InboundSummary setParseError(String parseError) {
      this.parseError = parseError;
      return this;
    }

    @JsonProperty("receivedAt")
    private String receivedAt;

    public String getReceivedAt() {
      return receivedAt;
    }

    public InboundSummary setReceivedAt(String receivedAt) {
      this.receivedAt = receivedAt;
      return this;
    }
  }

  /** InboundAttachment: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundAttachment {
    @JsonProperty("filename")
    private String filename;

    public String getFilename() {
      return filename;
    }

    public InboundAttachment setFilename(String filename) {
      this.filename = filename;
      return this;
    }

    @JsonProperty("contentType")
    private String contentType;

    public String getContentType() {
      return contentType;
    }

    public InboundAttachment setContentType(String contentType) {
      this.contentType = contentType;
      return this;
    }

    @JsonProperty("size")
    private Long size;

    public Long getSize() {
      return size;
    }

    public InboundAttachment setSize(Long size) {
      this.size = size;
      return this;
    }
  }

  /** InboundVerdictsSpf: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundVerdictsSpf {
    @JsonProperty("result")
    private String result;

    /** `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
    public String getResult() {
      return result;
    }

    public InboundVerdictsSpf setResult(String result) {
      this.result = result;
      return this;
    }

    @JsonProperty("domain")
    private String domain;

    public String getDomain() {
      return domain;
    }

    public InboundVerdictsSpf setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("policy")
    private String policy;

    /** DMARC: the From domain's published policy. */
    public String getPolicy() {
      return policy;
    }

    public InboundVerdictsSpf setPolicy(String policy) {
      this.policy = policy;
      return this;
    }
  }

  /** InboundVerdictsDkim: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundVerdictsDkim {
    @JsonProperty("result")
    private String result;

    /** `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
    public String getResult() {
      return result;
    }

    public InboundVerdictsDkim setResult(String result) {
      this.result = result;
      return this;
    }

    @JsonProperty("domain")
    private String domain;

    public String getDomain() {
      return domain;
    }

    public InboundVerdictsDkim setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("policy")
    private String policy;

    /** DMARC: the From domain's published policy. */
    public String getPolicy() {
      return policy;
    }

    public InboundVerdictsDkim setPolicy(String policy) {
      this.policy = policy;
      return this;
    }
  }

  /** InboundVerdictsDmarc: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundVerdictsDmarc {
    @JsonProperty("result")
    private String result;

    /** `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
    public String getResult() {
      return result;
    }

    public InboundVerdictsDmarc setResult(String result) {
      this.result = result;
      return this;
    }

    @JsonProperty("domain")
    private String domain;

    public String getDomain() {
      return domain;
    }

    public InboundVerdictsDmarc setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("policy")
    private String policy;

    /** DMARC: the From domain's published policy. */
    public String getPolicy() {
      return policy;
    }

    public InboundVerdictsDmarc setPolicy(String policy) {
      this.policy = policy;
      return this;
    }
  }

  /** InboundVerdictsArc: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundVerdictsArc {
    @JsonProperty("result")
    private String result;

    /** `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
    public String getResult() {
      return result;
    }

    public InboundVerdictsArc setResult(String result) {
      this.result = result;
      return this;
    }

    @JsonProperty("domain")
    private String domain;

    public String getDomain() {
      return domain;
    }

    public InboundVerdictsArc setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("policy")
    private String policy;

    /** DMARC: the From domain's published policy. */
    public String getPolicy() {
      return policy;
    }

    public InboundVerdictsArc setPolicy(String policy) {
      this.policy = policy;
      return this;
    }
  }

  /** InboundVerdictsSpam: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundVerdictsSpam {
    @JsonProperty("result")
    private String result;

    /** `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
    public String getResult() {
      return result;
    }

    public InboundVerdictsSpam setResult(String result) {
      this.result = result;
      return this;
    }

    @JsonProperty("domain")
    private String domain;

    public String getDomain() {
      return domain;
    }

    public InboundVerdictsSpam setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("policy")
    private String policy;

    /** DMARC: the From domain's published policy. */
    public String getPolicy() {
      return policy;
    }

    public InboundVerdictsSpam setPolicy(String policy) {
      this.policy = policy;
      return this;
    }
  }

  /** InboundVerdictsVirus: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundVerdictsVirus {
    @JsonProperty("result")
    private String result;

    /** `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
    public String getResult() {
      return result;
    }

    public InboundVerdictsVirus setResult(String result) {
      this.result = result;
      return this;
    }

    @JsonProperty("domain")
    private String domain;

    public String getDomain() {
      return domain;
    }

    public InboundVerdictsVirus setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("policy")
    private String policy;

    /** DMARC: the From domain's published policy. */
    public String getPolicy() {
      return policy;
    }

    public InboundVerdictsVirus setPolicy(String policy) {
      this.policy = policy;
      return this;
    }
  }

  /** InboundVerdicts: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class InboundVerdicts {
    @JsonProperty("spf")
    private InboundVerdictsSpf spf;

    public InboundVerdictsSpf getSpf() {
      return spf;
    }

    public InboundVerdicts setSpf(InboundVerdictsSpf spf) {
      this.spf = spf;
      return this;
    }

    @JsonProperty("dkim")
    private InboundVerdictsDkim dkim;

    public InboundVerdictsDkim getDkim() {
      return dkim;
    }

    public InboundVerdicts setDkim(InboundVerdictsDkim dkim) {
      this.dkim = dkim;
      return this;
    }

    @JsonProperty("dmarc")
    private InboundVerdictsDmarc dmarc;

    public InboundVerdictsDmarc getDmarc() {
      return dmarc;
    }

    public InboundVerdicts setDmarc(InboundVerdictsDmarc dmarc) {
      this.dmarc = dmarc;
      return this;
    }

    @JsonProperty("arc")
    private InboundVerdictsArc arc;

    public InboundVerdictsArc getArc() {
      return arc;
    }

    public InboundVerdicts setArc(InboundVerdictsArc arc) {
      this.arc = arc;
      return this;
    }

    @JsonProperty("spam")
    private InboundVerdictsSpam spam;

    public InboundVerdictsSpam getSpam() {
      return spam;
    }

    public InboundVerdicts setSpam(InboundVerdictsSpam spam) {
      this.spam = spam;
      return this;
    }

    @JsonProperty("virus")
    private InboundVerdictsVirus virus;

    public InboundVerdictsVirus getVirus() {
      return virus;
    }

    public InboundVerdicts setVirus(InboundVerdictsVirus virus) {
      this.virus = virus;
      return this;
    }
  }

  /** Inbound: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class Inbound {
    @JsonProperty("id")
    private String id;

    public String getId() {
      return id;
    }

    public Inbound setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("source")
    private String source;

    /** `mx`: the built-in receiver; `ses`: SES receiving. */
    public String getSource() {
      return source;
    }

    public Inbound setSource(String source) {
      this.source = source;
      return this;
    }

    @JsonProperty("mailFrom")
    private String mailFrom;

    /** The envelope sender (empty for a bounce). */
    public String getMailFrom() {
      return mailFrom;
    }

    public Inbound setMailFrom(String mailFrom) {
      this.mailFrom = mailFrom;
      return this;
    }

    @JsonProperty("recipients")
    private List<String> recipients;

    /** The envelope recipients of this workspace. */
    public List<String> getRecipients() {
      return recipients;
    }

    public Inbound setRecipients(List<String> recipients) {
      this.recipients = recipients;
      return this;
    }

    @JsonProperty("from")
    private String from;

    public String getFrom() {
      return from;
    }

    public Inbound setFrom(String from) {
      this.from = from;
      return this;
    }

    @JsonProperty("to")
    private List<String> to;

    public List<String> getTo() {
      return to;
    }

    public Inbound setTo(List<String> to) {
      this.to = to;
      return this;
    }

    @JsonProperty("cc")
    private List<String> cc;

    public List<String> getCc() {
      return cc;
    }

    public Inbound setCc(List<String> cc) {
      this.cc = cc;
      return this;
    }

    @JsonProperty("subject")
    private String subject;

    public String getSubject() {
      return subject;
    }

    public Inbound setSubject(String subject) {
      this.subject = subject;
      return this;
    }

    @JsonProperty("messageId")
    private String messageId;

    public String getMessageId() {
      return messageId;
    }

    public Inbound setMessageId(String messageId) {
      this.messageId = messageId;
      return this;
    }

    @JsonProperty("inReplyTo")
    private String inReplyTo;

    public String getInReplyTo() {
      return inReplyTo;
    }

    public Inbound setInReplyTo(String inReplyTo) {
      this.inReplyTo = inReplyTo;
      return this;
    }

    @JsonProperty("replyToEmailId")
    private String replyToEmailId;

    /** The sent email this message replies to (its In-Reply-To or References name our Message-ID). */
    public String getReplyToEmailId() {
      return replyToEmailId;
    }

    public Inbound setReplyToEmailId(String replyToEmailId) {
      this.replyToEmailId = replyToEmailId;
      return this;
    }

    @JsonProperty("attachments")
    private List<InboundAttachment> attachments;

    /** Fetch each at `/inbound/{id}/attachments/{n}`, n its position from 0. */
    public List<InboundAttachment> getAttachments() {
      return attachments;
    }

    public Inbound setAttachments(List<InboundAttachment> attachments) {
      this.attachments = attachments;
      return this;
    }

    @JsonProperty("size")
    private Long size;

    /** Bytes of the raw message. */
    public Long getSize() {
      return size;
    }

    public Inbound setSize(Long size) {
      this.size = size;
      return this;
    }

    @JsonProperty("verdicts")
    private InboundVerdicts verdicts;

    public InboundVerdicts getVerdicts() {
      return verdicts;
    }

    public Inbound setVerdicts(InboundVerdicts verdicts) {
      this.verdicts = verdicts;
      return this;
    }

    @JsonProperty("parseError")
    private String parseError;

    /** Set when the MIME could not be parsed: the raw message is kept, the parsed fields are empty. */
    public String getParseError() {
      return parseError;
    }

    public Inbound setParseError(String parseError) {
      this.parseError = parseError;
      return this;
    }

    @JsonProperty("receivedAt")
    private String receivedAt;

    public String getReceivedAt() {
      return receivedAt;
    }

    public Inbound setReceivedAt(String receivedAt) {
      this.receivedAt = receivedAt;
      return this;
    }

    @JsonProperty("text")
    private String text;

    public String getText() {
      return text;
    }

    public Inbound setText(String text) {
      this.text = text;
      return this;
    }

    @JsonProperty("html")
    private String html;

    public String getHtml() {
      return html;
    }

    public Inbound setHtml(String html) {
      this.html = html;
      return this;
    }

    @JsonProperty("headers")
    private List<List<JsonNode>> headers;

    /** [name, value] in message order. */
    public List<List<JsonNode>> getHeaders() {
      return headers;
    }

    public Inbound setHeaders(List<List<JsonNode>> headers) {
      this.headers = headers;
      return this;
    }
  }

  /** DmarcReport: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class DmarcReport {
    @JsonProperty("id")
    private String id;

    public String getId() {
      return id;
    }

    public DmarcReport setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("domain")
    private String domain;

    /** The sending domain the report is about (policy_published/domain). */
    public String getDomain() {
      return domain;
    }

    public DmarcReport setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("orgName")
    private String orgName;

    public String getOrgName() {
      return orgName;
    }

    public DmarcReport setOrgName(String orgName) {
      this.orgName = orgName;
      return this;
    }

    @JsonProperty("orgEmail")
    private String orgEmail;

    public String getOrgEmail() {
      return orgEmail;
    }

    public DmarcReport setOrgEmail(String orgEmail) {
      this.orgEmail = orgEmail;
      return this;
    }

    @JsonProperty("reportId")
    private String reportId;

    /** The reporter's id: a report is stored once per (orgName, reportId). */
    public String getReportId() {
      return reportId;
    }

    public DmarcReport setReportId(String reportId) {
      this.reportId = reportId;
      return this;
    }

    @JsonProperty("begin")
    private String begin;

    public String getBegin() {
      return begin;
    }

    public DmarcReport setBegin(String begin) {
      this.begin = begin;
      return this;
    }

    @JsonProperty("end")
    private String end;

    public String getEnd() {
      return end;
    }

    public DmarcReport setEnd(String end) {
      this.end = end;
      return this;
    }

    @JsonProperty("policy")
    private Map<String, JsonNode> policy;

    /** policy_published: p, sp, adkim, aspf, pct. */
    public Map<String, JsonNode> getPolicy() {
      return policy;
    }

    public DmarcReport setPolicy(Map<String, JsonNode> policy) {
      this.policy = policy;
      return this;
    }

    @JsonProperty("recordCount")
    private Long recordCount;

    public Long getRecordCount() {
      return recordCount;
    }

    public DmarcReport setRecordCount(Long recordCount) {
      this.recordCount = recordCount;
      return this;
    }

    @JsonProperty("messageCount")
    private Long messageCount;

    public Long getMessageCount() {
      return messageCount;
    }

    public DmarcReport setMessageCount(Long messageCount) {
      this.messageCount = messageCount;
      return this;
    }

    @JsonProperty("authenticated")
    private Boolean authenticated;

    /** Whether the report's own message passed DMARC (a forged report does not). */
    public Boolean getAuthenticated() {
      return authenticated;
    }

    public DmarcReport setAuthenticated(Boolean authenticated) {
      this.authenticated = authenticated;
      return this;
    }

    @JsonProperty("receivedAt")
    private String receivedAt;

    public String getReceivedAt() {
      return receivedAt;
    }

    public DmarcReport setReceivedAt(String receivedAt) {
      this.receivedAt = receivedAt;
      return this;
    }
  }

  /** DmarcRecord: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class DmarcRecord {
    @JsonProperty("sourceIp")
    private String sourceIp;

    public String getSourceIp() {
      return sourceIp;
    }

    public DmarcRecord setSourceIp(String sourceIp) {
      this.sourceIp = sourceIp;
      return this;
    }

    @JsonProperty("count")
    private Long count;

    public Long getCount() {
      return count;
    }

    public DmarcRecord setCount(Long count) {
      this.count = count;
      return this;
    }

    @JsonProperty("disposition")
    private String disposition;

    /** `none`, `quarantine` or `reject`. */
    public String getDisposition() {
      return disposition;
    }

    public DmarcRecord setDisposition(String disposition) {
      this.disposition = disposition;
      return this;
    }

    @JsonProperty("dkim")
    private String dkim;

    /** DMARC-aligned DKIM result (policy_evaluated). */
    public String getDkim() {
      return dkim;
    }

    public DmarcRecord setDkim(String dkim) {
      this.dkim = dkim;
      return this;
    }

    @JsonProperty("spf")
    private String spf;

    /** DMARC-aligned SPF result (policy_evaluated). */
    public String getSpf() {
      return spf;
    }

    public DmarcRecord setSpf(String spf) {
      this.spf = spf;
      return this;
    }

    @JsonProperty("aligned")
    private Boolean aligned;

    /** DKIM or SPF passed aligned. */
    public Boolean getAligned() {
      return aligned;
    }

    public DmarcRecord setAligned(Boolean aligned) {
      this.aligned = aligned;
      return this;
    }

    @JsonProperty("headerFrom")
    private String headerFrom;

    public String getHeaderFrom() {
      return headerFrom;
    }

    public DmarcRecord setHeaderFrom(String headerFrom) {
      this.headerFrom = headerFrom;
      return this;
    }

    @JsonProperty("envelopeFrom")
    private String envelopeFrom;

    public String getEnvelopeFrom() {
      return envelopeFrom;
    }

    public DmarcRecord setEnvelopeFrom(String envelopeFrom) {
      this.envelopeFrom = envelopeFrom;
      return this;
    }

    @JsonProperty("dkimDomain")
    private String dkimDomain;

    public String getDkimDomain() {
      return dkimDomain;
    }

    public DmarcRecord setDkimDomain(String dkimDomain) {
      this.dkimDomain = dkimDomain;
      return this;
    }

    @JsonProperty("dkimResult")
    private String dkimResult;

    public String getDkimResult() {
      return dkimResult;
    }

    public DmarcRecord setDkimResult(String dkimResult) {
      this.dkimResult = dkimResult;
      return this;
    }

    @JsonProperty("spfDomain")
    private String spfDomain;

    public String getSpfDomain() {
      return spfDomain;
    }

    public DmarcRecord setSpfDomain(String spfDomain) {
      this.spfDomain = spfDomain;
      return this;
    }

    @JsonProperty("spfResult")
    private String spfResult;

    public String getSpfResult() {
      return spfResult;
    }

    public DmarcRecord setSpfResult(String spfResult) {
      this.spfResult = spfResult;
      return this;
    }
  }

  /** DmarcSourceDisposition: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class DmarcSourceDisposition {
    @JsonProperty("none")
    private Long none;

    public Long getNone() {
      return none;
    }

    public DmarcSourceDisposition setNone(Long none) {
      this.none = none;
      return this;
    }

    @JsonProperty("quarantine")
    private Long quarantine;

    public Long getQuarantine() {
      return quarantine;
    }

    public DmarcSourceDisposition setQuarantine(Long quarantine) {
      this.quarantine = quarantine;
      return this;
    }

    @JsonProperty("reject")
    private Long reject;

    public Long getReject() {
      return reject;
    }

    public DmarcSourceDisposition setReject(Long reject) {
      this.reject = reject;
      return this;
    }
  }

  /** DmarcSource: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class DmarcSource {
    @JsonProperty("domain")
    private String domain;

    public String getDomain() {
      return domain;
    }

    public DmarcSource setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("sourceIp")
    private String sourceIp;

    public String getSourceIp() {
      return sourceIp;
    }

    public DmarcSource setSourceIp(String sourceIp) {
      this.sourceIp = sourceIp;
      return this;
    }

    @JsonProperty("messages")
    private Long messages;

    public Long getMessages() {
      return messages;
    }

    public DmarcSource setMessages(Long messages) {
      this.messages = messages;
      return this;
    }

    @JsonProperty("aligned")
    private Long aligned;

    public Long getAligned() {
      return aligned;
    }

    public DmarcSource setAligned(Long aligned) {
      this.aligned = aligned;
      return this;
    }

    @JsonProperty("notAligned")
    private Long notAligned;

    public Long getNotAligned() {
      return notAligned;
    }

    public DmarcSource setNotAligned(Long notAligned) {
      this.notAligned = notAligned;
      return this;
    }

    @JsonProperty("disposition")
    private DmarcSourceDisposition disposition;

    public DmarcSourceDisposition getDisposition() {
      return disposition;
    }

    public DmarcSource setDisposition(DmarcSourceDisposition disposition) {
      this.disposition = disposition;
      return this;
    }
  }

  /** AuditEntryActor: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class AuditEntryActor {
    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public AuditEntryActor setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("id")
    private String id;

    /** A user id, an API key record's id (never the key), or `cli:&lt;account&gt;` for an operator. */
    public String getId() {
      return id;
    }

    public AuditEntryActor setId(String id) {
      this.id = id;
      return this;
    }
  }

  /** AuditEntryTarget: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class AuditEntryTarget {
    @JsonProperty("type")
    private String type;

    public String getType() {
      return type;
    }

    public AuditEntryTarget setType(String type) {
      this.type = type;
      return this;
    }

    @JsonProperty("id")
    private String id;

    public String getId() {
      return id;
    }

    public AuditEntryTarget setId(String id) {
      this.id = id;
      return this;
    }
  }

  /** AuditEntry: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class AuditEntry {
    @JsonProperty("id")
    private String id;

    public String getId() {
      return id;
    }

    public AuditEntry setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("at")
    private String at;

    public String getAt() {
      return at;
    }

    public AuditEntry setAt(String at) {
      this.at = at;
      return this;
    }

    @JsonProperty("workspaceId")
    private String workspaceId;

    public String getWorkspaceId() {
      return workspaceId;
    }

    public AuditEntry setWorkspaceId(String workspaceId) {
      this.workspaceId = workspaceId;
      return this;
    }

    @JsonProperty("actor")
    private AuditEntryActor actor;

    public AuditEntryActor getActor() {
      return actor;
    }

    public AuditEntry setActor(AuditEntryActor actor) {
      this.actor = actor;
      return this;
    }

    @JsonProperty("source")
    private String source;

    /** The client's address, or `cli&#64;&lt;host&gt;`. */
    public String getSource() {
      return source;
    }

    public AuditEntry setSource(String source) {
      this.source = source;
      return this;
    }

    @JsonProperty("action")
    private String action;

    public String getAction() {
      return action;
    }

    public AuditEntry setAction(String action) {
      this.action = action;
      return this;
    }

    @JsonProperty("target")
    private AuditEntryTarget target;

    public AuditEntryTarget getTarget() {
      return target;
    }

    public AuditEntry setTarget(AuditEntryTarget target) {
      this.target = target;
      return this;
    }

    @JsonProperty("changes")
    private Map<String, JsonNode> changes;

    /** The changed fields with their new values; a secret is never recorded, only `"[changed]"`. */
    public Map<String, JsonNode> getChanges() {
      return changes;
    }

    public AuditEntry setChanges(Map<String, JsonNode> changes) {
      this.changes = changes;
      return this;
    }
  }

  /** An erasure never shows the addresses it was asked about. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class Erasure {
    @JsonProperty("id")
    private String id;

    public String getId() {
      return id;
    }

    public Erasure setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("status")
    private String status;

    public String getStatus() {
      return status;
    }

    public Erasure setStatus(String status) {
      this.status = status;
      return this;
    }

    @JsonProperty("addressCount")
    private Long addressCount;

    public Long getAddressCount() {
      return addressCount;
    }

    public Erasure setAddressCount(Long addressCount) {
      this.addressCount = addressCount;
      return this;
    }

    @JsonProperty("emailIdCount")
    private Long emailIdCount;

    public Long getEmailIdCount() {
      return emailIdCount;
    }

    public Erasure setEmailIdCount(Long emailIdCount) {
      this.emailIdCount = emailIdCount;
      return this;
    }

    @JsonProperty("step")
    private String step;

    /** The step in progress while it runs; null once it has ended. */
    public String getStep() {
      return step;
    }

    public Erasure setStep(String step) {
      this.step = step;
      return this;
    }

    @JsonProperty("receipt")
    private ErasureReceipt receipt;

    public ErasureReceipt getReceipt() {
      return receipt;
    }

    public Erasure setReceipt(ErasureReceipt receipt) {
      this.receipt = receipt;
      return this;
    }

    @JsonProperty("error")
    private String error;

    public String getError() {
      return error;
    }

    public Erasure setError(String error) {
      this.error = error;
      return this;
    }

    @JsonProperty("createdAt")
    private String createdAt;

    public String getCreatedAt() {
      return createdAt;
    }

    public Erasure setCreatedAt(String createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    @JsonProperty("startedAt")
    private String startedAt;

    public String getStartedAt() {
      return startedAt;
    }

    public Erasure setStartedAt(String startedAt) {
      this.startedAt = startedAt;
      return this;
    }

    @JsonProperty("completedAt")
    private String completedAt;

    public String getCompletedAt() {
      return completedAt;
    }

    public Erasure setCompletedAt(String completedAt) {
      this.completedAt = completedAt;
      return this;
    }
  }

  /** Rows deleted, by table. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ErasureReceiptRemoved {
    @JsonProperty("emails")
    private Long emails;

    public Long getEmails() {
      return emails;
    }

    public ErasureReceiptRemoved setEmails(Long emails) {
      this.emails = emails;
      return this;
    }

    @JsonProperty("email_events")
    private Long emailEvents;

    public Long getEmailEvents() {
      return emailEvents;
    }

    public ErasureReceiptRemoved setEmailEvents(Long emailEvents) {
      this.emailEvents = emailEvents;
      return this;
    }

    @JsonProperty("webhook_deliveries")
    private Long webhookDeliveries;

    public Long getWebhookDeliveries() {
      return webhookDeliveries;
    }

    public ErasureReceiptRemoved setWebhookDeliveries(Long webhookDeliveries) {
      this.webhookDeliveries = webhookDeliveries;
      return this;
    }

    @JsonProperty("webhook_attempts")
    private Long webhookAttempts;

    public Long getWebhookAttempts() {
      return webhookAttempts;
    }

    public ErasureReceiptRemoved setWebhookAttempts(Long webhookAttempts) {
      this.webhookAttempts = webhookAttempts;
      return this;
    }

    @JsonProperty("email_attachments")
    private Long emailAttachments;

    public Long getEmailAttachments() {
      return emailAttachments;
    }

    public ErasureReceiptRemoved setEmailAttachments(Long emailAttachments) {
      this.emailAttachments = emailAttachments;
      return this;
    }

    @JsonProperty("idempotency_keys")
    private Long idempotencyKeys;

    public Long getIdempotencyKeys() {
      return idempotencyKeys;
    }

    public ErasureReceiptRemoved setIdempotencyKeys(Long idempotencyKeys) {
      this.idempotencyKeys = idempotencyKeys;
      return this;
    }

    @JsonProperty("inbound_emails")
    private Long inboundEmails;

    public Long getInboundEmails() {
      return inboundEmails;
    }

    public ErasureReceiptRemoved setInboundEmails(Long inboundEmails) {
      this.inboundEmails = inboundEmails;
      return this;
    }

    @JsonProperty("inbound_attachments")
    private Long inboundAttachments;

    public Long getInboundAttachments() {
      return inboundAttachments;
    }

    public ErasureReceiptRemoved setInboundAttachments(Long inboundAttachments) {
      this.inboundAttachments = inboundAttachments;
      return this;
    }

    @JsonProperty("test_recipients")
    private Long testRecipients;

    public Long getTestRecipients() {
      return testRecipients;
    }

    public ErasureReceiptRemoved setTestRecipients(Long testRecipients) {
      this.testRecipients = testRecipients;
      return this;
    }
  }

  /** Rows kept with the erased addresses replaced by their tokens (`erased-&lt;hex&gt;&#64;erased.invalid`): emails that had other recipients (and their events, webhook deliveries and attempts), and suppressions, which keep suppressing the address. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ErasureReceiptRedacted {
    @JsonProperty("emails")
    private Long emails;

    public Long getEmails() {
      return emails;
    }

    public ErasureReceiptRedacted setEmails(Long emails) {
      this.emails = emails;
      return this;
    }

    @JsonProperty("email_events")
    private Long emailEvents;

    public Long getEmailEvents() {
      return emailEvents;
    }

    public ErasureReceiptRedacted setEmailEvents(Long emailEvents) {
      this.emailEvents = emailEvents;
      return this;
    }

    @JsonProperty("webhook_deliveries")
    private Long webhookDeliveries;

    public Long getWebhookDeliveries() {
      return webhookDeliveries;
    }

    public ErasureReceiptRedacted setWebhookDeliveries(Long webhookDeliveries) {
      this.webhookDeliveries = webhookDeliveries;
      return this;
    }

    @JsonProperty("webhook_attempts")
    private Long webhookAttempts;

    public Long getWebhookAttempts() {
      return webhookAttempts;
    }

    public ErasureReceiptRedacted setWebhookAttempts(Long webhookAttempts) {
      this.webhookAttempts = webhookAttempts;
      return this;
    }

    @JsonProperty("suppressions")
    private Long suppressions;

    public Long getSuppressions() {
      return suppressions;
    }

    public ErasureReceiptRedacted setSuppressions(Long suppressions) {
      this.suppressions = suppressions;
      return this;
    }
  }

  /** ErasureReceipt: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ErasureReceipt {
    @JsonProperty("removed")
    private ErasureReceiptRemoved removed;

    /** Rows deleted, by table. */
    public ErasureReceiptRemoved getRemoved() {
      return removed;
    }

    public ErasureReceipt setRemoved(ErasureReceiptRemoved removed) {
      this.removed = removed;
      return this;
    }

    @JsonProperty("redacted")
    private ErasureReceiptRedacted redacted;

    /** Rows kept with the erased addresses replaced by their tokens (`erased-&lt;hex&gt;&#64;erased.invalid`): emails that had other recipients (and their events, webhook deliveries and attempts), and suppressions, which keep suppressing the address. */
    public ErasureReceiptRedacted getRedacted() {
      return redacted;
    }

    public ErasureReceipt setRedacted(ErasureReceiptRedacted redacted) {
      this.redacted = redacted;
      return this;
    }

    @JsonProperty("objectsDeleted")
    private Long objectsDeleted;

    /** Object-store files (attachments, raw received messages) deleted; 0 with files in PostgreSQL. */
    public Long getObjectsDeleted() {
      return objectsDeleted;
    }

    public ErasureReceipt setObjectsDeleted(Long objectsDeleted) {
      this.objectsDeleted = objectsDeleted;
      return this;
    }
  }

  /** CreateErasureRequest: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class CreateErasureRequest {
    @JsonProperty("addresses")
    private List<String> addresses;

    /** Plain email addresses (no display name), at most 5000. */
    public List<String> getAddresses() {
      return addresses;
    }

    public CreateErasureRequest setAddresses(List<String> addresses) {
      this.addresses = addresses;
      return this;
    }

    @JsonProperty("emailIds")
    private List<String> emailIds;

    /** Emails of the workspace to erase whole, at most 5000. */
    public List<String> getEmailIds() {
      return emailIds;
    }

    public CreateErasureRequest setEmailIds(List<String> emailIds) {
      this.emailIds = emailIds;
      return this;
    }
  }

  /** Rows deleted, by table. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ErasureReceiptDocumentRemoved {
    @JsonProperty("emails")
    private Long emails;

    public Long getEmails() {
      return emails;
    }

    public ErasureReceiptDocumentRemoved setEmails(Long emails) {
      this.emails = emails;
      return this;
    }

    @JsonProperty("email_events")
    private Long emailEvents;

    public Long getEmailEvents() {
      return emailEvents;
    }

    public ErasureReceiptDocumentRemoved setEmailEvents(Long emailEvents) {
      this.emailEvents = emailEvents;
      return this;
    }

    @JsonProperty("webhook_deliveries")
    private Long webhookDeliveries;

    public Long getWebhookDeliveries() {
      return webhookDeliveries;
    }

    public ErasureReceiptDocumentRemoved setWebhookDeliveries(Long webhookDeliveries) {
      this.webhookDeliveries = webhookDeliveries;
      return this;
    }

    @JsonProperty("webhook_attempts")
    private Long webhookAttempts;

    public Long getWebhookAttempts() {
      return webhookAttempts;
    }

    public ErasureReceiptDocumentRemoved setWebhookAttempts(Long webhookAttempts) {
      this.webhookAttempts = webhookAttempts;
      return this;
    }

    @JsonProperty("email_attachments")
    private Long emailAttachments;

    public Long getEmailAttachments() {
      return emailAttachments;
    }

    public ErasureReceiptDocumentRemoved setEmailAttachments(Long emailAttachments) {
      this.emailAttachments = emailAttachments;
      return this;
    }

    @JsonProperty("idempotency_keys")
    private Long idempotencyKeys;

    public Long getIdempotencyKeys() {
      return idempotencyKeys;
    }

    public ErasureReceiptDocumentRemoved setIdempotencyKeys(Long idempotencyKeys) {
      this.idempotencyKeys = idempotencyKeys;
      return this;
    }

    @JsonProperty("inbound_emails")
    private Long inboundEmails;

    public Long getInboundEmails() {
      return inboundEmails;
    }

    public ErasureReceiptDocumentRemoved setInboundEmails(Long inboundEmails) {
      this.inboundEmails = inboundEmails;
      return this;
    }

    @JsonProperty("inbound_attachments")
    private Long inboundAttachments;

    public Long getInboundAttachments() {
      return inboundAttachments;
    }

    public ErasureReceiptDocumentRemoved setInboundAttachments(Long inboundAttachments) {
      this.inboundAttachments = inboundAttachments;
      return this;
    }

    @JsonProperty("test_recipients")
    private Long testRecipients;

    public Long getTestRecipients() {
      return testRecipients;
    }

    public ErasureReceiptDocumentRemoved setTestRecipients(Long testRecipients) {
      this.testRecipients = testRecipients;
      return this;
    }
  }

  /** Rows kept with the erased addresses replaced by their tokens (`erased-&lt;hex&gt;&#64;erased.invalid`): emails that had other recipients (and their events, webhook deliveries and attempts), and suppressions, which keep suppressing the address. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ErasureReceiptDocumentRedacted {
    @JsonProperty("emails")
    private Long emails;

    public Long getEmails() {
      return emails;
    }

    public ErasureReceiptDocumentRedacted setEmails(Long emails) {
      this.emails = emails;
      return this;
    }

    @JsonProperty("email_events")
    private Long emailEvents;

    public Long getEmailEvents() {
      return emailEvents;
    }

    public ErasureReceiptDocumentRedacted setEmailEvents(Long emailEvents) {
      this.emailEvents = emailEvents;
      return this;
    }

    @JsonProperty("webhook_deliveries")
    private Long webhookDeliveries;

    public Long getWebhookDeliveries() {
      return webhookDeliveries;
    }

    public ErasureReceiptDocumentRedacted setWebhookDeliveries(Long webhookDeliveries) {
      this.webhookDeliveries = webhookDeliveries;
      return this;
    }

    @JsonProperty("webhook_attempts")
    private Long webhookAttempts;

    public Long getWebhookAttempts() {
      return webhookAttempts;
    }

    public ErasureReceiptDocumentRedacted setWebhookAttempts(Long webhookAttempts) {
      this.webhookAttempts = webhookAttempts;
      return this;
    }

    @JsonProperty("suppressions")
    private Long suppressions;

    public Long getSuppressions() {
      return suppressions;
    }

    public ErasureReceiptDocumentRedacted setSuppressions(Long suppressions) {
      this.suppressions = suppressions;
      return this;
    }
  }

  /** ErasureReceiptDocument: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ErasureReceiptDocument {
    @JsonProperty("removed")
    private ErasureReceiptDocumentRemoved removed;

    /** Rows deleted, by table. */
    public ErasureReceiptDocumentRemoved getRemoved() {
      return removed;
    }

    public ErasureReceiptDocument setRemoved(ErasureReceiptDocumentRemoved removed) {
      this.removed = removed;
      return this;
    }

    @JsonProperty("redacted")
    private ErasureReceiptDocumentRedacted redacted;

    /** Rows kept with the erased addresses replaced by their tokens (`erased-&lt;hex&gt;&#64;erased.invalid`): emails that had other recipients (and their events, webhook deliveries and attempts), and suppressions, which keep suppressing the address. */
    public ErasureReceiptDocumentRedacted getRedacted() {
      return redacted;
    }

    public ErasureReceiptDocument setRedacted(ErasureReceiptDocumentRedacted redacted) {
      this.redacted = redacted;
      return this;
    }

    @JsonProperty("objectsDeleted")
    private Long objectsDeleted;

    /** Object-store files (attachments, raw received messages) deleted; 0 with files in PostgreSQL. */
    public Long getObjectsDeleted() {
      return objectsDeleted;
    }

    public ErasureReceiptDocument setObjectsDeleted(Long objectsDeleted) {
      this.objectsDeleted = objectsDeleted;
      return this;
    }

    @JsonProperty("erasureId")
    private String erasureId;

    public String getErasureId() {
      return erasureId;
    }

    public ErasureReceiptDocument setErasureId(String erasureId) {
      this.erasureId = erasureId;
      return this;
    }

    @JsonProperty("workspaceId")
    private String workspaceId;

    public String getWorkspaceId() {
      return workspaceId;
    }

    public ErasureReceiptDocument setWorkspaceId(String workspaceId) {
      this.workspaceId = workspaceId;
      return this;
    }

    @JsonProperty("status")
    private String status;

    public String getStatus() {
      return status;
    }

    public ErasureReceiptDocument setStatus(String status) {
      this.status = status;
      return this;
    }

    @JsonProperty("requestedAt")
    private String requestedAt;

    public String getRequestedAt() {
      return requestedAt;
    }

    public ErasureReceiptDocument setRequestedAt(String requestedAt) {
      this.requestedAt = requestedAt;
      return this;
    }

    @JsonProperty("completedAt")
    private String completedAt;

    public String getCompletedAt() {
      return completedAt;
    }

    public ErasureReceiptDocument setCompletedAt(String completedAt) {
      this.completedAt = completedAt;
      return this;
    }

    @JsonProperty("addressCount")
    private Long addressCount;

    public Long getAddressCount() {
      return addressCount;
    }

    public ErasureReceiptDocument setAddressCount(Long addressCount) {
      this.addressCount = addressCount;
      return this;
    }

    @JsonProperty("emailIdCount")
    private Long emailIdCount;

    public Long getEmailIdCount() {
      return emailIdCount;
    }

    public ErasureReceiptDocument setEmailIdCount(Long emailIdCount) {
      this.emailIdCount = emailIdCount;
      return this;
    }
  }

  /** DeliverabilityBreakdownProviderBounce: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class DeliverabilityBreakdownProviderBounce {
    @JsonProperty("cause")
    private String cause;

    public String getCause() {
      return cause;
    }

    public DeliverabilityBreakdownProviderBounce setCause(String cause) {
      this.cause = cause;
      return this;
    }

    @JsonProperty("count")
    private Long count;

    public Long getCount() {
      return count;
    }

    public DeliverabilityBreakdownProviderBounce setCount(Long count) {
      this.count = count;
      return this;
    }
  }

  /** DeliverabilityBreakdownProvider: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class DeliverabilityBreakdownProvider {
    @JsonProperty("provider")
    private String provider;

    /** By the recipient domain's MX hosts: a company on Google Workspace is `gmail`. */
    public String getProvider() {
      return provider;
    }

    public DeliverabilityBreakdownProvider setProvider(String provider) {
      this.provider = provider;
      return this;
    }

    @JsonProperty("sent")
    private Long sent;

    public Long getSent() {
      return sent;
    }

    public DeliverabilityBreakdownProvider setSent(Long sent) {
      this.sent = sent;
      return this;
    }

    @JsonProperty("delivered")
    private Long delivered;

    public Long getDelivered() {
      return delivered;
    }

    public DeliverabilityBreakdownProvider setDelivered(Long delivered) {
      this.delivered = delivered;
      return this;
    }

    @JsonProperty("bounced")
    private Long bounced;

    public Long getBounced() {
      return bounced;
    }

    public DeliverabilityBreakdownProvider setBounced(Long bounced) {
      this.bounced = bounced;
      return this;
    }

    @JsonProperty("complained")
    private Long complained;

    public Long getComplained() {
      return complained;
    }

    public DeliverabilityBreakdownProvider setComplained(Long complained) {
      this.complained = complained;
      return this;
    }

    @JsonProperty("deliveryRate")
    private Double deliveryRate;

    /** Of the sent; null when nothing was sent. */
    public Double getDeliveryRate() {
      return deliveryRate;
    }

    public DeliverabilityBreakdownProvider setDeliveryRate(Double deliveryRate) {
      this.deliveryRate = deliveryRate;
      return this;
    }

    @JsonProperty("bounceRate")
    private Double bounceRate;

    public Double getBounceRate() {
      return bounceRate;
    }

    public DeliverabilityBreakdownProvider setBounceRate(Double bounceRate) {
      this.bounceRate = bounceRate;
      return this;
    }

    @JsonProperty("complaintRate")
    private Double complaintRate;

    public Double getComplaintRate() {
      return complaintRate;
    }

    public DeliverabilityBreakdownProvider setComplaintRate(Double complaintRate) {
      this.complaintRate = complaintRate;
      return this;
    }

    @JsonProperty("bounces")
    private List<DeliverabilityBreakdownProviderBounce> bounces;

    /** This provider's bounces by cause, the most frequent first. */
    public List<DeliverabilityBreakdownProviderBounce> getBounces() {
      return bounces;
    }

    public DeliverabilityBreakdownProvider setBounces(List<DeliverabilityBreakdownProviderBounce> bounces) {
      this.bounces = bounces;
      return this;
    }
  }

  /** DeliverabilityBreakdownBounce: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class DeliverabilityBreakdownBounce {
    @JsonProperty("cause")
    private String cause;

    public String getCause() {
      return cause;
    }

    public DeliverabilityBreakdownBounce setCause(String cause) {
      this.cause = cause;
      return this;
    }

    @JsonProperty("count")
    private Long count;

    public Long getCount() {
      return count;
    }

    public DeliverabilityBreakdownBounce setCount(Long count) {
      this.count = count;
      return this;
    }
  }

  /** DeliverabilityBreakdown: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class DeliverabilityBreakdown {
    @JsonProperty("from")
    private String from;

    /** The window's first UTC day. */
    public String getFrom() {
      return from;
    }

    public DeliverabilityBreakdown setFrom(String from) {
      this.from = from;
      return this;
    }

    @JsonProperty("to")
    private String to;

    /** Its last (today). */
    public String getTo() {
      return to;
    }

    public DeliverabilityBreakdown setTo(String to) {
      this.to = to;
      return this;
    }

    @JsonProperty("days")
    private Long days;

    public Long getDays() {
      return days;
    }

    public DeliverabilityBreakdown setDays(Long days) {
      this.days = days;
      return this;
    }

    @JsonProperty("providers")
    private List<DeliverabilityBreakdownProvider> providers;

    public List<DeliverabilityBreakdownProvider> getProviders() {
      return providers;
    }

    public DeliverabilityBreakdown setProviders(List<DeliverabilityBreakdownProvider> providers) {
      this.providers = providers;
      return this;
    }

    @JsonProperty("bounces")
    private List<DeliverabilityBreakdownBounce> bounces;

    /** Every bounce of the window by cause, the most frequent first. */
    public List<DeliverabilityBreakdownBounce> getBounces() {
      return bounces;
    }

    public DeliverabilityBreakdown setBounces(List<DeliverabilityBreakdownBounce> bounces) {
      this.bounces = bounces;
      return this;
    }
  }

  /** DeleteWebhookSubscriptionResponse: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class DeleteWebhookSubscriptionResponse {
    @JsonProperty("id")
    private String id;

    public String getId() {
      return id;
    }

    public DeleteWebhookSubscriptionResponse setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("deleted")
    private Boolean deleted;

    public Boolean getDeleted() {
      return deleted;
    }

    public DeleteWebhookSubscriptionResponse setDeleted(Boolean deleted) {
      this.deleted = deleted;
      return this;
    }
  }

  /** ListTemplatesResponse: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ListTemplatesResponse {
    @JsonProperty("data")
    private List<Template> data;

    public List<Template> getData() {
      return data;
    }

    public ListTemplatesResponse setData(List<Template> data) {
      this.data = data;
      return this;
    }

    @JsonProperty("hasMore")
    private Boolean hasMore;

    public Boolean getHasMore() {
      return hasMore;
    }

    public ListTemplatesResponse setHasMore(Boolean hasMore) {
      this.hasMore = hasMore;
      return this;
    }
  }

  /** DeleteTemplateResponse: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class DeleteTemplateResponse {
    @JsonProperty("id")
    private String id;

    public String getId() {
      return id;
    }

    public DeleteTemplateResponse setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("deleted")
    private Boolean deleted;

    public Boolean getDeleted() {
      return deleted;
    }

    public DeleteTemplateResponse setDeleted(Boolean deleted) {
      this.deleted = deleted;
      return this;
    }
  }

  /** ListTemplateVersionsResponse: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ListTemplateVersionsResponse {
    @JsonProperty("data")
    private List<TemplateVersion> data;

    public List<TemplateVersion> getData() {
      return data;
    }

    public ListTemplateVersionsResponse setData(List<TemplateVersion> data) {
      this.data = data;
      return this;
    }
  }

  /** ListInboundResponse: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ListInboundResponse {
    @JsonProperty("data")
    private List<InboundSummary> data;

    public List<InboundSummary> getData() {
      return data;
    }

    public ListInboundResponse setData(List<InboundSummary> data) {
      this.data = data;
      return this;
    }

    @JsonProperty("nextCursor")
    private String nextCursor;

    public String getNextCursor() {
      return nextCursor;
    }

    public ListInboundResponse setNextCursor(String nextCursor) {
      this.nextCursor = nextCursor;
      return this;
    }
  }

  /** ListDmarcReportsResponse: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ListDmarcReportsResponse {
    @JsonProperty("data")
    private List<DmarcReport> data;

    public List<DmarcReport> getData() {
      return data;
    }

    public ListDmarcReportsResponse setData(List<DmarcReport> data) {
      this.data = data;
      return this;
    }

    @JsonProperty("nextCursor")
    private String nextCursor;

    public String getNextCursor() {
      return nextCursor;
    }

    public ListDmarcReportsResponse setNextCursor(String nextCursor) {
      this.nextCursor = nextCursor;
      return this;
    }
  }

  /** GetDmarcReportResponse: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class GetDmarcReportResponse {
    @JsonProperty("id")
    private String id;

    public String getId() {
      return id;
    }

    public GetDmarcReportResponse setId(String id) {
      this.id = id;
      return this;
    }

    @JsonProperty("domain")
    private String domain;

    /** The sending domain the report is about (policy_published/domain). */
    public String getDomain() {
      return domain;
    }

    public GetDmarcReportResponse setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    @JsonProperty("orgName")
    private String orgName;

    public String getOrgName() {
      return orgName;
    }

    public GetDmarcReportResponse setOrgName(String orgName) {
      this.orgName = orgName;
      return this;
    }

    @JsonProperty("orgEmail")
    private String orgEmail;

    public String getOrgEmail() {
      return orgEmail;
    }

    public GetDmarcReportResponse setOrgEmail(String orgEmail) {
      this.orgEmail = orgEmail;
      return this;
    }

    @JsonProperty("reportId")
    private String reportId;

    /** The reporter's id: a report is stored once per (orgName, reportId). */
    public String getReportId() {
      return reportId;
    }

    public GetDmarcReportResponse setReportId(String reportId) {
      this.reportId = reportId;
      return this;
    }

    @JsonProperty("begin")
    private String begin;

    public String getBegin() {
      return begin;
    }

    public GetDmarcReportResponse setBegin(String begin) {
      this.begin = begin;
      return this;
    }

    @JsonProperty("end")
    private String end;

    public String getEnd() {
      return end;
    }

    public GetDmarcReportResponse setEnd(String end) {
      this.end = end;
      return this;
    }

    @JsonProperty("policy")
    private Map<String, JsonNode> policy;

    /** policy_published: p, sp, adkim, aspf, pct. */
    public Map<String, JsonNode> getPolicy() {
      return policy;
    }

    public GetDmarcReportResponse setPolicy(Map<String, JsonNode> policy) {
      this.policy = policy;
      return this;
    }

    @JsonProperty("recordCount")
    private Long recordCount;

    public Long getRecordCount() {
      return recordCount;
    }

    public GetDmarcReportResponse setRecordCount(Long recordCount) {
      this.recordCount = recordCount;
      return this;
    }

    @JsonProperty("messageCount")
    private Long messageCount;

    public Long getMessageCount() {
      return messageCount;
    }

    public GetDmarcReportResponse setMessageCount(Long messageCount) {
      this.messageCount = messageCount;
      return this;
    }

    @JsonProperty("authenticated")
    private Boolean authenticated;

    /** Whether the report's own message passed DMARC (a forged report does not). */
    public Boolean getAuthenticated() {
      return authenticated;
    }

    public GetDmarcReportResponse setAuthenticated(Boolean authenticated) {
      this.authenticated = authenticated;
      return this;
    }

    @JsonProperty("receivedAt")
    private String receivedAt;

    public String getReceivedAt() {
      return receivedAt;
    }

    public GetDmarcReportResponse setReceivedAt(String receivedAt) {
      this.receivedAt = receivedAt;
      return this;
    }

    @JsonProperty("records")
    private List<DmarcRecord> records;

    public List<DmarcRecord> getRecords() {
      return records;
    }

    public GetDmarcReportResponse setRecords(List<DmarcRecord> records) {
      this.records = records;
      return this;
    }
  }

  /** SummarizeDmarcResponseTotals: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class SummarizeDmarcResponseTotals {
    @JsonProperty("messages")
    private Long messages;

    public Long getMessages() {
      return messages;
    }

    public SummarizeDmarcResponseTotals setMessages(Long messages) {
      this.messages = messages;
      return this;
    }

    @JsonProperty("aligned")
    private Long aligned;

    public Long getAligned() {
      return aligned;
    }

    public SummarizeDmarcResponseTotals setAligned(Long aligned) {
      this.aligned = aligned;
      return this;
    }

    @JsonProperty("notAligned")
    private Long notAligned;

    public Long getNotAligned() {
      return notAligned;
    }

    public SummarizeDmarcResponseTotals setNotAligned(Long notAligned) {
      this.notAligned = notAligned;
      return this;
    }
  }

  /** SummarizeDmarcResponseDailyItem: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class SummarizeDmarcResponseDailyItem {
    @JsonProperty("day")
    private String day;

    public String getDay() {
      return day;
    }

    public SummarizeDmarcResponseDailyItem setDay(String day) {
      this.day = day;
      return this;
    }

    @JsonProperty("messages")
    private Long messages;

    public Long getMessages() {
      return messages;
    }

    public SummarizeDmarcResponseDailyItem setMessages(Long messages) {
      this.messages = messages;
      return this;
    }

    @JsonProperty("aligned")
    private Long aligned;

    public Long getAligned() {
      return aligned;
    }

    public SummarizeDmarcResponseDailyItem setAligned(Long aligned) {
      this.aligned = aligned;
      return this;
    }
  }

  /** SummarizeDmarcResponse: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class SummarizeDmarcResponse {
    @JsonProperty("from")
    private String from;

    public String getFrom() {
      return from;
    }

    public SummarizeDmarcResponse setFrom(String from) {
      this.from = from;
      return this;
    }

    @JsonProperty("to")
    private String to;

    public String getTo() {
      return to;
    }

    public SummarizeDmarcResponse setTo(String to) {
      this.to = to;
      return this;
    }

    @JsonProperty("totals")
    private SummarizeDmarcResponseTotals totals;

    public SummarizeDmarcResponseTotals getTotals() {
      return totals;
    }

    public SummarizeDmarcResponse setTotals(SummarizeDmarcResponseTotals totals) {
      this.totals = totals;
      return this;
    }

    @JsonProperty("sources")
    private List<DmarcSource> sources;

    public List<DmarcSource> getSources() {
      return sources;
    }

    public SummarizeDmarcResponse setSources(List<DmarcSource> sources) {
      this.sources = sources;
      return this;
    }

    @JsonProperty("daily")
    private List<SummarizeDmarcResponseDailyItem> daily;

    public List<SummarizeDmarcResponseDailyItem> getDaily() {
      return daily;
    }

    public SummarizeDmarcResponse setDaily(List<SummarizeDmarcResponseDailyItem> daily) {
      this.daily = daily;
      return this;
    }

    @JsonProperty("refused")
    private Map<String, Long> refused;

    /** Reports refused at the address in [from, to), by reason. */
    public Map<String, Long> getRefused() {
      return refused;
    }

    public SummarizeDmarcResponse setRefused(Map<String, Long> refused) {
      this.refused = refused;
      return this;
    }
  }

  /** ListAuditLogResponse: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class ListAuditLogResponse {
    @JsonProperty("data")
    private List<AuditEntry> data;

    public List<AuditEntry> getData() {
      return data;
    }

    public ListAuditLogResponse setData(List<AuditEntry> data) {
      this.data = data;
      return this;
    }

    @JsonProperty("nextCursor")
    private String nextCursor;

    public String getNextCursor() {
      return nextCursor;
    }

    public ListAuditLogResponse setNextCursor(String nextCursor) {
      this.nextCursor = nextCursor;
      return this;
    }
  }

  /** GetHealthResponse: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class GetHealthResponse {
    @JsonProperty("status")
    private String status;

    public String getStatus() {
      return status;
    }

    public GetHealthResponse setStatus(String status) {
      this.status = status;
      return this;
    }
  }

  /** GetReadinessResponse: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class GetReadinessResponse {
    @JsonProperty("status")
    private String status;

    public String getStatus() {
      return status;
    }

    public GetReadinessResponse setStatus(String status) {
      this.status = status;
      return this;
    }

    @JsonProperty("checks")
    private Map<String, String> checks;

    public Map<String, String> getChecks() {
      return checks;
    }

    public GetReadinessResponse setChecks(Map<String, String> checks) {
      this.checks = checks;
      return this;
    }
  }

  /** GetOpenApiDocumentResponse: a schema of the API. */
  @JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE, setterVisibility = Visibility.NONE)
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class GetOpenApiDocumentResponse {
    @JsonProperty("openapi")
    private String openapi;

    public String getOpenapi() {
      return openapi;
    }

    public GetOpenApiDocumentResponse setOpenapi(String openapi) {
      this.openapi = openapi;
      return this;
    }
  }

  /** The query parameters of listEmails (GET /emails); a null field is left out. */
  public static final class ListEmailsParams {
    private Long limit;

    /** At most this many emails. Without it, every email of the workspace is returned (streamed). */
    public Long getLimit() {
      return limit;
    }

    public ListEmailsParams setLimit(Long limit) {
      this.limit = limit;
      return this;
    }

    private String after;

    /** The id of the last email of the previous page: continue after it. */
    public String getAfter() {
      return after;
    }

    public ListEmailsParams setAfter(String after) {
      this.after = after;
      return this;
    }

    private String status;

    /** Moves forward only: `queued → sending → sent → delivery_delayed → delivered → complained`; `bounced`, `rejected` and `failed` are final; `opened`/`clicked` leave it unchanged. */
    public String getStatus() {
      return status;
    }

    public ListEmailsParams setStatus(String status) {
      this.status = status;
      return this;
    }

    private String to;

    /** Emails with this recipient (case-insensitive). */
    public String getTo() {
      return to;
    }

    public ListEmailsParams setTo(String to) {
      this.to = to;
      return this;
    }

    private String tag;

    /** `name:value`: emails carrying this tag. */
    public String getTag() {
      return tag;
    }

    public ListEmailsParams setTag(String tag) {
      this.tag = tag;
      return this;
    }

    private String createdAfter;

    /** Emails created at or after this time. An ISO 8601 date-time with a zone, or a date (midnight UTC). */
    public String getCreatedAfter() {
      return createdAfter;
    }

    public ListEmailsParams setCreatedAfter(String createdAfter) {
      this.createdAfter = createdAfter;
      return this;
    }

    private String createdBefore;

    /** Emails created before this time (later than createdAfter). An ISO 8601 date-time with a zone, or a date (midnight UTC). */
    public String getCreatedBefore() {
      return createdBefore;
    }

    public ListEmailsParams setCreatedBefore(String createdBefore) {
      this.createdBefore = createdBefore;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (limit != null) query.put("limit", String.valueOf(limit));
      if (after != null) query.put("after", String.valueOf(after));
      if (status != null) query.put("status", String.valueOf(status));
      if (to != null) query.put("to", String.valueOf(to));
      if (tag != null) query.put("tag", String.valueOf(tag));
      if (createdAfter != null) query.put("createdAfter", String.valueOf(createdAfter));
      if (createdBefore != null) query.put("createdBefore", String.valueOf(createdBefore));
      return query;
    }
  }

  /** The query parameters of sendEmailBatch (POST /emails/batch); a null field is left out. */
  public static final class SendEmailBatchParams {
    private String mode;

    /** Default `strict`. */
    public String getMode() {
      return mode;
    }

    public SendEmailBatchParams setMode(String mode) {
      this.mode = mode;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (mode != null) query.put("mode", String.valueOf(mode));
      return query;
    }
  }

  /** The query parameters of listEmailEvents (GET /emails/{id}/events); a null field is left out. */
  public static final class ListEmailEventsParams {
    private String after;

    /** Start after this event (its id): the previous page's `nextCursor`. */
    public String getAfter() {
      return after;
    }

    public ListEmailEventsParams setAfter(String after) {
      this.after = after;
      return this;
    }

    private Long limit;

    /** Events per page, 1 to 1000; 100 when absent. */
    public Long getLimit() {
      return limit;
    }

    public ListEmailEventsParams setLimit(Long limit) {
      this.limit = limit;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (after != null) query.put("after", String.valueOf(after));
      if (limit != null) query.put("limit", String.valueOf(limit));
      return query;
    }
  }

  /** The query parameters of listTopicSuppressions (GET /suppressions/topics); a null field is left out. */
  public static final class ListTopicSuppressionsParams {
    private String topic;

    /** Entries of this topic only. */
    public String getTopic() {
      return topic;
    }

    public ListTopicSuppressionsParams setTopic(String topic) {
      this.topic = topic;
      return this;
    }

    private String address;

    /** Matches part of an address (case-insensitive). */
    public String getAddress() {
      return address;
    }

    public ListTopicSuppressionsParams setAddress(String address) {
      this.address = address;
      return this;
    }

    private Long limit;

    /** Default 100. */
    public Long getLimit() {
      return limit;
    }

    public ListTopicSuppressionsParams setLimit(Long limit) {
      this.limit = limit;
      return this;
    }

    private String afterTopic;

    /** The topic of the previous page's last entry (with afterAddress). */
    public String getAfterTopic() {
      return afterTopic;
    }

    public ListTopicSuppressionsParams setAfterTopic(String afterTopic) {
      this.afterTopic = afterTopic;
      return this;
    }

    private String afterAddress;

    /** The address of the previous page's last entry (with afterTopic). */
    public String getAfterAddress() {
      return afterAddress;
    }

    public ListTopicSuppressionsParams setAfterAddress(String afterAddress) {
      this.afterAddress = afterAddress;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (topic != null) query.put("topic", String.valueOf(topic));
      if (address != null) query.put("address", String.valueOf(address));
      if (limit != null) query.put("limit", String.valueOf(limit));
      if (afterTopic != null) query.put("afterTopic", String.valueOf(afterTopic));
      if (afterAddress != null) query.put("afterAddress", String.valueOf(afterAddress));
      return query;
    }
  }

  /** The query parameters of listSuppressions (GET /suppressions); a null field is left out. */
  public static final class ListSuppressionsParams {
    private String address;

    /** Matches part of an address (case-insensitive). */
    public String getAddress() {
      return address;
    }

    public ListSuppressionsParams setAddress(String address) {
      this.address = address;
      return this;
    }

    private String reason;

    public String getReason() {
      return reason;
    }

    public ListSuppressionsParams setReason(String reason) {
      this.reason = reason;
      return this;
    }

    private Long limit;

    /** Default 100. */
    public Long getLimit() {
      return limit;
    }

    public ListSuppressionsParams setLimit(Long limit) {
      this.limit = limit;
      return this;
    }

    private String after;

    /** The last address of the previous page. */
    public String getAfter() {
      return after;
    }

    public ListSuppressionsParams setAfter(String after) {
      this.after = after;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (address != null) query.put("address", String.valueOf(address));
      if (reason != null) query.put("reason", String.valueOf(reason));
      if (limit != null) query.put("limit", String.valueOf(limit));
      if (after != null) query.put("after", String.valueOf(after));
      return query;
    }
  }

  /** The query parameters of removeSuppression (DELETE /suppressions/{address}); a null field is left out. */
  public static final class RemoveSuppressionParams {
    private String confirm;

    /** Required to remove a `complaint` entry. */
    public String getConfirm() {
      return confirm;
    }

    public RemoveSuppressionParams setConfirm(String confirm) {
      this.confirm = confirm;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (confirm != null) query.put("confirm", String.valueOf(confirm));
      return query;
    }
  }

  /** The query parameters of listWebhookDeliveries (GET /webhooks/{id}/deliveries); a null field is left out. */
  public static final class ListWebhookDeliveriesParams {
    private String status;

    public String getStatus() {
      return status;
    }

    public ListWebhookDeliveriesParams setStatus(String status) {
      this.status = status;
      return this;
    }

    private Long limit;

    /** Default 50. */
    public Long getLimit() {
      return limit;
    }

    public ListWebhookDeliveriesParams setLimit(Long limit) {
      this.limit = limit;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (status != null) query.put("status", String.valueOf(status));
      if (limit != null) query.put("limit", String.valueOf(limit));
      return query;
    }
  }

  /** The query parameters of listTemplates (GET /templates); a null field is left out. */
  public static final class ListTemplatesParams {
    private Long limit;

    /** Default 50. */
    public Long getLimit() {
      return limit;
    }

    public ListTemplatesParams setLimit(Long limit) {
      this.limit = limit;
      return this;
    }

    private String after;

    /** The id of the last template of the previous page. */
    public String getAfter() {
      return after;
    }

    public ListTemplatesParams setAfter(String after) {
      this.after = after;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (limit != null) query.put("limit", String.valueOf(limit));
      if (after != null) query.put("after", String.valueOf(after));
      return query;
    }
  }

  /** The query parameters of listInbound (GET /inbound); a null field is left out. */
  public static final class ListInboundParams {
    private Long limit;

    /** Default 20. */
    public Long getLimit() {
      return limit;
    }

    public ListInboundParams setLimit(Long limit) {
      this.limit = limit;
      return this;
    }

    private String after;

    /** `nextCursor` of the previous page. */
    public String getAfter() {
      return after;
    }

    public ListInboundParams setAfter(String after) {
      this.after = after;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (limit != null) query.put("limit", String.valueOf(limit));
      if (after != null) query.put("after", String.valueOf(after));
      return query;
    }
  }

  /** The query parameters of listDmarcReports (GET /dmarc/reports); a null field is left out. */
  public static final class ListDmarcReportsParams {
    private Long limit;

    /** Default 20. */
    public Long getLimit() {
      return limit;
    }

    public ListDmarcReportsParams setLimit(Long limit) {
      this.limit = limit;
      return this;
    }

    private String after;

    /** `nextCursor` of the previous page. */
    public String getAfter() {
      return after;
    }

    public ListDmarcReportsParams setAfter(String after) {
      this.after = after;
      return this;
    }

    private String domain;

    /** Only reports about this sending domain. */
    public String getDomain() {
      return domain;
    }

    public ListDmarcReportsParams setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (limit != null) query.put("limit", String.valueOf(limit));
      if (after != null) query.put("after", String.valueOf(after));
      if (domain != null) query.put("domain", String.valueOf(domain));
      return query;
    }
  }

  /** The query parameters of summarizeDmarc (GET /dmarc/summary); a null field is left out. */
  public static final class SummarizeDmarcParams {
    private String from;

    public String getFrom() {
      return from;
    }

    public SummarizeDmarcParams setFrom(String from) {
      this.from = from;
      return this;
    }

    private String to;

    public String getTo() {
      return to;
    }

    public SummarizeDmarcParams setTo(String to) {
      this.to = to;
      return this;
    }

    private String domain;

    public String getDomain() {
      return domain;
    }

    public SummarizeDmarcParams setDomain(String domain) {
      this.domain = domain;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (from != null) query.put("from", String.valueOf(from));
      if (to != null) query.put("to", String.valueOf(to));
      if (domain != null) query.put("domain", String.valueOf(domain));
      return query;
    }
  }

  /** The query parameters of listAuditLog (GET /audit-log); a null field is left out. */
  public static final class ListAuditLogParams {
    private String action;

    public String getAction() {
      return action;
    }

    public ListAuditLogParams setAction(String action) {
      this.action = action;
      return this;
    }

    private String actor;

    /** The actor's id: a user id, a key id (`key_…`), `cli:&lt;account&gt;`. */
    public String getActor() {
      return actor;
    }

    public ListAuditLogParams setActor(String actor) {
      this.actor = actor;
      return this;
    }

    private String target;

    /** The target's id. */
    public String getTarget() {
      return target;
    }

    public ListAuditLogParams setTarget(String target) {
      this.target = target;
      return this;
    }

    private String since;

    /** Entries at or after this ISO 8601 time (or date). */
    public String getSince() {
      return since;
    }

    public ListAuditLogParams setSince(String since) {
      this.since = since;
      return this;
    }

    private String until;

    /** Entries before this ISO 8601 time (or date). */
    public String getUntil() {
      return until;
    }

    public ListAuditLogParams setUntil(String until) {
      this.until = until;
      return this;
    }

    private Long limit;

    /** Default 100. */
    public Long getLimit() {
      return limit;
    }

    public ListAuditLogParams setLimit(Long limit) {
      this.limit = limit;
      return this;
    }

    private String after;

    /** `nextCursor` of the previous page. */
    public String getAfter() {
      return after;
    }

    public ListAuditLogParams setAfter(String after) {
      this.after = after;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (action != null) query.put("action", String.valueOf(action));
      if (actor != null) query.put("actor", String.valueOf(actor));
      if (target != null) query.put("target", String.valueOf(target));
      if (since != null) query.put("since", String.valueOf(since));
      if (until != null) query.put("until", String.valueOf(until));
      if (limit != null) query.put("limit", String.valueOf(limit));
      if (after != null) query.put("after", String.valueOf(after));
      return query;
    }
  }

  /** The query parameters of exportAuditLog (GET /audit-log/export); a null field is left out. */
  public static final class ExportAuditLogParams {
    private String format;

    public String getFormat() {
      return format;
    }

    public ExportAuditLogParams setFormat(String format) {
      this.format = format;
      return this;
    }

    private String action;

    public String getAction() {
      return action;
    }

    public ExportAuditLogParams setAction(String action) {
      this.action = action;
      return this;
    }

    private String actor;

    /** The actor's id: a user id, a key id (`key_…`), `cli:&lt;account&gt;`. */
    public String getActor() {
      return actor;
    }

    public ExportAuditLogParams setActor(String actor) {
      this.actor = actor;
      return this;
    }

    private String target;

    /** The target's id. */
    public String getTarget() {
      return target;
    }

    public ExportAuditLogParams setTarget(String target) {
      this.target = target;
      return this;
    }

    private String since;

    /** Entries at or after this ISO 8601 time (or date). */
    public String getSince() {
      return since;
    }

    public ExportAuditLogParams setSince(String since) {
      this.since = since;
      return this;
    }

    private String until;

    /** Entries before this ISO 8601 time (or date). */
    public String getUntil() {
      return until;
    }

    public ExportAuditLogParams setUntil(String until) {
      this.until = until;
      return this;
    }

    private Long limit;

    public Long getLimit() {
      return limit;
    }

    public ExportAuditLogParams setLimit(Long limit) {
      this.limit = limit;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (format != null) query.put("format", String.valueOf(format));
      if (action != null) query.put("action", String.valueOf(action));
      if (actor != null) query.put("actor", String.valueOf(actor));
      if (target != null) query.put("target", String.valueOf(target));
      if (since != null) query.put("since", String.valueOf(since));
      if (until != null) query.put("until", String.valueOf(until));
      if (limit != null) query.put("limit", String.valueOf(limit));
      return query;
    }
  }

  /** The query parameters of listErasures (GET /erasures); a null field is left out. */
  public static final class ListErasuresParams {
    private Long limit;

    /** Default 100. */
    public Long getLimit() {
      return limit;
    }

    public ListErasuresParams setLimit(Long limit) {
      this.limit = limit;
      return this;
    }

    private String after;

    /** The last erasure id of the previous page. */
    public String getAfter() {
      return after;
    }

    public ListErasuresParams setAfter(String after) {
      this.after = after;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (limit != null) query.put("limit", String.valueOf(limit));
      if (after != null) query.put("after", String.valueOf(after));
      return query;
    }
  }

  /** The query parameters of getDeliverability (GET /deliverability); a null field is left out. */
  public static final class GetDeliverabilityParams {
    private Long days;

    /** Default 7. */
    public Long getDays() {
      return days;
    }

    public GetDeliverabilityParams setDays(Long days) {
      this.days = days;
      return this;
    }

    /** The parameters set, by their name on the wire. */
    public Map<String, String> toQuery() {
      Map<String, String> query = new LinkedHashMap<>();
      if (days != null) query.put("days", String.valueOf(days));
      return query;
    }
  }
}
