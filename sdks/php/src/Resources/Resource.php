<?php

declare(strict_types=1);

namespace SvcEmail\Resources;

use SvcEmail\Transport;

/** A group of operations (one tag of the document) over the client's transport. */
abstract class Resource
{
    public const DEFAULT_PAGE_SIZE = 100;

    public function __construct(protected readonly Transport $transport)
    {
    }

    /**
     * @param array<string, mixed> $path
     * @param array<string, mixed> $query
     */
    protected function call(string $operationId, array $path = [], array $query = [], mixed $body = null): mixed
    {
        return $this->transport->call($operationId, $path, $query, $body)->body;
    }

    /**
     * Fields given as named arguments, the unset ones left out, as a JSON object (never `[]`).
     *
     * @param array<string, mixed> $fields
     */
    protected static function object(array $fields): object
    {
        return (object) array_filter($fields, static fn ($value) => $value !== null);
    }
}
