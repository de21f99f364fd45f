<?php

declare(strict_types=1);

namespace SvcEmail\Exception;

/** Base of every exception this package throws. */
class SvcException extends \RuntimeException
{
}
