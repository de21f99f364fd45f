<?php

declare(strict_types=1);

namespace SvcEmail;

use SvcEmail\Exception\SvcException;
use SvcEmail\Resources\ApiKeys;
use SvcEmail\Resources\AuditLog;
use SvcEmail\Resources\Emails;
use SvcEmail\Resources\Deliverability;
use SvcEmail\Resources\Dmarc;
use SvcEmail\Resources\Erasures;
use SvcEmail\Resources\Inbound;
use SvcEmail\Resources\Resource;
use SvcEmail\Resources\Service;
use SvcEmail\Resources\Suppressions;
use SvcEmail\Resources\Templates;
use SvcEmail\Resources\Webhooks;

/**
 * The svc REST API. Every method throws a SvcException (ApiException carries status and errorCode).
 *
 * $apiKey and $baseUrl default to the SVC_API_KEY and SVC_BASE_URL environment variables; without
 * a key the constructor throws at once, before any request.
 */
final class Client
{
    public const VERSION = '0.1.0';

    public readonly Emails $emails;
    public readonly ApiKeys $apiKeys;
    public readonly Suppressions $suppressions;
    public readonly Webhooks $webhooks;
    public readonly Templates $templates;
    public readonly Inbound $inbound;
    public readonly AuditLog $auditLog;
    public readonly Erasures $erasures;
    public readonly Deliverability $deliverability;
    public readonly Dmarc $dmarc;
    public readonly Service $service;

    public function __construct(
        #[\SensitiveParameter] ?string $apiKey = null,
        ?string $baseUrl = null,
        float $timeout = 30.0,
        int $maxRetries = 3,
        float $retryBaseDelay = 0.5,
        float $retryMaxDelay = 30.0,
    ) {
        $apiKey ??= self::env('SVC_API_KEY');
        if ($apiKey === null || $apiKey === '') {
            throw new SvcException('No API key: pass apiKey: … or set SVC_API_KEY (svc_live_… or svc_test_…).');
        }
        $baseUrl ??= self::env('SVC_BASE_URL');
        if ($baseUrl === null || $baseUrl === '') {
            throw new SvcException('No base URL: pass baseUrl: … or set SVC_BASE_URL (e.g. http://localhost:3000).');
        }
        $transport = new Transport(
            $apiKey,
            $baseUrl,
            $timeout,
            new RetryPolicy($maxRetries, $retryBaseDelay, $retryMaxDelay),
            'svc-php/' . self::VERSION,
        );
        $this->emails = new Emails($transport);
        $this->apiKeys = new ApiKeys($transport);
        $this->suppressions = new Suppressions($transport);
        $this->webhooks = new Webhooks($transport);
        $this->templates = new Templates($transport);
        $this->inbound = new Inbound($transport);
        $this->auditLog = new AuditLog($transport);
        $this->erasures = new Erasures($transport);
        $this->deliverability = new Deliverability($transport);
        $this->dmarc = new Dmarc($transport);
        $this->service = new Service($transport);
    }

    /**
     * operationId → the method that calls it ('emails.send'), read from the #[Operation]
     * attributes, for the coverage test and docs.
     *
     * @return array<string, string>
     */
    public function operationMethods(): array
    {
        $found = [];
        foreach (get_object_vars($this) as $property => $resource) {
            if (!$resource instanceof Resource) {
                continue;
            }
            foreach ((new \ReflectionObject($resource))->getMethods(\ReflectionMethod::IS_PUBLIC) as $method) {
                foreach ($method->getAttributes(Operation::class) as $attribute) {
                    $found[$attribute->newInstance()->id] = "{$property}.{$method->getName()}";
                }
            }
        }
        return $found;
    }

    private static function env(string $name): ?string
    {
        $value = getenv($name);
        return $value === false ? null : $value;
    }

    /** @return array<string, string> never the key */
    public function __debugInfo(): array
    {
        return ['version' => self::VERSION];
    }
}
