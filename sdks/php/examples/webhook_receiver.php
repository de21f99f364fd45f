<?php

// A webhook receiver on PHP's built-in server:
//
//     SVC_WEBHOOK_SECRET=whsec_… php -S 0.0.0.0:8000 examples/webhook_receiver.php
//
// (php -S is for development; behind PHP-FPM the same function serves as a front controller.)

declare(strict_types=1);

require_once __DIR__ . '/receive_webhook.php';

$secret = getenv('SVC_WEBHOOK_SECRET');
if ($secret === false || $secret === '') {
    http_response_code(500);
    error_log("set SVC_WEBHOOK_SECRET to the subscription's signing secret");
    return;
}
svc_receive_webhook($secret, static function (array $event): void {
    error_log("{$event['id']} {$event['data']['event']['type']} for {$event['data']['emailId']}");
});
