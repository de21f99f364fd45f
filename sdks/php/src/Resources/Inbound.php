<?php

declare(strict_types=1);

namespace SvcEmail\Resources;

use SvcEmail\Operation;

/**
 * Messages received for the workspace's receiving domains.
 *
 * @phpstan-import-type Inbound from \SvcEmail\Generated as InboundMessage
 * @phpstan-import-type InboundSummary from \SvcEmail\Generated
 * @phpstan-import-type ListInboundResponse from \SvcEmail\Generated
 */
final class Inbound extends Resource
{
    /**
     * One page, newest first: ['data' => [...], 'nextCursor' => ?string].
     *
     * @return ListInboundResponse
     */
    #[Operation('listInbound')]
    public function listPage(?int $limit = null, ?string $after = null): array
    {
        return $this->call('listInbound', query: compact('limit', 'after'));
    }

    /** @return \Generator<int, InboundSummary> */
    public function list(int $pageSize = self::DEFAULT_PAGE_SIZE): \Generator
    {
        $after = null;
        do {
            $page = $this->listPage($pageSize, $after);
            yield from $page['data'];
            $after = $page['nextCursor'];
        } while ($after !== null);
    }

    /** @return InboundMessage */
    #[Operation('getInbound')]
    public function get(string $id): array
    {
        return $this->call('getInbound', ['id' => $id]);
    }

    /** The message exactly as it arrived (message/rfc822 bytes). */
    #[Operation('getInboundRaw')]
    public function raw(string $id): string
    {
        return $this->call('getInboundRaw', ['id' => $id]);
    }

    /**
     * Attachment $index (its position in get($id)['attachments']): its bytes and content type.
     *
     * @return array{bytes: string, contentType: string}
     */
    #[Operation('getInboundAttachment')]
    public function attachment(string $id, int $index): array
    {
        if ($index < 0) {
            throw new \InvalidArgumentException("index: the attachment's position, a whole number from 0.");
        }
        $answer = $this->transport->call('getInboundAttachment', ['id' => $id, 'n' => $index]);
        return ['bytes' => $answer->body, 'contentType' => $answer->headers['content-type'] ?? 'application/octet-stream'];
    }
}
