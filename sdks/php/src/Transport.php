<?php

declare(strict_types=1);

namespace SvcEmail;

use SvcEmail\Exception\ApiConnectionException;
use SvcEmail\Exception\ApiException;
use SvcEmail\Exception\ApiTimeoutException;

/** One API call with retries, on PHP's own HTTP stream wrapper (no extension, no dependency). */
final class Transport
{
    private readonly string $baseUrl;
    /** @var \Closure(float): void */
    private readonly \Closure $sleep;
    /**
     * The Authorization header's value, held in a closure so that no dump (print_r, var_export,
     * serialize) of a client shows the key.
     *
     * @var \Closure(): string
     */
    private readonly \Closure $authorization;

    public function __construct(
        #[\SensitiveParameter] string $apiKey,
        string $baseUrl,
        private readonly float $timeout,
        private readonly RetryPolicy $retry,
        private readonly string $userAgent,
        ?\Closure $sleep = null,
    ) {
        $this->baseUrl = rtrim($baseUrl, '/');
        $this->authorization = static fn (): string => "Bearer {$apiKey}";
        $this->sleep = $sleep ?? static function (float $seconds): void {
            usleep((int) round($seconds * 1_000_000));
        };
    }

    /**
     * @param array<string, mixed> $path
     * @param array<string, mixed> $query
     */
    public function call(string $operationId, array $path = [], array $query = [], mixed $body = null, ?string $idempotencyKey = null): Answer
    {
        $op = Generated::OPERATIONS[$operationId] ?? throw new \InvalidArgumentException("Unknown operation {$operationId}.");
        $url = $this->url($op, $path, $query);
        $headers = [
            'Accept' => $op['response'] === 'json' ? 'application/json' : '*/*',
            'User-Agent' => $this->userAgent,
        ];
        if ($op['auth']) {
            $headers['Authorization'] = ($this->authorization)();
        }
        if ($op['idempotencyKey']) {
            // Generated once per logical call and sent on every retry: a send retried after a lost
            // answer is queued once.
            $headers['Idempotency-Key'] = $idempotencyKey ?? 'sdk-' . self::uuid4();
        }
        $data = null;
        if ($op['hasBody'] && $body !== null) {
            $data = json_encode($body, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
            $headers['Content-Type'] = 'application/json';
        }

        for ($retry = 0; ; $retry++) {
            $lastTry = $retry >= $this->retry->maxRetries;
            try {
                [$status, $answerHeaders, $raw] = $this->attempt($op['method'], $url, $headers, $data);
            } catch (ApiConnectionException $noAnswer) {
                if ($lastTry || !$op['safeToRepeat']) {
                    throw $noAnswer;
                }
                ($this->sleep)($this->retry->backoff($retry));
                continue;
            }
            if ($status >= 200 && $status < 300) {
                return new Answer($status, $answerHeaders, self::decode($op['response'], $status, $raw));
            }
            $error = self::apiError($status, $answerHeaders, $raw);
            if ($lastTry || !RetryPolicy::isRetryable($status, $error->errorCode, $error->retryAfter)) {
                throw $error;
            }
            $wait = $error->retryAfter ?? $this->retry->backoff($retry);
            if ($wait > $this->retry->maxDelay) {
                throw $error;
            }
            ($this->sleep)($wait);
        }
    }

    /**
     * @param array{id: string, path: string, pathParams: list<string>, queryParams: list<string>} $op
     * @param array<string, mixed> $path
     * @param array<string, mixed> $query
     */
    private function url(array $op, array $path, array $query): string
    {
        $text = $op['path'];
        foreach ($op['pathParams'] as $name) {
            $value = $path[$name] ?? null;
            if ($value === null || $value === '') {
                throw new \InvalidArgumentException("{$op['id']}: the path parameter '{$name}' is required.");
            }
            $text = str_replace('{' . $name . '}', rawurlencode((string) $value), $text);
        }
        $unknown = array_diff(array_keys($query), $op['queryParams']);
        if ($unknown !== []) {
            $known = implode(', ', $op['queryParams']);
            throw new \InvalidArgumentException("{$op['id']}: unknown query parameters " . implode(', ', $unknown) . "; it takes {$known}.");
        }
        $pairs = [];
        foreach ($query as $name => $value) {
            if ($value === null) {
                continue;
            }
            $pairs[$name] = match (true) {
                is_bool($value) => $value ? 'true' : 'false',
                $value instanceof \DateTimeInterface => $value->format(\DateTimeInterface::RFC3339),
                default => (string) $value,
            };
        }
        return $this->baseUrl . $text . ($pairs === [] ? '' : '?' . http_build_query($pairs, '', '&', PHP_QUERY_RFC3986));
    }

    /**
     * @param array<string, string> $headers
     * @return array{int, array<string, string>, string}
     */
    private function attempt(string $method, string $url, array $headers, ?string $data): array
    {
        $lines = [];
        foreach ($headers as $name => $value) {
            $lines[] = "{$name}: {$value}";
        }
        $http = [
            'method' => $method,
            'header' => $lines,
            // An error status is an answer to read, not a failure to open; a redirect is answered
            // as the error it is (following it would carry the key elsewhere). No proxy from the
            // environment is used: the key goes only where baseUrl says.
            'ignore_errors' => true,
            'follow_location' => 0,
            'timeout' => $this->timeout,
        ];
        if ($data !== null) {
            $http['content'] = $data;
        }
        $context = stream_context_create(['http' => $http]);
        $warning = '';
        set_error_handler(static function (int $_, string $message) use (&$warning): bool {
            $warning = $message;
            return true;
        });
        try {
            $stream = fopen($url, 'rb', false, $context);
            $raw = $stream === false ? false : stream_get_contents($stream);
            $meta = $stream === false ? null : stream_get_meta_data($stream);
            if ($stream !== false) {
                fclose($stream);
            }
        } finally {
            restore_error_handler();
        }
        if ($stream === false || $raw === false || $meta === null) {
            if (str_contains(strtolower($warning), 'timed out')) {
                throw new ApiTimeoutException("No answer from {$method} {$url} within {$this->timeout} s.");
            }
            throw new ApiConnectionException("{$method} {$url} failed: no answer.");
        }
        if ($meta['timed_out']) {
            throw new ApiTimeoutException("No complete answer from {$method} {$url} within {$this->timeout} s.");
        }
        [$status, $answerHeaders] = self::parseHead($meta['wrapper_data'] ?? []);
        if ($status === 0) {
            throw new ApiConnectionException("{$method} {$url} failed: no HTTP status line.");
        }
        $length = $answerHeaders['content-length'] ?? null;
        if ($length !== null && ctype_digit($length) && strlen($raw) < (int) $length) {
            // Cut mid-answer: as good as no answer.
            throw new ApiConnectionException("{$method} {$url} failed: the answer was cut short.");
        }
        return [$status, $answerHeaders, $raw];
    }

    /**
     * The status and headers (names lower-cased) of the wrapper's header lines.
     *
     * @param list<string> $lines
     * @return array{int, array<string, string>}
     */
    private static function parseHead(array $lines): array
    {
        $status = 0;
        $headers = [];
        foreach ($lines as $line) {
            if (preg_match('#^HTTP/\S+\s+(\d{3})#', $line, $match) === 1) {
                // A new status line starts a new answer (an interim 100 Continue, say).
                $status = (int) $match[1];
                $headers = [];
                continue;
            }
            $colon = strpos($line, ':');
            if ($colon !== false) {
                $headers[strtolower(trim(substr($line, 0, $colon)))] = trim(substr($line, $colon + 1));
            }
        }
        return [$status, $headers];
    }

    private static function decode(string $kind, int $status, string $raw): mixed
    {
        if ($kind !== 'json') {
            return $raw;
        }
        if ($raw === '') {
            return null;
        }
        try {
            return json_decode($raw, true, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            // A 2xx that is not JSON did not come from the API (a captive portal, a proxy page).
            throw new ApiException("HTTP {$status} with a body that is not JSON.", $status, 'unknown');
        }
    }

    /** @param array<string, string> $headers */
    private static function apiError(int $status, array $headers, string $raw): ApiException
    {
        $retryAfter = RetryPolicy::parseRetryAfter($headers['retry-after'] ?? null);
        $parsed = null;
        if ($raw !== '') {
            try {
                $parsed = json_decode($raw, true, 512, JSON_THROW_ON_ERROR);
            } catch (\JsonException) {
                $parsed = null;
            }
        }
        if (is_array($parsed) && is_string($parsed['error'] ?? null) && is_string($parsed['code'] ?? null)) {
            $details = array_diff_key($parsed, ['error' => true, 'code' => true]);
            return ApiException::forStatus($status, $parsed['error'], $parsed['code'], $retryAfter, $details);
        }
        return ApiException::forStatus($status, "HTTP {$status} without an API error body.", 'unknown', $retryAfter);
    }

    private static function uuid4(): string
    {
        $bytes = random_bytes(16);
        $bytes[6] = chr((ord($bytes[6]) & 0x0f) | 0x40);
        $bytes[8] = chr((ord($bytes[8]) & 0x3f) | 0x80);
        return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($bytes), 4));
    }

    /** @return array<string, string> never the key */
    public function __debugInfo(): array
    {
        return ['baseUrl' => $this->baseUrl];
    }
}
