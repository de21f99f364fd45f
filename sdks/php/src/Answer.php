<?php

declare(strict_types=1);

namespace SvcEmail;

/** A successful answer: its status, headers (names lower-cased) and decoded body. */
final class Answer
{
    /** @param array<string, string> $headers */
    public function __construct(
        public readonly int $status,
        public readonly array $headers,
        public readonly mixed $body,
    ) {
    }

    /** True when the API answered with the stored result of an earlier send with the same key. */
    public function replayed(): bool
    {
        return ($this->headers['idempotent-replayed'] ?? '') === 'true';
    }
}
