<?php

declare(strict_types=1);

namespace SvcEmail\Exception;

/** 429: a rate or daily limit; $retryAfter says when to come back, when known. */
class RateLimitException extends ApiException
{
}
