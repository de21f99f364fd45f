<?php

declare(strict_types=1);

namespace SvcEmail\Exception;

/** No answer within the client's timeout. */
class ApiTimeoutException extends ApiConnectionException
{
}
