// Generated from docs/openapi.json by sdks/generator (`pnpm openapi`). DO NOT EDIT.

package io.github.svcemail;

import java.util.List;
import java.util.Map;

/** How to call each operation of the API (one entry per operationId of the document), and its error codes. */
public final class Operations {
  private Operations() {}

  /** The version of the API document this package was generated from (svc API). */
  public static final String API_VERSION = "1.0.0";

  /** Every error code the API answers with. */
  public static final List<String> ERROR_CODES =
      List.of("bad_request", "region_not_configured", "unauthorized", "forbidden", "domain_not_verified", "domain_not_allowed", "source_not_allowed", "not_found", "conflict", "confirmation_required", "replay_in_progress", "payload_too_large", "unsupported_media_type", "validation_failed", "attachment_quota_exceeded", "daily_limit_reached", "rate_limited", "replay_quota_exceeded", "render_rate_limited", "replay_rate_limited", "erasure_rate_limited", "unavailable", "server_busy", "internal");

  /**
   * One operation. {@code response}: "json" (decoded), "text" or "bytes" (as received).
   * {@code safeToRepeat}: sending it again after a failure without an answer cannot do the work twice.
   */
  record Operation(
      String id,
      String tag,
      String method,
      String path,
      List<String> pathParams,
      List<String> queryParams,
      boolean idempotencyKey,
      boolean hasBody,
      String response,
      boolean auth,
      boolean safeToRepeat) {}

  static final Map<String, Operation> ALL =
      Map.ofEntries(
      Map.entry(
          "listEmails",
          new Operation("listEmails", "Emails", "GET", "/emails", List.of(), List.of("limit", "after", "status", "to", "tag", "createdAfter", "createdBefore"), false, false, "json", true, true)),
      Map.entry(
          "sendEmail",
          new Operation("sendEmail", "Emails", "POST", "/emails", List.of(), List.of(), true, true, "json", true, true)),
      Map.entry(
          "sendEmailBatch",
          new Operation("sendEmailBatch", "Emails", "POST", "/emails/batch", List.of(), List.of("mode"), true, true, "json", true, true)),
      Map.entry(
          "cancelEmail",
          new Operation("cancelEmail", "Emails", "POST", "/emails/{id}/cancel", List.of("id"), List.of(), false, false, "json", true, false)),
      Map.entry(
          "getEmail",
          new Operation("getEmail", "Emails", "GET", "/emails/{id}", List.of("id"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "rescheduleEmail",
          new Operation("rescheduleEmail", "Emails", "PATCH", "/emails/{id}", List.of("id"), List.of(), false, true, "json", true, true)),
      Map.entry(
          "listEmailEvents",
          new Operation("listEmailEvents", "Emails", "GET", "/emails/{id}/events", List.of("id"), List.of("after", "limit"), false, false, "json", true, true)),
      Map.entry(
          "listApiKeys",
          new Operation("listApiKeys", "API keys", "GET", "/api-keys", List.of(), List.of(), false, false, "json", true, true)),
      Map.entry(
          "revokeApiKey",
          new Operation("revokeApiKey", "API keys", "DELETE", "/api-keys/{id}", List.of("id"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "listTopicSuppressions",
          new Operation("listTopicSuppressions", "Suppressions", "GET", "/suppressions/topics", List.of(), List.of("topic", "address", "limit", "afterTopic", "afterAddress"), false, false, "json", true, true)),
      Map.entry(
          "removeTopicSuppression",
          new Operation("removeTopicSuppression", "Suppressions", "DELETE", "/suppressions/topics/{topic}/{address}", List.of("topic", "address"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "listSuppressions",
          new Operation("listSuppressions", "Suppressions", "GET", "/suppressions", List.of(), List.of("address", "reason", "limit", "after"), false, false, "json", true, true)),
      Map.entry(
          "addSuppression",
          new Operation("addSuppression", "Suppressions", "POST", "/suppressions", List.of(), List.of(), false, true, "json", true, false)),
      Map.entry(
          "removeSuppression",
          new Operation("removeSuppression", "Suppressions", "DELETE", "/suppressions/{address}", List.of("address"), List.of("confirm"), false, false, "json", true, true)),
      Map.entry(
          "listWebhookSubscriptions",
          new Operation("listWebhookSubscriptions", "Webhook subscriptions", "GET", "/webhooks", List.of(), List.of(), false, false, "json", true, true)),
      Map.entry(
          "createWebhookSubscription",
          new Operation("createWebhookSubscription", "Webhook subscriptions", "POST", "/webhooks", List.of(), List.of(), false, true, "json", true, false)),
      Map.entry(
          "getWebhookSubscription",
          new Operation("getWebhookSubscription", "Webhook subscriptions", "GET", "/webhooks/{id}", List.of("id"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "updateWebhookSubscription",
          new Operation("updateWebhookSubscription", "Webhook subscriptions", "PATCH", "/webhooks/{id}", List.of("id"), List.of(), false, true, "json", true, true)),
      Map.entry(
          "deleteWebhookSubscription",
          new Operation("deleteWebhookSubscription", "Webhook subscriptions", "DELETE", "/webhooks/{id}", List.of("id"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "sendTestWebhookEvent",
          new Operation("sendTestWebhookEvent", "Webhook subscriptions", "POST", "/webhooks/{id}/test", List.of("id"), List.of(), false, true, "json", true, false)),
      Map.entry(
          "listWebhookDeliveries",
          new Operation("listWebhookDeliveries", "Webhook subscriptions", "GET", "/webhooks/{id}/deliveries", List.of("id"), List.of("status", "limit"), false, false, "json", true, true)),
      Map.entry(
          "listWebhookReplays",
          new Operation("listWebhookReplays", "Webhook subscriptions", "GET", "/webhooks/{id}/replays", List.of("id"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "replayWebhookDeliveries",
          new Operation("replayWebhookDeliveries", "Webhook subscriptions", "POST", "/webhooks/{id}/replays", List.of("id"), List.of(), false, true, "json", true, false)),
      Map.entry(
          "getWebhookReplay",
          new Operation("getWebhookReplay", "Webhook subscriptions", "GET", "/webhooks/{id}/replays/{replayId}", List.of("id", "replayId"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "getWebhookDelivery",
          new Operation("getWebhookDelivery", "Webhook subscriptions", "GET", "/webhooks/{id}/deliveries/{deliveryId}", List.of("id", "deliveryId"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "listTemplates",
          new Operation("listTemplates", "Templates", "GET", "/templates", List.of(), List.of("limit", "after"), false, false, "json", true, true)),
      Map.entry(
          "createTemplate",
          new Operation("createTemplate", "Templates", "POST", "/templates", List.of(), List.of(), false, true, "json", true, false)),
      Map.entry(
          "getTemplate",
          new Operation("getTemplate", "Templates", "GET", "/templates/{id}", List.of("id"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "updateTemplate",
          new Operation("updateTemplate", "Templates", "PATCH", "/templates/{id}", List.of("id"), List.of(), false, true, "json", true, true)),
      Map.entry(
          "deleteTemplate",
          new Operation("deleteTemplate", "Templates", "DELETE", "/templates/{id}", List.of("id"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "publishTemplate",
          new Operation("publishTemplate", "Templates", "POST", "/templates/{id}/publish", List.of("id"), List.of(), false, true, "json", true, false)),
      Map.entry(
          "duplicateTemplate",
          new Operation("duplicateTemplate", "Templates", "POST", "/templates/{id}/duplicate", List.of("id"), List.of(), false, true, "json", true, false)),
      Map.entry(
          "listTemplateVersions",
          new Operation("listTemplateVersions", "Templates", "GET", "/templates/{id}/versions", List.of("id"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "renderTemplate",
          new Operation("renderTemplate", "Templates", "POST", "/templates/{id}/render", List.of("id"), List.of(), false, true, "json", true, false)),
      Map.entry(
          "listInbound",
          new Operation("listInbound", "Inbound", "GET", "/inbound", List.of(), List.of("limit", "after"), false, false, "json", true, true)),
      Map.entry(
          "getInbound",
          new Operation("getInbound", "Inbound", "GET", "/inbound/{id}", List.of("id"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "getInboundRaw",
          new Operation("getInboundRaw", "Inbound", "GET", "/inbound/{id}/raw", List.of("id"), List.of(), false, false, "bytes", true, true)),
      Map.entry(
          "getInboundAttachment",
          new Operation("getInboundAttachment", "Inbound", "GET", "/inbound/{id}/attachments/{n}", List.of("id", "n"), List.of(), false, false, "bytes", true, true)),
      Map.entry(
          "listDmarcReports",
          new Operation("listDmarcReports", "DMARC", "GET", "/dmarc/reports", List.of(), List.of("limit", "after", "domain"), false, false, "json", true, true)),
      Map.entry(
          "getDmarcReport",
          new Operation("getDmarcReport", "DMARC", "GET", "/dmarc/reports/{id}", List.of("id"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "summarizeDmarc",
          new Operation("summarizeDmarc", "DMARC", "GET", "/dmarc/summary", List.of(), List.of("from", "to", "domain"), false, false, "json", true, true)),
      Map.entry(
          "listAuditLog",
          new Operation("listAuditLog", "Audit log", "GET", "/audit-log", List.of(), List.of("action", "actor", "target", "since", "until", "limit", "after"), false, false, "json", true, true)),
      Map.entry(
          "exportAuditLog",
          new Operation("exportAuditLog", "Audit log", "GET", "/audit-log/export", List.of(), List.of("format", "action", "actor", "target", "since", "until", "limit"), false, false, "text", true, true)),
      Map.entry(
          "listErasures",
          new Operation("listErasures", "Erasures", "GET", "/erasures", List.of(), List.of("limit", "after"), false, false, "json", true, true)),
      Map.entry(
          "createErasure",
          new Operation("createErasure", "Erasures", "POST", "/erasures", List.of(), List.of(), false, true, "json", true, false)),
      Map.entry(
          "getErasure",
          new Operation("getErasure", "Erasures", "GET", "/erasures/{id}", List.of("id"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "getErasureReceipt",
          new Operation("getErasureReceipt", "Erasures", "GET", "/erasures/{id}/receipt", List.of("id"), List.of(), false, false, "json", true, true)),
      Map.entry(
          "getDeliverability",
          new Operation("getDeliverability", "Deliverability", "GET", "/deliverability", List.of(), List.of("days"), false, false, "json", true, true)),
      Map.entry(
          "getHealth",
          new Operation("getHealth", "Service", "GET", "/healthz", List.of(), List.of(), false, false, "json", false, true)),
      Map.entry(
          "getReadiness",
          new Operation("getReadiness", "Service", "GET", "/readyz", List.of(), List.of(), false, false, "json", false, true)),
      Map.entry(
          "getOpenApiDocument",
          new Operation("getOpenApiDocument", "Service", "GET", "/openapi.json", List.of(), List.of(), false, false, "json", false, true)),
      Map.entry(
          "getApiReference",
          new Operation("getApiReference", "Service", "GET", "/docs", List.of(), List.of(), false, false, "text", false, true)),
      Map.entry(
          "getApiReferenceScript",
          new Operation("getApiReferenceScript", "Service", "GET", "/docs/api-reference.js", List.of(), List.of(), false, false, "text", false, true)));
}
