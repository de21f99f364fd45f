<?php

declare(strict_types=1);

namespace SvcEmail;

/** When and how long to wait before trying a call again. */
final class RetryPolicy
{
    /**
     * @param int $maxRetries attempts after the first
     * @param float $baseDelay the first backoff in seconds; doubled on each retry, with full jitter
     * @param float $maxDelay no single wait is longer; a Retry-After beyond it is not waited for (the error is thrown)
     */
    public function __construct(
        public readonly int $maxRetries = 3,
        public readonly float $baseDelay = 0.5,
        public readonly float $maxDelay = 30.0,
    ) {
    }

    /** 5xx, and 429 unless it is the daily limit without a Retry-After (that resets tomorrow). */
    public static function isRetryable(int $status, string $code, ?float $retryAfter): bool
    {
        if ($status >= 500) {
            return true;
        }
        if ($status === 429) {
            return $code !== 'daily_limit_reached' || $retryAfter !== null;
        }
        return false;
    }

    /** Full jitter spreads the retries of many clients after one outage. */
    public function backoff(int $retry): float
    {
        return (mt_rand() / mt_getrandmax()) * min($this->maxDelay, $this->baseDelay * (2 ** $retry));
    }

    /** Retry-After as seconds: delay-seconds or an HTTP date; null when absent or unreadable. */
    public static function parseRetryAfter(?string $value, ?float $now = null): ?float
    {
        if ($value === null) {
            return null;
        }
        $value = trim($value);
        if (preg_match('/^\d+$/', $value) === 1) {
            return (float) $value;
        }
        $when = \DateTimeImmutable::createFromFormat(\DateTimeInterface::RFC7231, $value, new \DateTimeZone('UTC'));
        if ($when === false) {
            return null;
        }
        return max(0.0, $when->getTimestamp() - ($now ?? microtime(true)));
    }
}
