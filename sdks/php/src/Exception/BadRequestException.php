<?php

declare(strict_types=1);

namespace SvcEmail\Exception;

/** 400: the request could not be read. */
class BadRequestException extends ApiException
{
}
