package io.github.svcemail;

import io.github.svcemail.Models.CreateWebhookSubscriptionRequest;
import io.github.svcemail.Models.CreatedWebhookSubscription;
import io.github.svcemail.Models.DeleteWebhookSubscriptionResponse;
import io.github.svcemail.Models.ListWebhookDeliveriesParams;
import io.github.svcemail.Models.ReplayWebhookDeliveriesRequest;
import io.github.svcemail.Models.TestWebhookEventRequest;
import io.github.svcemail.Models.UpdateWebhookSubscriptionRequest;
import io.github.svcemail.Models.WebhookDelivery;
import io.github.svcemail.Models.WebhookDeliveryDetail;
import io.github.svcemail.Models.WebhookReplay;
import io.github.svcemail.Models.WebhookSubscription;
import java.util.List;

/** Webhook subscriptions, their deliveries and replays. Verifying a delivery: {@link Webhooks}. */
public final class WebhooksService {
  private final Transport t;

  WebhooksService(Transport t) {
    this.t = t;
  }

  /** The workspace's subscriptions, newest first. */
  @OperationId("listWebhookSubscriptions")
  public List<WebhookSubscription> list() {
    return Transport.decodeList(t.call(Call.of("listWebhookSubscriptions")), WebhookSubscription.class);
  }

  /**
   * Creates a subscription; the answer's secret is shown this once. Not retried after a lost
   * answer: a retry would make a second subscription with a secret you never saw.
   */
  @OperationId("createWebhookSubscription")
  public CreatedWebhookSubscription create(CreateWebhookSubscriptionRequest subscription) {
    return Transport.decode(t.call(Call.of("createWebhookSubscription").body(subscription)), CreatedWebhookSubscription.class);
  }

  @OperationId("getWebhookSubscription")
  public WebhookSubscription get(String id) {
    return Transport.decode(t.call(Call.of("getWebhookSubscription").path("id", id)), WebhookSubscription.class);
  }

  /** Changes the fields set; the others stay. */
  @OperationId("updateWebhookSubscription")
  public WebhookSubscription update(String id, UpdateWebhookSubscriptionRequest changes) {
    return Transport.decode(t.call(Call.of("updateWebhookSubscription").path("id", id).body(changes)), WebhookSubscription.class);
  }

  @OperationId("deleteWebhookSubscription")
  public DeleteWebhookSubscriptionResponse delete(String id) {
    return Transport.decode(t.call(Call.of("deleteWebhookSubscription").path("id", id)), DeleteWebhookSubscriptionResponse.class);
  }

  /** Sends a real, signed delivery with {@code "test": true}; a null event type is the subscription's first. */
  @OperationId("sendTestWebhookEvent")
  public WebhookDeliveryDetail test(String id, String eventType) {
    TestWebhookEventRequest body = new TestWebhookEventRequest().setEventType(eventType);
    return Transport.decode(t.call(Call.of("sendTestWebhookEvent").path("id", id).body(body)), WebhookDeliveryDetail.class);
  }

  /** The subscription's most recent deliveries, newest first. */
  @OperationId("listWebhookDeliveries")
  public List<WebhookDelivery> deliveries(String id, ListWebhookDeliveriesParams params) {
    return Transport.decodeList(t.call(Call.of("listWebhookDeliveries").path("id", id).query(params.toQuery())), WebhookDelivery.class);
  }

  /** One delivery with its attempts and the exact body it sends. */
  @OperationId("getWebhookDelivery")
  public WebhookDeliveryDetail delivery(String id, String deliveryId) {
    return Transport.decode(
        t.call(Call.of("getWebhookDelivery").path("id", id).path("deliveryId", deliveryId)), WebhookDeliveryDetail.class);
  }

  /** Sends past deliveries again, paced (one delivery, one email's, failed ones since a time, a range). */
  @OperationId("replayWebhookDeliveries")
  public WebhookReplay replay(String id, ReplayWebhookDeliveriesRequest replay) {
    return Transport.decode(t.call(Call.of("replayWebhookDeliveries").path("id", id).body(replay)), WebhookReplay.class);
  }

  @OperationId("listWebhookReplays")
  public List<WebhookReplay> replays(String id) {
    return Transport.decodeList(t.call(Call.of("listWebhookReplays").path("id", id)), WebhookReplay.class);
  }

  /** One replay with its progress. */
  @OperationId("getWebhookReplay")
  public WebhookReplay replayStatus(String id, String replayId) {
    return Transport.decode(t.call(Call.of("getWebhookReplay").path("id", id).path("replayId", replayId)), WebhookReplay.class);
  }
}
