<?php

declare(strict_types=1);

namespace SvcEmail\Exception;

/** 404: no such resource in the key's workspace. */
class NotFoundException extends ApiException
{
}
