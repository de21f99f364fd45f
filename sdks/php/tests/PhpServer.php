<?php

declare(strict_types=1);

namespace SvcEmail\Tests;

/** A `php -S` process on a free loopback port, for the tests' receivers and fake answers. */
final class PhpServer
{
    public readonly int $port;
    /** @var resource */
    private $process;

    /** @param array<string, string> $env */
    public function __construct(string $router, array $env)
    {
        $port = self::freePort();
        $this->port = $port;
        $command = [PHP_BINARY, '-S', "127.0.0.1:{$port}", $router];
        $process = proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes, null, [...getenv(), ...$env]);
        if (!is_resource($process)) {
            throw new \RuntimeException('could not start php -S');
        }
        $this->process = $process;
        $deadline = microtime(true) + 10;
        while (microtime(true) < $deadline) {
            $socket = @fsockopen('127.0.0.1', $port, $errno, $errstr, 0.2);
            if ($socket !== false) {
                fclose($socket);
                return;
            }
            usleep(50_000);
        }
        $this->stop();
        throw new \RuntimeException("php -S did not listen on {$port}");
    }

    public function url(): string
    {
        return "http://127.0.0.1:{$this->port}";
    }

    public function stop(): void
    {
        proc_terminate($this->process);
        proc_close($this->process);
    }

    public static function freePort(): int
    {
        $server = stream_socket_server('tcp://127.0.0.1:0');
        $name = stream_socket_get_name($server, false);
        fclose($server);
        return (int) substr($name, strrpos($name, ':') + 1);
    }
}
