<?php

declare(strict_types=1);

namespace SvcEmail\Resources;

use SvcEmail\Operation;

/**
 * @phpstan-import-type AuditEntry from \SvcEmail\Generated
 * @phpstan-import-type ListAuditLogResponse from \SvcEmail\Generated
 */
final class AuditLog extends Resource
{
    /**
     * One page, newest first: ['data' => [...], 'nextCursor' => ?string].
     *
     * @return ListAuditLogResponse
     */
    #[Operation('listAuditLog')]
    public function listPage(
        ?string $action = null,
        ?string $actor = null,
        ?string $target = null,
        string|\DateTimeInterface|null $since = null,
        string|\DateTimeInterface|null $until = null,
        ?int $limit = null,
        ?string $after = null,
    ): array {
        return $this->call('listAuditLog', query: compact('action', 'actor', 'target', 'since', 'until', 'limit', 'after'));
    }

    /**
     * Every matching entry (listPage's named filters), newest first, a page at a time.
     *
     * @return \Generator<int, AuditEntry>
     */
    public function list(int $pageSize = self::DEFAULT_PAGE_SIZE, mixed ...$filters): \Generator
    {
        $after = null;
        do {
            $page = $this->listPage(...$filters, limit: $pageSize, after: $after);
            yield from $page['data'];
            $after = $page['nextCursor'];
        } while ($after !== null);
    }

    /** Every matching entry as CSV, or JSON Lines with $format 'jsonl'. */
    #[Operation('exportAuditLog')]
    public function export(
        string $format = 'csv',
        ?string $action = null,
        ?string $actor = null,
        ?string $target = null,
        string|\DateTimeInterface|null $since = null,
        string|\DateTimeInterface|null $until = null,
        ?int $limit = null,
    ): string {
        return $this->call('exportAuditLog', query: compact('format', 'action', 'actor', 'target', 'since', 'until', 'limit'));
    }
}
