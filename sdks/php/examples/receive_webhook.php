<?php

// Receiving the service's webhooks on PHP's built-in server, or any SAPI that gives the raw body
// as php://input. It verifies each request on its raw body before anything else, answers 400 to
// one that fails (and does nothing with it), and 200 at once to a genuine one: slow work belongs
// in a queue, since a receiver that takes more than 10 seconds is retried. Deliveries are at least
// once: dedupe on the body's id (also the X-Service-Delivery-Id header).

declare(strict_types=1);

use SvcEmail\Exception\WebhookVerificationException;
use SvcEmail\Webhook;

require_once __DIR__ . '/../autoload.php';

const SVC_MAX_WEBHOOK_BYTES = 1_000_000;

/**
 * @param callable(array<string, mixed> $event, string $raw, array<string, string> $headers): void $onEvent
 */
function svc_receive_webhook(string $secret, callable $onEvent): void
{
    if (($_SERVER['REQUEST_METHOD'] ?? '') !== 'POST') {
        http_response_code(405);
        return;
    }
    if ((int) ($_SERVER['CONTENT_LENGTH'] ?? 0) > SVC_MAX_WEBHOOK_BYTES) {
        http_response_code(413);
        return;
    }
    $raw = (string) file_get_contents('php://input', false, null, 0, SVC_MAX_WEBHOOK_BYTES + 1);
    if (strlen($raw) > SVC_MAX_WEBHOOK_BYTES) {
        http_response_code(413);
        return;
    }
    $headers = getallheaders();
    try {
        $event = Webhook::constructEvent($raw, $headers, $secret);
    } catch (WebhookVerificationException $refused) {
        // The reason is safe to log and answer: it never holds the expected signature.
        http_response_code(400);
        echo $refused->reason;
        return;
    }
    $onEvent($event, $raw, $headers);
    http_response_code(200);
}
