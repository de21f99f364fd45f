<?php

declare(strict_types=1);

namespace SvcEmail;

/** Names the document's operation a method calls; the coverage test collects these by reflection. */
#[\Attribute(\Attribute::TARGET_METHOD)]
final class Operation
{
    public function __construct(public readonly string $id)
    {
    }
}
