<?php

declare(strict_types=1);

namespace SvcEmail;

use SvcEmail\Exception\WebhookVerificationException;

/**
 * Verifying the webhooks the service sends, with PHP's own hash functions.
 *
 * Both schemes the service signs with are accepted: its own X-Service-Signature (hex HMAC-SHA256
 * of "<timestamp>.<raw body>" keyed with the secret) and Standard Webhooks (webhook-signature:
 * "v1,<base64 HMAC-SHA256 of '<id>.<timestamp>.<raw body>'>" keyed with the base64-decoded part of
 * whsec_…). Signatures are compared with hash_equals (constant time), on the raw body, and the
 * timestamp must be at most 300 s old and 30 s ahead.
 *
 * @phpstan-import-type WebhookEvent from Generated
 */
final class Webhook
{
    public const MAX_AGE_SECONDS = 300;
    public const MAX_FUTURE_SECONDS = 30;

    /**
     * Checks the signature and the timestamp window; returns the scheme ('service' or 'standard')
     * or throws WebhookVerificationException.
     *
     * @param string $rawBody the request body exactly as received (file_get_contents('php://input'),
     *                        $request->getContent() in Laravel), never a re-encoded one
     * @param array<string, string|list<string>> $headers any case; a list takes its first value
     *                                                    (Laravel's $request->headers->all(), PSR-7's getHeaders())
     */
    public static function verifySignature(string $rawBody, array $headers, #[\SensitiveParameter] string $secret, ?int $now = null): string
    {
        if ($secret === '') {
            throw new \InvalidArgumentException("secret must be the subscription's signing secret (whsec_…).");
        }
        $headers = self::lowerCased($headers);
        $current = $now ?? time();
        $serviceSignature = $headers['x-service-signature'] ?? '';
        $standardSignature = $headers['webhook-signature'] ?? '';
        if ($serviceSignature === '' && $standardSignature !== '') {
            return self::verifyStandard($headers, $standardSignature, $rawBody, $secret, $current);
        }
        $timestamp = $headers['x-service-timestamp'] ?? '';
        if ($serviceSignature === '') {
            throw new WebhookVerificationException('The X-Service-Signature header is missing.', 'missing_signature');
        }
        if ($timestamp === '') {
            throw new WebhookVerificationException('The X-Service-Timestamp header is missing.', 'missing_timestamp');
        }
        self::checkTimestamp($timestamp, 'X-Service-Timestamp', $current);
        if (preg_match('/^[0-9a-fA-F]{64}$/', $serviceSignature) !== 1) {
            throw new WebhookVerificationException('The X-Service-Signature header is not a hex HMAC-SHA256.', 'malformed_signature');
        }
        $expected = hash_hmac('sha256', "{$timestamp}.{$rawBody}", $secret);
        if (!hash_equals($expected, strtolower($serviceSignature))) {
            throw new WebhookVerificationException('The signature does not match the body and timestamp for this secret.', 'signature_mismatch');
        }
        return 'service';
    }

    /**
     * Verifies a webhook request and returns its body decoded, or throws WebhookVerificationException.
     *
     * @param array<string, string|list<string>> $headers
     * @return WebhookEvent
     */
    public static function constructEvent(string $rawBody, array $headers, #[\SensitiveParameter] string $secret, ?int $now = null): array
    {
        self::verifySignature($rawBody, $headers, $secret, $now);
        try {
            $event = json_decode($rawBody, true, 64, JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            throw new WebhookVerificationException('The webhook body is not JSON.', 'malformed_body');
        }
        if (!is_array($event) || !is_string($event['id'] ?? null) || !is_array($event['data'] ?? null)) {
            throw new WebhookVerificationException('The webhook body does not have the webhook event shape.', 'malformed_body');
        }
        return $event;
    }

    /**
     * @param array<string, string> $headers
     */
    private static function verifyStandard(array $headers, string $signatures, string $body, string $secret, int $now): string
    {
        $id = $headers['webhook-id'] ?? '';
        $timestamp = $headers['webhook-timestamp'] ?? '';
        if ($id === '') {
            throw new WebhookVerificationException('The webhook-id header is missing.', 'missing_id');
        }
        if ($timestamp === '') {
            throw new WebhookVerificationException('The webhook-timestamp header is missing.', 'missing_timestamp');
        }
        $seconds = self::checkTimestamp($timestamp, 'webhook-timestamp', $now);
        $expected = hash_hmac('sha256', "{$id}.{$seconds}.{$body}", self::standardKey($secret), true);
        $wellFormed = false;
        foreach (explode(' ', $signatures) as $versioned) {
            [$version, $encoded] = array_pad(explode(',', $versioned, 2), 2, '');
            if ($version !== 'v1' || preg_match('#^[A-Za-z0-9+/]{43}=$#', $encoded) !== 1) {
                continue;
            }
            $wellFormed = true;
            if (hash_equals($expected, (string) base64_decode($encoded, true))) {
                return 'standard';
            }
        }
        if (!$wellFormed) {
            throw new WebhookVerificationException('The webhook-signature header holds no v1 base64 HMAC-SHA256.', 'malformed_signature');
        }
        throw new WebhookVerificationException('The signature does not match the id, body and timestamp for this secret.', 'signature_mismatch');
    }

    /** The Standard Webhooks key: the bytes after whsec_ (either base64 alphabet), else the secret itself. */
    private static function standardKey(string $secret): string
    {
        if (str_starts_with($secret, 'whsec_')) {
            $encoded = substr($secret, 6);
            if (preg_match('#^[A-Za-z0-9+/_-]+={0,2}$#', $encoded) === 1) {
                $key = base64_decode(strtr(rtrim($encoded, '='), '-_', '+/'), true);
                if ($key !== false && $key !== '') {
                    return $key;
                }
            }
        }
        return $secret;
    }

    private static function checkTimestamp(string $value, string $header, int $now): int
    {
        if (preg_match('/^\d{1,12}$/', $value) !== 1) {
            throw new WebhookVerificationException("The {$header} header is not a Unix time in seconds.", 'malformed_timestamp');
        }
        $age = $now - (int) $value;
        if ($age > self::MAX_AGE_SECONDS) {
            throw new WebhookVerificationException(
                "The timestamp is {$age} seconds old; at most " . self::MAX_AGE_SECONDS . ' are accepted.',
                'timestamp_too_old',
            );
        }
        if ($age < -self::MAX_FUTURE_SECONDS) {
            throw new WebhookVerificationException(
                'The timestamp is ' . -$age . ' seconds in the future; at most ' . self::MAX_FUTURE_SECONDS . ' are accepted.',
                'timestamp_in_future',
            );
        }
        return (int) $value;
    }

    /**
     * @param array<string, string|list<string>> $headers
     * @return array<string, string>
     */
    private static function lowerCased(array $headers): array
    {
        $lowered = [];
        foreach ($headers as $name => $value) {
            if (is_array($value)) {
                $value = $value[0] ?? '';
            }
            $lowered[strtolower((string) $name)] = (string) $value;
        }
        return $lowered;
    }
}
