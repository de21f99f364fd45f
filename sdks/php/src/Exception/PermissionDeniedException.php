<?php

declare(strict_types=1);

namespace SvcEmail\Exception;

/** 403: the key's scope does not allow this, or the sending domain is not verified. */
class PermissionDeniedException extends ApiException
{
}
