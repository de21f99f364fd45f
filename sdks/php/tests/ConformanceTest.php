<?php

declare(strict_types=1);

namespace SvcEmail\Tests;

use PHPUnit\Framework\TestCase;
use SvcEmail\Client;
use SvcEmail\Exception\ApiException;
use SvcEmail\Exception\AuthenticationException;
use SvcEmail\Exception\ConflictException;
use SvcEmail\Exception\NotFoundException;
use SvcEmail\Exception\PermissionDeniedException;
use SvcEmail\Exception\RateLimitException;
use SvcEmail\Exception\SvcException;
use SvcEmail\Exception\UnprocessableEntityException;
use SvcEmail\Exception\WebhookVerificationException;
use SvcEmail\Webhook;

/**
 * The conformance scenarios (sdks/conformance/scenarios.json) against the real service, one test
 * per scenario id (test_<id with underscores>). Run by sdks/test/conformance.test.ts, which starts
 * the API and the dispatcher and hands keys over in the environment. Without that environment
 * every test errors: a scenario that cannot run is never a pass.
 */
final class ConformanceTest extends TestCase
{
    private static function env(string $name): string
    {
        $value = getenv($name);
        if ($value === false || $value === '') {
            throw new \RuntimeException("{$name} is not set: the conformance tests run from sdks/test/conformance.test.ts");
        }
        return $value;
    }

    private function client(string $scope = 'full-access', ?string $baseUrl = null, mixed ...$options): Client
    {
        $key = self::env('SVC_CONFORMANCE_KEY_' . strtoupper(str_replace('-', '_', $scope)));
        return new Client($key, $baseUrl ?? self::env('SVC_CONFORMANCE_BASE_URL'), ...$options);
    }

    /** @return array{string, string} the proxy as a base URL playing $fault, and its token */
    private function throughProxy(string $fault): array
    {
        $token = bin2hex(random_bytes(6));
        return [self::env('SVC_CONFORMANCE_PROXY_URL') . "/{$fault}/{$token}", $token];
    }

    /** @return list<array{method: string, path: string, idempotencyKey: ?string, status: ?int, at: int}> */
    private function seen(string $token): array
    {
        $url = self::env('SVC_CONFORMANCE_PROXY_URL') . "/_seen/{$token}";
        return json_decode((string) file_get_contents($url), true, 512, JSON_THROW_ON_ERROR);
    }

    /** @return list<array<string, mixed>> */
    private function posts(string $token): array
    {
        return array_values(array_filter($this->seen($token), static fn (array $r) => $r['method'] === 'POST'));
    }

    /** @return array<string, mixed> */
    private function email(array $fields = []): array
    {
        return [
            'from' => 'Conformance <hello@' . self::env('SVC_CONFORMANCE_DOMAIN') . '>',
            'to' => ['someone@example.org'],
            'subject' => 'php ' . bin2hex(random_bytes(8)),
            'text' => 'Hi',
            ...$fields,
        ];
    }

    /** @return list<string> */
    private function idsTo(string $recipient): array
    {
        return array_column(iterator_to_array($this->client()->emails->list(to: $recipient), false), 'id');
    }

    /**
     * @template T of \Throwable
     * @param class-string<T> $class
     * @return T
     */
    private function thrown(string $class, callable $call): \Throwable
    {
        try {
            $call();
        } catch (\Throwable $error) {
            $this->assertInstanceOf($class, $error, (string) $error);
            return $error;
        }
        $this->fail("{$class} was not thrown");
    }

    public function test_missing_api_key(): void
    {
        [$url, $token] = $this->throughProxy('pass');
        $saved = getenv('SVC_API_KEY');
        putenv('SVC_API_KEY');
        try {
            $error = $this->thrown(SvcException::class, fn () => (new Client(null, $url))->emails->send($this->email()));
            $this->assertStringContainsString('API key', $error->getMessage());
        } finally {
            if ($saved !== false) {
                putenv("SVC_API_KEY={$saved}");
            }
        }
        $this->assertSame([], $this->seen($token));
    }

    public function test_send_and_read(): void
    {
        $message = $this->email();
        $sent = $this->client('send-only')->emails->send($message);
        $this->assertStringStartsWith('email_', $sent['id']);
        $this->assertSame('queued', $sent['status']);
        $this->assertFalse($sent['replayed']);
        $read = $this->client('read-only')->emails->get($sent['id']);
        $this->assertSame([$sent['id'], $message['subject'], $message['to']], [$read['id'], $read['subject'], $read['to']]);
    }

    /** @return list<array<string, mixed>> */
    private function mixedBatch(string $recipient = 'someone@example.org'): array
    {
        return [$this->email(['to' => [$recipient]]), $this->email(['to' => ['not-an-address']])];
    }

    public function test_batch_strict(): void
    {
        $recipient = 'strict-' . bin2hex(random_bytes(6)) . '@example.org';
        $error = $this->thrown(UnprocessableEntityException::class, fn () => $this->client('send-only')->emails->batch($this->mixedBatch($recipient)));
        $this->assertSame([422, 'validation_failed'], [$error->status, $error->errorCode]);
        $refused = array_map(static fn (array $e) => [$e['index'], $e['code']], $error->details['errors']);
        $this->assertSame([[1, 'validation_failed']], $refused);
        $this->assertSame([], $this->idsTo($recipient));
    }

    public function test_batch_permissive(): void
    {
        $result = $this->client('send-only')->emails->batch($this->mixedBatch(), mode: 'permissive');
        [$first, $second] = $result['entries'];
        $this->assertStringStartsWith('email_', $first['id']);
        $this->assertSame('queued', $first['status']);
        $this->assertSame('validation_failed', $second['code']);
        $this->assertIsString($second['error']);
    }

    public function test_schedule_and_cancel(): void
    {
        $emails = $this->client()->emails;
        $inAnHour = new \DateTimeImmutable('+1 hour', new \DateTimeZone('UTC'));
        $scheduled = $emails->send($this->email(['scheduledAt' => $inAnHour->format(\DateTimeInterface::RFC3339)]));
        $this->assertSame('scheduled', $scheduled['status']);
        $later = new \DateTimeImmutable('@' . (time() + 7200));
        $moved = $emails->reschedule($scheduled['id'], $later);
        $this->assertSame('scheduled', $moved['status']);
        $this->assertSame($later->getTimestamp(), (new \DateTimeImmutable($moved['scheduledAt']))->getTimestamp());
        $this->assertSame('canceled', $emails->cancel($scheduled['id'])['status']);
        $this->assertSame('canceled', $emails->get($scheduled['id'])['status']);
        $error = $this->thrown(ConflictException::class, fn () => $emails->cancel($scheduled['id']));
        $this->assertSame([409, 'conflict'], [$error->status, $error->errorCode]);
    }

    public function test_list_pages(): void
    {
        $recipient = 'list-' . bin2hex(random_bytes(6)) . '@example.org';
        $sender = $this->client('send-only');
        $ids = [];
        for ($i = 0; $i < 5; $i++) {
            $ids[] = $sender->emails->send($this->email(['to' => [$recipient]]))['id'];
        }
        [$url, $token] = $this->throughProxy('pass');
        $listed = array_column(iterator_to_array($this->client(baseUrl: $url)->emails->list(pageSize: 2, to: $recipient), false), 'id');
        $this->assertEqualsCanonicalizing($ids, $listed);
        $this->assertCount(5, array_unique($listed));
        $created = array_map(fn (string $id) => $this->client()->emails->get($id)['createdAt'], $listed);
        $newestFirst = $created;
        rsort($newestFirst);
        $this->assertSame($newestFirst, $created);
        $pages = array_filter($this->seen($token), static fn (array $r) => $r['method'] === 'GET');
        $this->assertCount(3, $pages);
    }

    public function test_retry_503_same_key(): void
    {
        [$url, $token] = $this->throughProxy('503-once');
        $recipient = "retry-{$token}@example.org";
        $sent = $this->client(baseUrl: $url, retryBaseDelay: 0.05)->emails->send($this->email(['to' => [$recipient]]));
        $posts = $this->posts($token);
        $this->assertSame([503, 202], array_column($posts, 'status'));
        $this->assertNotEmpty($posts[0]['idempotencyKey']);
        $this->assertSame($posts[0]['idempotencyKey'], $posts[1]['idempotencyKey']);
        $this->assertSame([$sent['id']], $this->idsTo($recipient));
    }

    public function test_retry_429_retry_after(): void
    {
        [$url, $token] = $this->throughProxy('429-once');
        $sent = $this->client('send-only', $url)->emails->send($this->email());
        $this->assertSame('queued', $sent['status']);
        $posts = $this->posts($token);
        $this->assertSame([429, 202], array_column($posts, 'status'));
        $this->assertSame($posts[0]['idempotencyKey'], $posts[1]['idempotencyKey']);
        $this->assertGreaterThanOrEqual(990, $posts[1]['at'] - $posts[0]['at']);
    }

    public function test_retry_dropped_connection(): void
    {
        [$url, $token] = $this->throughProxy('drop-once');
        $recipient = "dropped-{$token}@example.org";
        $sent = $this->client(baseUrl: $url, retryBaseDelay: 0.05)->emails->send($this->email(['to' => [$recipient]]));
        $this->assertTrue($sent['replayed']);
        $posts = $this->posts($token);
        $this->assertSame([null, 202], array_column($posts, 'status'));
        $this->assertSame($posts[0]['idempotencyKey'], $posts[1]['idempotencyKey']);
        $this->assertSame([$sent['id']], $this->idsTo($recipient));
    }

    public function test_non_json_error(): void
    {
        [$url] = $this->throughProxy('html-502');
        $error = $this->thrown(ApiException::class, fn () => $this->client('read-only', $url, maxRetries: 0)->emails->listPage());
        $this->assertSame([502, 'unknown'], [$error->status, $error->errorCode]);
    }

    public function test_error_401(): void
    {
        $client = new Client('svc_live_' . str_repeat('x', 32), self::env('SVC_CONFORMANCE_BASE_URL'));
        $error = $this->thrown(AuthenticationException::class, fn () => $client->emails->listPage());
        $this->assertSame([401, 'unauthorized'], [$error->status, $error->errorCode]);
    }

    public function test_error_403(): void
    {
        $error = $this->thrown(PermissionDeniedException::class, fn () => $this->client('send-only')->apiKeys->list());
        $this->assertSame([403, 'forbidden'], [$error->status, $error->errorCode]);
    }

    public function test_dmarc(): void
    {
        $dmarc = $this->client('read-only')->dmarc;
        $this->assertSame(['data' => [], 'nextCursor' => null], $dmarc->listReportsPage(domain: 'example.org'));
        $this->assertSame([], iterator_to_array($dmarc->listReports(pageSize: 1, domain: 'example.org'), false));
        $error = $this->thrown(NotFoundException::class, fn () => $dmarc->getReport('dmr_doesnotexist'));
        $this->assertSame([404, 'not_found'], [$error->status, $error->errorCode]);
        $summary = $dmarc->summary(from: '2026-01-01T00:00:00Z', to: '2026-01-08T00:00:00Z');
        $this->assertSame(['2026-01-01T00:00:00.000Z', '2026-01-08T00:00:00.000Z'], [$summary['from'], $summary['to']]);
        $this->assertSame(['messages' => 0, 'aligned' => 0, 'notAligned' => 0], $summary['totals']);
        $this->assertSame([[], [], []], [$summary['sources'], $summary['daily'], $summary['refused']]);
    }

    public function test_topic_suppressions(): void
    {
        $address = 'php+x/y?z@example.org';
        $listed = array_map(
            static fn (array $e) => [$e['topic'], $e['address']],
            iterator_to_array($this->client('read-only')->suppressions->listTopics(pageSize: 1, address: 'php+'), false),
        );
        $this->assertSame([['digest', $address], ['news.letter', $address]], $listed);
        $suppressions = $this->client()->suppressions;
        $removed = $suppressions->removeTopic('news.letter', $address);
        $this->assertSame(['news.letter', $address], [$removed['topic'], $removed['address']]);
        $error = $this->thrown(NotFoundException::class, fn () => $suppressions->removeTopic('news.letter', $address));
        $this->assertSame([404, 'not_found'], [$error->status, $error->errorCode]);
        $this->assertSame(['digest'], array_column($suppressions->listTopicsPage(address: 'php+'), 'topic'));
    }

    public function test_error_404(): void
    {
        $error = $this->thrown(NotFoundException::class, fn () => $this->client('read-only')->emails->get('email_doesnotexist'));
        $this->assertSame([404, 'not_found'], [$error->status, $error->errorCode]);
    }

    public function test_error_422(): void
    {
        $error = $this->thrown(UnprocessableEntityException::class, fn () => $this->client('send-only')->emails->send($this->email(['to' => []])));
        $this->assertSame([422, 'validation_failed'], [$error->status, $error->errorCode]);
    }

    public function test_error_429(): void
    {
        [$url] = $this->throughProxy('429-always');
        $error = $this->thrown(RateLimitException::class, fn () => $this->client('read-only', $url, maxRetries: 0)->emails->listPage());
        $this->assertSame([429, 'rate_limited', 1.0], [$error->status, $error->errorCode, $error->retryAfter]);
    }

    public function test_webhook_delivery(): void
    {
        // The example receiver (examples/receive_webhook.php) on PHP's built-in server.
        $spool = sys_get_temp_dir() . '/svc-php-hooks-' . bin2hex(random_bytes(6));
        mkdir($spool);
        file_put_contents("{$spool}/secret", '');
        $server = new PhpServer(__DIR__ . '/fixtures/conformance_receiver.php', ['SVC_RECEIVER_SPOOL' => $spool]);
        $webhooks = $this->client()->webhooks;
        $subscription = $webhooks->create(['url' => $server->url() . '/hook', 'events' => ['delivered']]);
        try {
            $secret = $subscription['secret'];
            file_put_contents("{$spool}/secret", $secret);
            $sent = $webhooks->test($subscription['id'], eventType: 'delivered');
            $file = "{$spool}/{$sent['id']}.json";
            for ($deadline = microtime(true) + 30; !is_file($file) && microtime(true) < $deadline;) {
                usleep(50_000);
            }
            $this->assertFileExists($file, 'the receiver verified no delivery within 30 s');
            $record = json_decode((string) file_get_contents($file), true, 512, JSON_THROW_ON_ERROR);
            $raw = base64_decode($record['raw'], true);
            $headers = $record['headers'];
            $event = Webhook::constructEvent($raw, $headers, $secret);
            $this->assertSame($sent['id'], $event['id']);
            $this->assertSame('delivered', $event['data']['event']['type']);

            $only = static fn (string $prefix) => array_filter($headers, static fn (string $name) => str_starts_with(strtolower($name), $prefix), ARRAY_FILTER_USE_KEY);
            $service = $only('x-service-');
            $standard = $only('webhook-');
            $this->assertSame('service', Webhook::verifySignature($raw, $service, $secret));
            $this->assertSame('standard', Webhook::verifySignature($raw, $standard, $secret));

            $tampered = str_replace('delivered', 'bounced', $raw);
            $wrongSecret = 'whsec_' . str_repeat('A', 43);
            foreach ([[$tampered, $secret, $service], [$tampered, $secret, $standard], [$raw, $wrongSecret, $service]] as [$body, $key, $checked]) {
                $refused = $this->thrown(WebhookVerificationException::class, static fn () => Webhook::constructEvent($body, $checked, $key));
                $this->assertSame('signature_mismatch', $refused->reason);
                $shown = $refused->getMessage() . $refused->getTraceAsString();
                foreach ($headers as $value) {
                    if (strlen($value) > 20) {
                        $this->assertStringNotContainsString($value, $shown);
                    }
                }
            }
        } finally {
            $webhooks->delete($subscription['id']);
            $server->stop();
            array_map('unlink', glob("{$spool}/*") ?: []);
            rmdir($spool);
        }
    }
}
