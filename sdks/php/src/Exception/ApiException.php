<?php

declare(strict_types=1);

namespace SvcEmail\Exception;

/**
 * The API (or a proxy in front of it) answered with an error status. Match on $errorCode (stable:
 * not_found, validation_failed, …), or 'unknown' when the answer was not the API's
 * {"error", "code"} body (a proxy's HTML page, say).
 */
class ApiException extends SvcException
{
    /**
     * @param ?float $retryAfter seconds from the answer's Retry-After header, when it had one
     * @param array<string, mixed> $details the rest of the error body: `errors` lists every refused email of a strict batch
     */
    public function __construct(
        public readonly string $apiMessage,
        public readonly int $status,
        public readonly string $errorCode,
        public readonly ?float $retryAfter = null,
        public readonly array $details = [],
    ) {
        parent::__construct("{$apiMessage} (HTTP {$status}, {$errorCode})");
    }

    /** The subclass for an error status. */
    public static function forStatus(int $status, string $message, string $code, ?float $retryAfter = null, array $details = []): self
    {
        $class = match (true) {
            $status >= 500 => ServerException::class,
            $status === 400 => BadRequestException::class,
            $status === 401 => AuthenticationException::class,
            $status === 403 => PermissionDeniedException::class,
            $status === 404 => NotFoundException::class,
            $status === 409 => ConflictException::class,
            $status === 422 => UnprocessableEntityException::class,
            $status === 429 => RateLimitException::class,
            default => self::class,
        };
        return new $class($message, $status, $code, $retryAfter, $details);
    }
}
