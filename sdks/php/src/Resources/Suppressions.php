<?php

declare(strict_types=1);

namespace SvcEmail\Resources;

use SvcEmail\Operation;

/**
 * @phpstan-import-type Suppression from \SvcEmail\Generated
 * @phpstan-import-type AddSuppressionRequest from \SvcEmail\Generated
 * @phpstan-import-type TopicSuppression from \SvcEmail\Generated
 */
final class Suppressions extends Resource
{
    /**
     * One page in address order; $after is the last address of the previous page.
     *
     * @return list<Suppression>
     */
    #[Operation('listSuppressions')]
    public function listPage(?string $address = null, ?string $reason = null, ?int $limit = null, ?string $after = null): array
    {
        return $this->call('listSuppressions', query: compact('address', 'reason', 'limit', 'after'));
    }

    /** @return \Generator<int, Suppression> */
    public function list(int $pageSize = self::DEFAULT_PAGE_SIZE, ?string $address = null, ?string $reason = null): \Generator
    {
        $after = null;
        while (true) {
            $page = $this->listPage($address, $reason, $pageSize, $after);
            yield from $page;
            if (count($page) < $pageSize) {
                return;
            }
            $after = $page[count($page) - 1]['address'];
        }
    }

    /**
     * Adds a manual entry; an address already listed answers created: false.
     *
     * @param AddSuppressionRequest $entry
     * @return array{created: bool, suppression: Suppression}
     */
    #[Operation('addSuppression')]
    public function add(array $entry): array
    {
        $answer = $this->transport->call('addSuppression', body: (object) $entry);
        return ['created' => $answer->status === 201, 'suppression' => $answer->body];
    }

    /**
     * Removes an entry; one added by a complaint needs $confirmComplaint.
     *
     * @return Suppression
     */
    #[Operation('removeSuppression')]
    public function remove(string $address, bool $confirmComplaint = false): array
    {
        return $this->call('removeSuppression', ['address' => $address], $confirmComplaint ? ['confirm' => 'complaint'] : []);
    }

    /**
     * One page of topic suppressions (one-click unsubscribes) in (topic, address) order;
     * $afterTopic and $afterAddress are the previous page's last entry.
     *
     * @return list<TopicSuppression>
     */
    #[Operation('listTopicSuppressions')]
    public function listTopicsPage(
        ?string $topic = null,
        ?string $address = null,
        ?int $limit = null,
        ?string $afterTopic = null,
        ?string $afterAddress = null,
    ): array {
        return $this->call('listTopicSuppressions', query: compact('topic', 'address', 'limit', 'afterTopic', 'afterAddress'));
    }

    /** @return \Generator<int, TopicSuppression> */
    public function listTopics(int $pageSize = self::DEFAULT_PAGE_SIZE, ?string $topic = null, ?string $address = null): \Generator
    {
        $afterTopic = null;
        $afterAddress = null;
        while (true) {
            $page = $this->listTopicsPage($topic, $address, $pageSize, $afterTopic, $afterAddress);
            yield from $page;
            if (count($page) < $pageSize) {
                return;
            }
            ['topic' => $afterTopic, 'address' => $afterAddress] = $page[count($page) - 1];
        }
    }

    /**
     * Removes a topic suppression: the address gets that topic's emails again.
     *
     * @return TopicSuppression
     */
    #[Operation('removeTopicSuppression')]
    public function removeTopic(string $topic, string $address): array
    {
        return $this->call('removeTopicSuppression', ['topic' => $topic, 'address' => $address]);
    }
}
