<?php

declare(strict_types=1);

namespace SvcEmail\Resources;

use SvcEmail\Operation;

/**
 * Webhook subscriptions, their deliveries and replays (verifying a delivery is SvcEmail\Webhook).
 *
 * @phpstan-import-type WebhookSubscription from \SvcEmail\Generated
 * @phpstan-import-type CreateWebhookSubscriptionRequest from \SvcEmail\Generated
 * @phpstan-import-type CreatedWebhookSubscription from \SvcEmail\Generated
 * @phpstan-import-type UpdateWebhookSubscriptionRequest from \SvcEmail\Generated
 * @phpstan-import-type WebhookDelivery from \SvcEmail\Generated
 * @phpstan-import-type WebhookDeliveryDetail from \SvcEmail\Generated
 * @phpstan-import-type ReplayWebhookDeliveriesRequest from \SvcEmail\Generated
 * @phpstan-import-type WebhookReplay from \SvcEmail\Generated
 */
final class Webhooks extends Resource
{
    /** @return list<WebhookSubscription> */
    #[Operation('listWebhookSubscriptions')]
    public function list(): array
    {
        return $this->call('listWebhookSubscriptions');
    }

    /**
     * Creates a subscription; the answer's secret is shown this once. Not retried after a lost
     * answer: a retry would make a second subscription with a secret you never saw.
     *
     * @param CreateWebhookSubscriptionRequest $subscription
     * @return CreatedWebhookSubscription
     */
    #[Operation('createWebhookSubscription')]
    public function create(array $subscription): array
    {
        return $this->call('createWebhookSubscription', body: (object) $subscription);
    }

    /** @return WebhookSubscription */
    #[Operation('getWebhookSubscription')]
    public function get(string $id): array
    {
        return $this->call('getWebhookSubscription', ['id' => $id]);
    }

    /**
     * Changes the fields given; the others stay.
     *
     * @param UpdateWebhookSubscriptionRequest $changes
     * @return WebhookSubscription
     */
    #[Operation('updateWebhookSubscription')]
    public function update(string $id, array $changes): array
    {
        return $this->call('updateWebhookSubscription', ['id' => $id], body: (object) $changes);
    }

    /** @return array<string, mixed> */
    #[Operation('deleteWebhookSubscription')]
    public function delete(string $id): array
    {
        return $this->call('deleteWebhookSubscription', ['id' => $id]);
    }

    /**
     * A real, signed delivery with "test": true; the subscription's first event type by default.
     *
     * @return WebhookDeliveryDetail
     */
    #[Operation('sendTestWebhookEvent')]
    public function test(string $id, ?string $eventType = null): array
    {
        return $this->call('sendTestWebhookEvent', ['id' => $id], body: self::object(['eventType' => $eventType]));
    }

    /**
     * The most recent deliveries, newest first, each with its attempts.
     *
     * @return list<WebhookDelivery>
     */
    #[Operation('listWebhookDeliveries')]
    public function deliveries(string $id, ?string $status = null, ?int $limit = null): array
    {
        return $this->call('listWebhookDeliveries', ['id' => $id], compact('status', 'limit'));
    }

    /**
     * One delivery with its attempts and the exact body it sends.
     *
     * @return WebhookDeliveryDetail
     */
    #[Operation('getWebhookDelivery')]
    public function delivery(string $id, string $deliveryId): array
    {
        return $this->call('getWebhookDelivery', ['id' => $id, 'deliveryId' => $deliveryId]);
    }

    /**
     * Sends past deliveries again, paced (one delivery, one email's, failed ones since a time, a range).
     *
     * @param ReplayWebhookDeliveriesRequest $request
     * @return WebhookReplay
     */
    #[Operation('replayWebhookDeliveries')]
    public function replay(string $id, array $request): array
    {
        return $this->call('replayWebhookDeliveries', ['id' => $id], body: (object) $request);
    }

    /** @return list<WebhookReplay> */
    #[Operation('listWebhookReplays')]
    public function replays(string $id): array
    {
        return $this->call('listWebhookReplays', ['id' => $id]);
    }

    /** @return WebhookReplay */
    #[Operation('getWebhookReplay')]
    public function replayStatus(string $id, string $replayId): array
    {
        return $this->call('getWebhookReplay', ['id' => $id, 'replayId' => $replayId]);
    }
}
