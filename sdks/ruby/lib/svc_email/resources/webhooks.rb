# frozen_string_literal: true

module SvcEmail
  # Webhook subscriptions, their deliveries and replays (verifying a delivery is SvcEmail::Webhook).
  class Webhooks < Resource
    operation "listWebhookSubscriptions"
    def list
      call("listWebhookSubscriptions")
    end

    operation "createWebhookSubscription"
    # Creates a subscription; the answer's secret is shown this once. Not retried after a lost
    # answer: a retry would make a second subscription with a secret you never saw.
    def create(subscription)
      call("createWebhookSubscription", body: subscription)
    end

    operation "getWebhookSubscription"
    def get(id)
      call("getWebhookSubscription", path: { id: id })
    end

    operation "updateWebhookSubscription"
    # Changes the fields given; the others stay.
    def update(id, changes)
      call("updateWebhookSubscription", path: { id: id }, body: changes)
    end

    operation "deleteWebhookSubscription"
    def delete(id)
      call("deleteWebhookSubscription", path: { id: id })
    end

    operation "sendTestWebhookEvent"
    # A real, signed delivery with "test": true; the subscription's first event type by default.
    def test(id, event_type: nil)
      call("sendTestWebhookEvent", path: { id: id }, body: camel(event_type: event_type))
    end

    operation "listWebhookDeliveries"
    # The most recent deliveries, newest first, each with its attempts.
    def deliveries(id, status: nil, limit: nil)
      call("listWebhookDeliveries", path: { id: id }, query: camel(status: status, limit: limit))
    end

    operation "getWebhookDelivery"
    # One delivery with its attempts and the exact body it sends.
    def delivery(id, delivery_id)
      call("getWebhookDelivery", path: { id: id, deliveryId: delivery_id })
    end

    operation "replayWebhookDeliveries"
    # Sends past deliveries again, paced (one delivery, one email's, failed ones since a time, a range).
    def replay(id, request)
      call("replayWebhookDeliveries", path: { id: id }, body: request)
    end

    operation "listWebhookReplays"
    def replays(id)
      call("listWebhookReplays", path: { id: id })
    end

    operation "getWebhookReplay"
    def replay_status(id, replay_id)
      call("getWebhookReplay", path: { id: id, replayId: replay_id })
    end
  end
end
