<?php

declare(strict_types=1);

namespace SvcEmail\Exception;

/** 409: the resource is not in a state that allows this. */
class ConflictException extends ApiException
{
}
