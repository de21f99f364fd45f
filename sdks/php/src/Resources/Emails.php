<?php

declare(strict_types=1);

namespace SvcEmail\Resources;

use SvcEmail\Operation;

/**
 * @phpstan-import-type SendEmailRequest from \SvcEmail\Generated
 * @phpstan-import-type QueuedEmail from \SvcEmail\Generated
 * @phpstan-import-type BatchEntry from \SvcEmail\Generated
 * @phpstan-import-type Email from \SvcEmail\Generated
 * @phpstan-import-type EmailWithEvents from \SvcEmail\Generated
 * @phpstan-import-type EmailEvent from \SvcEmail\Generated
 * @phpstan-import-type EmailEventPage from \SvcEmail\Generated
 * @phpstan-import-type ScheduleChange from \SvcEmail\Generated
 */
final class Emails extends Resource
{
    /**
     * Queues an email (202). Safe to retry: one Idempotency-Key is generated per call and reused by
     * every retry; pass your own (an order id, say) to make your own retries safe.
     *
     * @param SendEmailRequest $email
     * @return QueuedEmail&array{replayed: bool} replayed: the stored result of an earlier send with the same key
     */
    #[Operation('sendEmail')]
    public function send(array $email, ?string $idempotencyKey = null): array
    {
        $answer = $this->transport->call('sendEmail', body: (object) $email, idempotencyKey: $idempotencyKey);
        return [...$answer->body, 'replayed' => $answer->replayed()];
    }

    /**
     * Up to 100 emails in one request. mode 'strict' (default): one refused email refuses the batch
     * (an UnprocessableEntityException with details['errors']); 'permissive': the others are created
     * and the refused ones answered as {error, code} entries.
     *
     * @param list<SendEmailRequest> $emails
     * @return array{entries: list<BatchEntry>, replayed: bool}
     */
    #[Operation('sendEmailBatch')]
    public function batch(array $emails, ?string $mode = null, ?string $idempotencyKey = null): array
    {
        $body = array_map(static fn (array $email) => (object) $email, array_values($emails));
        $answer = $this->transport->call('sendEmailBatch', query: ['mode' => $mode], body: $body, idempotencyKey: $idempotencyKey);
        return ['entries' => $answer->body, 'replayed' => $answer->replayed()];
    }

    /**
     * One email with the first page of its events (eventsNextCursor leads to the rest).
     *
     * @return EmailWithEvents
     */
    #[Operation('getEmail')]
    public function get(string $id): array
    {
        return $this->call('getEmail', ['id' => $id]);
    }

    /**
     * One page, newest first; $after is the last id of the previous page.
     *
     * @return list<Email>
     */
    #[Operation('listEmails')]
    public function listPage(
        int $limit = self::DEFAULT_PAGE_SIZE,
        ?string $after = null,
        ?string $status = null,
        ?string $to = null,
        ?string $tag = null,
        string|\DateTimeInterface|null $createdAfter = null,
        string|\DateTimeInterface|null $createdBefore = null,
    ): array {
        $query = compact('limit', 'after', 'status', 'to', 'tag', 'createdAfter', 'createdBefore');
        return $this->call('listEmails', query: $query);
    }

    /**
     * Every email matching the filters (listPage's named arguments), newest first, fetched a page at
     * a time as you iterate.
     *
     * @return \Generator<int, Email>
     */
    public function list(int $pageSize = self::DEFAULT_PAGE_SIZE, ?string $after = null, mixed ...$filters): \Generator
    {
        while (true) {
            $page = $this->listPage($pageSize, $after, ...$filters);
            yield from $page;
            if (count($page) < $pageSize) {
                return;
            }
            $after = $page[count($page) - 1]['id'];
        }
    }

    /**
     * One page of an email's events, oldest first; $after is the previous nextCursor.
     *
     * @return EmailEventPage
     */
    #[Operation('listEmailEvents')]
    public function eventsPage(string $id, ?string $after = null, ?int $limit = null): array
    {
        return $this->call('listEmailEvents', ['id' => $id], compact('after', 'limit'));
    }

    /**
     * Every event of an email, oldest first, a page at a time.
     *
     * @return \Generator<int, EmailEvent>
     */
    public function events(string $id, ?int $pageSize = null): \Generator
    {
        $after = null;
        do {
            $page = $this->eventsPage($id, $after, $pageSize);
            yield from $page['events'];
            $after = $page['nextCursor'];
        } while ($after !== null);
    }

    /**
     * Moves a scheduled email to $scheduledAt (a DateTimeInterface, or ISO 8601 with a zone).
     *
     * @return ScheduleChange
     */
    #[Operation('rescheduleEmail')]
    public function reschedule(string $id, string|\DateTimeInterface $scheduledAt): array
    {
        $at = $scheduledAt instanceof \DateTimeInterface ? $scheduledAt->format(\DateTimeInterface::RFC3339_EXTENDED) : $scheduledAt;
        return $this->call('rescheduleEmail', ['id' => $id], body: ['scheduledAt' => $at]);
    }

    /**
     * A scheduled email becomes canceled; any other status is a ConflictException (409).
     *
     * @return ScheduleChange
     */
    #[Operation('cancelEmail')]
    public function cancel(string $id): array
    {
        return $this->call('cancelEmail', ['id' => $id]);
    }
}
