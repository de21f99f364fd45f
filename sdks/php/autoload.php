<?php

// The package's PSR-4 mapping without Composer (`require 'sdks/php/autoload.php';`), for a project
// or a test run that does not use Composer. With Composer, its vendor/autoload.php does the same.

declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    $prefixes = ['SvcEmail\\Tests\\' => __DIR__ . '/tests/', 'SvcEmail\\' => __DIR__ . '/src/'];
    foreach ($prefixes as $prefix => $dir) {
        if (str_starts_with($class, $prefix)) {
            $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
            }
            return;
        }
    }
});
