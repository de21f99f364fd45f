<?php

declare(strict_types=1);

namespace SvcEmail\Resources;

use SvcEmail\Operation;

/**
 * Forgetting people: every copy of their addresses in the workspace (full-access keys).
 *
 * @phpstan-import-type Erasure from \SvcEmail\Generated
 * @phpstan-import-type ErasureReceiptDocument from \SvcEmail\Generated
 */
final class Erasures extends Resource
{
    /**
     * Starts erasing the addresses (or the emails, by id) given; poll get() for its status.
     *
     * @param list<string>|null $addresses
     * @param list<string>|null $emailIds
     * @return Erasure
     */
    #[Operation('createErasure')]
    public function create(?array $addresses = null, ?array $emailIds = null): array
    {
        return $this->call('createErasure', body: self::object(compact('addresses', 'emailIds')));
    }

    /** @return Erasure */
    #[Operation('getErasure')]
    public function get(string $id): array
    {
        return $this->call('getErasure', ['id' => $id]);
    }

    /**
     * One page, newest first; $after is the last id of the previous page.
     *
     * @return list<Erasure>
     */
    #[Operation('listErasures')]
    public function listPage(?int $limit = null, ?string $after = null): array
    {
        return $this->call('listErasures', query: compact('limit', 'after'));
    }

    /**
     * A completed erasure's receipt: what was removed, by table and object count.
     *
     * @return ErasureReceiptDocument
     */
    #[Operation('getErasureReceipt')]
    public function receipt(string $id): array
    {
        return $this->call('getErasureReceipt', ['id' => $id]);
    }
}
