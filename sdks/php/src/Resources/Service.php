<?php

declare(strict_types=1);

namespace SvcEmail\Resources;

use SvcEmail\Operation;

/**
 * The operations that need no API key.
 *
 * @phpstan-import-type GetReadinessResponse from \SvcEmail\Generated
 */
final class Service extends Resource
{
    /** @return array<string, mixed> */
    #[Operation('getHealth')]
    public function health(): array
    {
        return $this->call('getHealth');
    }

    /**
     * Ready to serve: a ServerException (503) when PostgreSQL or Redis is unreachable.
     *
     * @return GetReadinessResponse
     */
    #[Operation('getReadiness')]
    public function readiness(): array
    {
        return $this->call('getReadiness');
    }

    /** @return array<string, mixed> */
    #[Operation('getOpenApiDocument')]
    public function openApiDocument(): array
    {
        return $this->call('getOpenApiDocument');
    }

    /** The API reference page (HTML). */
    #[Operation('getApiReference')]
    public function apiReference(): string
    {
        return $this->call('getApiReference');
    }

    #[Operation('getApiReferenceScript')]
    public function apiReferenceScript(): string
    {
        return $this->call('getApiReferenceScript');
    }
}
