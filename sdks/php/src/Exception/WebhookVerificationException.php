<?php

declare(strict_types=1);

namespace SvcEmail\Exception;

/**
 * The request is not a genuine, fresh webhook: answer it with a 4xx and do nothing else.
 *
 * $reason is one of missing_signature, missing_timestamp, missing_id, malformed_timestamp,
 * timestamp_too_old, timestamp_in_future, malformed_signature, signature_mismatch, malformed_body.
 * The message never holds the expected signature.
 */
class WebhookVerificationException extends SvcException
{
    public function __construct(string $message, public readonly string $reason)
    {
        parent::__construct($message);
    }
}
