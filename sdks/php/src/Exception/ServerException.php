<?php

declare(strict_types=1);

namespace SvcEmail\Exception;

/** 5xx, after the client's retries. */
class ServerException extends ApiException
{
}
