<?php

declare(strict_types=1);

namespace SvcEmail\Exception;

/** No answer: the connection failed or was cut before a complete answer arrived. */
class ApiConnectionException extends SvcException
{
}
