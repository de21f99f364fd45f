<?php

declare(strict_types=1);

namespace SvcEmail\Tests;

use PHPUnit\Framework\TestCase;
use SvcEmail\Client;
use SvcEmail\Exception\SvcException;
use SvcEmail\Exception\WebhookVerificationException;
use SvcEmail\Generated;
use SvcEmail\RetryPolicy;
use SvcEmail\Webhook;

/** The offline scenarios (coverage, webhook-vectors) and the client's edges that need no server. */
final class OfflineTest extends TestCase
{
    private const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

    /** @return array<string, string> operationId → "METHOD path" of the document, read now */
    private static function documentOperations(): array
    {
        $file = getenv('SVC_OPENAPI') ?: __DIR__ . '/../../../docs/openapi.json';
        $document = json_decode((string) file_get_contents($file), true, 512, JSON_THROW_ON_ERROR);
        $found = [];
        foreach ($document['paths'] as $path => $item) {
            foreach ($item as $method => $operation) {
                if (in_array($method, self::METHODS, true)) {
                    $found[$operation['operationId']] = strtoupper($method) . " {$path}";
                }
            }
        }
        ksort($found);
        return $found;
    }

    public function test_coverage(): void
    {
        // Every operation of the document, read now, has a method; the generated table matches it.
        $documented = self::documentOperations();
        $this->assertGreaterThan(30, count($documented));
        $methods = (new Client('svc_test_x', 'http://127.0.0.1:9'))->operationMethods();
        $missing = array_values(array_diff(array_keys($documented), array_keys($methods)));
        $this->assertSame([], $missing, 'operations without an SDK method: ' . implode(', ', $missing));
        $table = [];
        foreach (Generated::OPERATIONS as $id => $op) {
            $table[$id] = "{$op['method']} {$op['path']}";
        }
        ksort($table);
        $this->assertSame($documented, $table, 'the generated table differs from docs/openapi.json: run pnpm openapi');
    }

    public function test_webhook_vectors(): void
    {
        $file = __DIR__ . '/../../conformance/webhook-vectors.json';
        $cases = json_decode((string) file_get_contents($file), true, 512, JSON_THROW_ON_ERROR)['cases'];
        $this->assertGreaterThan(10, count($cases));
        foreach ($cases as $case) {
            if (in_array($case['expect'], ['service', 'standard'], true)) {
                $scheme = Webhook::verifySignature($case['body'], $case['headers'], $case['secret'], $case['now']);
                $this->assertSame($case['expect'], $scheme, $case['id']);
                continue;
            }
            try {
                Webhook::constructEvent($case['body'], $case['headers'], $case['secret'], $case['now']);
                $this->fail("{$case['id']}: accepted");
            } catch (WebhookVerificationException $refused) {
                $this->assertSame($case['expect'], $refused->reason, $case['id']);
                $timestamp = (string) ($case['headers']['X-Service-Timestamp'] ?? '');
                $expected = hash_hmac('sha256', "{$timestamp}.{$case['body']}", $case['secret']);
                $this->assertStringNotContainsString($expected, $refused->getMessage() . $refused->getTraceAsString(), $case['id']);
            }
        }
    }

    public function test_headers_as_lists_of_values_any_case(): void
    {
        // Laravel's $request->headers->all() and PSR-7's getHeaders() give name => [value].
        $file = __DIR__ . '/../../conformance/webhook-vectors.json';
        $cases = json_decode((string) file_get_contents($file), true, 512, JSON_THROW_ON_ERROR)['cases'];
        $case = array_values(array_filter($cases, static fn (array $c) => $c['id'] === 'standard-valid'))[0];
        $headers = [];
        foreach ($case['headers'] as $name => $value) {
            $headers[strtoupper($name)] = [$value];
        }
        $this->assertSame('standard', Webhook::verifySignature($case['body'], $headers, $case['secret'], $case['now']));
    }

    public function test_refuses_to_start_without_a_key(): void
    {
        $saved = getenv('SVC_API_KEY');
        putenv('SVC_API_KEY');
        try {
            $this->expectException(SvcException::class);
            $this->expectExceptionMessage('API key');
            new Client(null, 'http://127.0.0.1:9');
        } finally {
            if ($saved !== false) {
                putenv("SVC_API_KEY={$saved}");
            }
        }
    }

    public function test_the_key_stays_out_of_dumps(): void
    {
        $client = new Client('svc_test_secretkey', 'http://127.0.0.1:9');
        $this->assertStringNotContainsString('secretkey', print_r($client, true) . var_export($client->emails, true));
    }

    public function test_retry_after(): void
    {
        $this->assertSame(3.0, RetryPolicy::parseRetryAfter('3'));
        $this->assertSame(10.0, RetryPolicy::parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', 1445412470.0));
        $this->assertNull(RetryPolicy::parseRetryAfter('soon'));
        $this->assertNull(RetryPolicy::parseRetryAfter(null));
        $this->assertFalse(RetryPolicy::isRetryable(429, 'daily_limit_reached', null));
        $this->assertTrue(RetryPolicy::isRetryable(429, 'rate_limited', null));
        $this->assertTrue(RetryPolicy::isRetryable(503, 'unknown', null));
        $this->assertFalse(RetryPolicy::isRetryable(422, 'validation_failed', null));
    }
}
