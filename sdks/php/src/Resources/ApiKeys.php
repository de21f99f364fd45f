<?php

declare(strict_types=1);

namespace SvcEmail\Resources;

use SvcEmail\Operation;

/** @phpstan-import-type ApiKey from \SvcEmail\Generated */
final class ApiKeys extends Resource
{
    /**
     * Every key record of the workspace (never a key itself).
     *
     * @return list<ApiKey>
     */
    #[Operation('listApiKeys')]
    public function list(): array
    {
        return $this->call('listApiKeys');
    }

    /**
     * Revokes at once; revoking twice keeps the first time.
     *
     * @return ApiKey
     */
    #[Operation('revokeApiKey')]
    public function revoke(string $id): array
    {
        return $this->call('revokeApiKey', ['id' => $id]);
    }
}
