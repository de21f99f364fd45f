<?php

declare(strict_types=1);

namespace SvcEmail\Exception;

/** 422: the request was read but refused (validation_failed and others). */
class UnprocessableEntityException extends ApiException
{
}
