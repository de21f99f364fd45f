<?php

declare(strict_types=1);

namespace SvcEmail\Tests;

use PHPUnit\Framework\TestCase;
use SvcEmail\Client;
use SvcEmail\Exception\ApiConnectionException;
use SvcEmail\Exception\ApiException;
use SvcEmail\Exception\ServerException;

/** The transport against a server playing what can stand between the client and the API. */
final class TransportTest extends TestCase
{
    private static PhpServer $server;
    private static string $seen;
    private static Client $client;

    public static function setUpBeforeClass(): void
    {
        self::$seen = (string) tempnam(sys_get_temp_dir(), 'svc-php-seen-');
        self::$server = new PhpServer(__DIR__ . '/fixtures/answers.php', ['SVC_ANSWERS_SEEN' => self::$seen]);
        self::$client = new Client('svc_test_secretkey', self::$server->url(), maxRetries: 1, retryBaseDelay: 0.01);
    }

    public static function tearDownAfterClass(): void
    {
        self::$server->stop();
        unlink(self::$seen);
    }

    public function test_an_html_error_page_is_a_typed_error(): void
    {
        try {
            self::$client->emails->get('email_x');
            $this->fail('no error');
        } catch (ServerException $error) {
            $this->assertSame([502, 'unknown'], [$error->status, $error->errorCode]);
            $this->assertStringNotContainsString('secretkey', $error->getMessage() . $error->getTraceAsString());
        }
    }

    public function test_a_2xx_that_is_not_json_is_a_typed_error(): void
    {
        try {
            self::$client->emails->get('html-ok');
            $this->fail('no error');
        } catch (ApiException $error) {
            $this->assertSame([200, 'unknown'], [$error->status, $error->errorCode]);
        }
    }

    public function test_a_redirect_is_not_followed(): void
    {
        try {
            self::$client->emails->get('redirect');
            $this->fail('no error');
        } catch (ApiException $error) {
            $this->assertSame(302, $error->status);
        }
    }

    public function test_path_parameters_are_escaped_and_unknown_query_parameters_refused(): void
    {
        file_put_contents(self::$seen, '');
        try {
            self::$client->emails->get('a/b?c');
        } catch (ApiException) {
        }
        $this->assertSame('/emails/a%2Fb%3Fc', explode("\n", (string) file_get_contents(self::$seen))[0]);
        $this->expectException(\Error::class);
        self::$client->emails->listPage(colour: 'red');
    }

    public function test_a_refused_connection_is_a_connection_error(): void
    {
        $closed = new Client('svc_test_x', 'http://127.0.0.1:' . PhpServer::freePort(), maxRetries: 1, retryBaseDelay: 0.01);
        $this->expectException(ApiConnectionException::class);
        $closed->emails->get('email_x');
    }
}
