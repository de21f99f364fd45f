<?php

declare(strict_types=1);

namespace SvcEmail\Resources;

use SvcEmail\Operation;

/**
 * Where the workspace's mail lands: outcomes by mailbox provider, bounces by cause.
 *
 * @phpstan-import-type DeliverabilityBreakdown from \SvcEmail\Generated
 */
final class Deliverability extends Resource
{
    /**
     * The last $days UTC days (7 unless given, at most 30).
     *
     * @return DeliverabilityBreakdown
     */
    #[Operation('getDeliverability')]
    public function get(?int $days = null): array
    {
        return $this->call('getDeliverability', query: compact('days'));
    }
}
