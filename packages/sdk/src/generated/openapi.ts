// Generated from docs/openapi.json by `pnpm openapi` (openapi-typescript). Do not edit.

export interface paths {
    "/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List emails
         * @description The workspace's emails, newest first, narrowed by every filter given. Page with `limit` and `after` (the last id of the previous page); a page shorter than `limit` is the last. Unknown parameters are refused (422).
         *
         *     Requires an API key whose scope preset grants `emails:read`: `read-only`, `full-access`.
         */
        get: operations["listEmails"];
        put?: never;
        /**
         * Queue an email
         * @description Stores the email and queues it; the handoff to the provider happens in the background and is reported by events.
         *
         *     Requires an API key whose scope preset grants `emails:send`: `send-only`, `full-access`.
         */
        post: operations["sendEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/emails/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a batch of emails
         * @description Up to 100 emails in one request and one statement, answered in order with one entry each. `strict` (the default): one invalid email (422) or one from an unverified domain (403) refuses the whole batch, every refused index listed in `errors`, and nothing is created. `permissive`: the others are created and the refused ones answered with their error. The daily limit counts every email created (all fit, or 429 and nothing is created); an Idempotency-Key covers the whole batch.
         *
         *     Requires an API key whose scope preset grants `emails:send`: `send-only`, `full-access`.
         */
        post: operations["sendEmailBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/emails/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a scheduled email
         * @description A `scheduled` email becomes `canceled` and is never sent. Any other status is 409 `conflict` naming it (of a cancel and the email falling due, exactly one wins).
         *
         *     Requires an API key whose scope preset grants `emails:send`: `send-only`, `full-access`.
         */
        post: operations["cancelEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/emails/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an email
         * @description Requires an API key whose scope preset grants `emails:read`: `read-only`, `full-access`.
         */
        get: operations["getEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Reschedule a scheduled email
         * @description Moves a `scheduled` email to a new time. Any other status is 409 `conflict` naming it.
         *
         *     Requires an API key whose scope preset grants `emails:send`: `send-only`, `full-access`.
         */
        patch: operations["rescheduleEmail"];
        trace?: never;
    };
    "/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Every key of the workspace, revoked ones included. Keys are created in the dashboard or the CLI only, never over REST.
         *
         *     Requires an API key whose scope preset grants `api_keys:manage`: `full-access`.
         */
        get: operations["listApiKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revokes at once: the next request with the key is refused on every instance. Revoking twice keeps the first time.
         *
         *     Requires an API key whose scope preset grants `api_keys:manage`: `full-access`.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/suppressions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List suppressions
         * @description The workspace's suppression list in address order, expired entries included (marked inactive). No other query parameters are accepted.
         *
         *     Requires an API key whose scope preset grants `suppressions:read`: `read-only`, `full-access`.
         */
        get: operations["listSuppressions"];
        put?: never;
        /**
         * Suppress an address
         * @description Requires an API key whose scope preset grants `suppressions:manage`: `full-access`.
         */
        post: operations["addSuppression"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/suppressions/{address}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a suppression
         * @description Removing an entry added by a complaint needs `?confirm=complaint`: mailing someone who reported spam harms the sending reputation.
         *
         *     Requires an API key whose scope preset grants `suppressions:manage`: `full-access`.
         */
        delete: operations["removeSuppression"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List received messages
         * @description Messages received for the workspace's receiving domains, newest first.
         *
         *     Requires an API key whose scope preset grants `emails:read`: `read-only`, `full-access`.
         */
        get: operations["listInbound"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a received message
         * @description Its parts, headers and verdicts. Another workspace's message is `not_found`.
         *
         *     Requires an API key whose scope preset grants `emails:read`: `read-only`, `full-access`.
         */
        get: operations["getInbound"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound/{id}/raw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a received message's raw bytes
         * @description Requires an API key whose scope preset grants `emails:read`: `read-only`, `full-access`.
         */
        get: operations["getInboundRaw"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound/{id}/attachments/{n}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an attachment of a received message
         * @description The bytes, with the attachment's content type and a Content-Disposition naming its file.
         *
         *     Requires an API key whose scope preset grants `emails:read`: `read-only`, `full-access`.
         */
        get: operations["getInboundAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description The process answers. Dependencies are not looked at, so an outage never restarts it.
         *
         *     No API key needed.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description PostgreSQL and Redis answer within 1.5 seconds each.
         *
         *     No API key needed.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document
         * @description The OpenAPI 3.1 document of this API, generated from the validators the API uses.
         *
         *     No API key needed.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * API reference page
         * @description A human-readable reference of this document, served with all its assets by the API itself (no CDN, no web fonts).
         *
         *     No API key needed.
         */
        get: operations["getApiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/api-reference.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * API reference page's script
         * @description The script the reference page runs (Scalar's standalone API reference).
         *
         *     No API key needed.
         */
        get: operations["getApiReferenceScript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    emailEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An email event (sent to your subscription URL)
         * @description Each request is signed with the subscription's signing secret (`whsec_…`, shown once when the subscription is created):
         *
         *         X-Service-Signature = lowercase hex HMAC-SHA256(secret, `<X-Service-Timestamp>.<raw body>`)
         *
         *     Receivers must: require both headers; refuse a timestamp more than 300 seconds old or more than 30 seconds ahead; compute the HMAC over the raw body bytes as received (never a re-serialised object) and compare in constant time. `verifyWebhook` in the SDK does all of this.
         *
         *     Example: secret `whsec_Z3JlYXQtdGVzdC12ZWN0b3Itc2VjcmV0LTMyLWJ5dGVzLWxvbmc`, timestamp `1767225600` and the example body give the signature `c736ab49748c9a13694794b05f1d01c6fe13d8ce753ea1903dd132cea9782ee3`.
         *
         *     Answer any 2xx within 10 seconds to end the delivery. Anything else (another status, a redirect, a timeout) is retried 1, 2, 4, 8… minutes later for 24 hours, with the same body and delivery id and a fresh timestamp and signature. Deduplicate on X-Service-Delivery-Id.
         */
        post: operations["emailEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description The body of every error answer. Codes and their statuses:
         *
         *     | code | status | meaning |
         *     |---|---|---|
         *     | `bad_request` | 400 | The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. |
         *     | `unauthorized` | 401 | The Authorization header is missing, malformed, or names an unknown or revoked key. |
         *     | `forbidden` | 403 | The key's scope preset lacks the permission this operation needs (the message names it). |
         *     | `domain_not_verified` | 403 | The domain of `from` is not a verified domain of the key's workspace. |
         *     | `not_found` | 404 | No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. |
         *     | `conflict` | 409 | The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled. |
         *     | `confirmation_required` | 409 | Removing a complaint suppression needs `?confirm=complaint`. |
         *     | `payload_too_large` | 413 | The request body is larger than the operation allows (see its request body). |
         *     | `unsupported_media_type` | 415 | The request body is not JSON (Content-Type must be application/json), or uses an unsupported charset or content encoding. |
         *     | `validation_failed` | 422 | A field, query parameter or header is invalid; the message names every one that is wrong. |
         *     | `daily_limit_reached` | 429 | The workspace's plan allows no more sends today (UTC); the message names the limit. |
         *     | `rate_limited` | 429 | Too many requests; wait for the time in Retry-After. |
         *     | `unavailable` | 503 | A dependency (PostgreSQL) did not answer in time; retry later. |
         *     | `internal` | 500 | A bug on our side. Never an expected answer; details are in the server's log, not in the answer. |
         * @example {
         *       "error": "Invalid or missing API key.",
         *       "code": "unauthorized"
         *     }
         */
        Error: {
            /** @description A human-readable message; may change between versions: match on `code`. */
            error: string;
            /**
             * @description A stable machine code (see the catalogue).
             * @enum {string}
             */
            code: "bad_request" | "unauthorized" | "forbidden" | "domain_not_verified" | "not_found" | "conflict" | "confirmation_required" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "daily_limit_reached" | "rate_limited" | "unavailable" | "internal";
            /** @description On a refused batch: every refused email by its index in the request, with its own error. */
            errors?: {
                index: number;
                error: string;
                /** @enum {string} */
                code: "bad_request" | "unauthorized" | "forbidden" | "domain_not_verified" | "not_found" | "conflict" | "confirmation_required" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "daily_limit_reached" | "rate_limited" | "unavailable" | "internal";
            }[];
        };
        /** @description The JSON body of every webhook request. Every retry sends exactly the same bytes. */
        WebhookEvent: {
            /** @description The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
            id: string;
            /** @enum {string} */
            type: "email.event";
            /**
             * Format: date-time
             * @description When the delivery was created.
             */
            createdAt: string;
            data: {
                /** @description The email (`email_…`), as POST /emails returned it. */
                emailId: string;
                /** @description The email's tags, to route the event without looking the email up. */
                tags: {
                    name: string;
                    value: string;
                }[];
                event: {
                    /** @description The stored event (`evt_…`), listed under the email's `events`. */
                    eventId: string;
                    type: components["schemas"]["EventType"];
                    /**
                     * Format: date-time
                     * @description When it happened.
                     */
                    eventTimestamp: string;
                };
            };
            /**
             * @description Only on a test event sent from the dashboard or CLI: its ids name nothing stored.
             * @enum {boolean}
             */
            test?: true;
        };
        /**
         * @description What the provider reported about an email; `failed` is ours: the email ended failed without a provider's verdict (its payload has `source: "svc"`, a `reason` code and a `message`).
         * @enum {string}
         */
        EventType: "sent" | "delivered" | "opened" | "clicked" | "bounced" | "complained" | "rejected" | "rendering_failed" | "delivery_delayed" | "failed" | "received";
        /** @description The email is stored: `queued` (the handoff to the provider happens in the background) or `scheduled` (queued at its `scheduledAt`). */
        QueuedEmail: {
            /**
             * @description Prefixed with `email_`.
             * @example email_lfBfngBzFIsCSPmu3l4q5b13
             */
            id: string;
            /** @enum {string} */
            status: "queued" | "scheduled";
        };
        /**
         * @description - `from`: an address or `Name <address>` (address at most 254 characters, name at most 200), on a domain verified for the workspace.
         *     - `to`: 1 to 50 addresses (a single address as a string is accepted too).
         *     - `subject`: 1 to 998 characters, no line breaks.
         *     - At least one of `html` and `text`.
         *     - `scheduledAt`: optional, an ISO 8601 date-time with a time zone, at most 30 days ahead; the email is `scheduled` until then.
         *     - No other fields; no NUL characters anywhere. The whole body is at most 48 MB.
         * @example {
         *       "from": "Acme <hello@acme.com>",
         *       "to": [
         *         "someone@example.org"
         *       ],
         *       "subject": "Welcome",
         *       "text": "Hi",
         *       "html": "<p>Hi</p>"
         *     }
         */
        SendEmailRequest: {
            from: string;
            to: string[];
            cc?: string[];
            bcc?: string[];
            replyTo?: string[];
            subject: string;
            html?: string | null;
            text?: string | null;
            headers?: unknown;
            tags?: {
                name: string;
                value: string;
            }[];
            attachments?: {
                filename: string;
                content: string;
                contentType?: string | null;
                contentId?: string | null;
            }[];
            /** Format: date-time */
            scheduledAt?: string | null;
        };
        /** @description One email of a batch, in request order: created, or (permissive mode) why not. */
        BatchEntry: components["schemas"]["QueuedEmail"] | {
            error: string;
            /**
             * @description The email's own error code (permissive mode).
             * @enum {string}
             */
            code: "bad_request" | "unauthorized" | "forbidden" | "domain_not_verified" | "not_found" | "conflict" | "confirmation_required" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "daily_limit_reached" | "rate_limited" | "unavailable" | "internal";
        };
        /** @description 1 to 100 emails, each a POST /emails body; the whole body at most 10 MB. */
        SendEmailBatchRequest: components["schemas"]["SendEmailRequest"][];
        /** @description A scheduled email after a cancel or a reschedule. */
        ScheduleChange: {
            /**
             * @description Prefixed with `email_`.
             * @example email_lfBfngBzFIsCSPmu3l4q5b13
             */
            id: string;
            status: components["schemas"]["EmailStatus"];
            scheduledAt: string | null;
        };
        /**
         * @description Moves forward only: `queued → sending → sent → delivery_delayed → delivered → complained`; `bounced`, `rejected` and `failed` are final; `opened`/`clicked` leave it unchanged.
         * @enum {string}
         */
        EmailStatus: "scheduled" | "queued" | "sending" | "sent" | "delivery_delayed" | "delivered" | "complained" | "bounced" | "rejected" | "failed" | "canceled";
        /**
         * @description `scheduledAt`: an ISO 8601 date-time with a time zone, at most 30 days ahead.
         * @example {
         *       "scheduledAt": "2026-12-01T15:00:00+01:00"
         *     }
         */
        RescheduleRequest: {
            /** Format: date-time */
            scheduledAt: string;
        };
        /** @description An email, without its events (as listed). */
        Email: {
            /**
             * @description Prefixed with `email_`.
             * @example email_lfBfngBzFIsCSPmu3l4q5b13
             */
            id: string;
            /**
             * @description Prefixed with `org_`.
             * @example org_MkgDdvh8IZ4e7j2WHwmi5ghq
             */
            organizationId: string;
            /**
             * @description Prefixed with `key_`.
             * @example key_wxjgKq0cOQ4Ha3DmzT1bUo2R
             */
            apiKeyId: string;
            /** @example Acme <hello@acme.com> */
            from: string;
            /**
             * @example [
             *       "someone@example.org"
             *     ]
             */
            to: string[];
            cc: string[];
            bcc: string[];
            replyTo: string[];
            /** @description Extra header name → value, in the order given. */
            headers: {
                [key: string]: string;
            };
            tags: {
                name: string;
                value: string;
            }[];
            /** @description What each attachment is; never its bytes. */
            attachments: {
                filename: string;
                contentType: string;
                /** @description Set for an inline part (`cid:<contentId>` in the HTML). */
                contentId: string | null;
                /** @description Bytes, decoded. */
                size: number;
            }[];
            subject: string;
            html: string | null;
            text: string | null;
            status: components["schemas"]["EmailStatus"];
            /** @description `ses` or `simulator` once handed off. */
            provider: string | null;
            providerMessageId: string | null;
            errorMessage: string | null;
            /**
             * Format: date-time
             * @description When the email was queued.
             */
            createdAt: string;
            sentAt: string | null;
            failedAt: string | null;
            scheduledAt: string | null;
        };
        /** @description An email with its events. */
        EmailWithEvents: {
            /**
             * @description Prefixed with `email_`.
             * @example email_lfBfngBzFIsCSPmu3l4q5b13
             */
            id: string;
            /**
             * @description Prefixed with `org_`.
             * @example org_MkgDdvh8IZ4e7j2WHwmi5ghq
             */
            organizationId: string;
            /**
             * @description Prefixed with `key_`.
             * @example key_wxjgKq0cOQ4Ha3DmzT1bUo2R
             */
            apiKeyId: string;
            /** @example Acme <hello@acme.com> */
            from: string;
            /**
             * @example [
             *       "someone@example.org"
             *     ]
             */
            to: string[];
            cc: string[];
            bcc: string[];
            replyTo: string[];
            /** @description Extra header name → value, in the order given. */
            headers: {
                [key: string]: string;
            };
            tags: {
                name: string;
                value: string;
            }[];
            /** @description What each attachment is; never its bytes. */
            attachments: {
                filename: string;
                contentType: string;
                /** @description Set for an inline part (`cid:<contentId>` in the HTML). */
                contentId: string | null;
                /** @description Bytes, decoded. */
                size: number;
            }[];
            subject: string;
            html: string | null;
            text: string | null;
            status: components["schemas"]["EmailStatus"];
            /** @description `ses` or `simulator` once handed off. */
            provider: string | null;
            providerMessageId: string | null;
            errorMessage: string | null;
            /**
             * Format: date-time
             * @description When the email was queued.
             */
            createdAt: string;
            sentAt: string | null;
            failedAt: string | null;
            scheduledAt: string | null;
            /** @description Recipients the sender dropped because the workspace's suppression list holds them. */
            suppressedRecipients: {
                address: string;
                reason: string;
            }[];
            /** @description Oldest first. */
            events: components["schemas"]["EmailEvent"][];
            /** @description Why an email waits longer than expected in its status; null when it does not. */
            waiting: {
                /**
                 * Format: date-time
                 * @description Since when it waits in its status.
                 */
                since: string;
                reasons: {
                    /** @enum {string} */
                    code: "provider_retry" | "no_sender" | "no_job" | "backlog" | "domain_not_verified" | "provider_identity_not_verified" | "no_provider_events";
                    message: string;
                    /**
                     * Format: date-time
                     * @description When the next attempt is due (provider_retry).
                     */
                    nextAttemptAt?: string;
                }[];
            } | null;
        };
        /** @description An immutable record of something that happened to an email. */
        EmailEvent: {
            /**
             * @description Prefixed with `evt_`.
             * @example evt_E8pEl2nPq0d2Zb7Tt3xV9kYw
             */
            id: string;
            /**
             * @description Prefixed with `email_`.
             * @example email_lfBfngBzFIsCSPmu3l4q5b13
             */
            emailId: string;
            type: components["schemas"]["EventType"];
            /**
             * Format: date-time
             * @description When it happened.
             */
            eventTimestamp: string;
            /**
             * Format: date-time
             * @description When it was stored.
             */
            createdAt: string;
            /** @description The provider's raw event JSON, as a string (not normalised). */
            payloadJson: string;
        };
        /** @description An API key record: never the key itself, never its hash. */
        ApiKey: {
            /**
             * @description Prefixed with `key_`.
             * @example key_wxjgKq0cOQ4Ha3DmzT1bUo2R
             */
            id: string;
            name: string;
            /** @enum {string} */
            environment: "live" | "test";
            /** @enum {string} */
            scope: "send-only" | "read-only" | "full-access";
            /**
             * @description Enough to recognise a key, useless to use it.
             * @example svc_live_…2Go0
             */
            displayHint: string;
            /**
             * Format: date-time
             * @description When the key was created.
             */
            createdAt: string;
            lastUsedAt: string | null;
            revokedAt: string | null;
        };
        /** @description An address the sender never hands to the provider for this workspace. */
        Suppression: {
            /**
             * @description Prefixed with `sup_`.
             * @example sup_3Gm0cE2wZr5aPq8LkT1nYv4s
             */
            id: string;
            /**
             * @description Trimmed and lower-cased.
             * @example bounce@example.com
             */
            address: string;
            /** @enum {string} */
            reason: "hard_bounce" | "complaint" | "manual";
            /** @description The email whose event caused the entry (null for a manual one). */
            emailId: string | null;
            eventId: string | null;
            /**
             * Format: date-time
             * @description When the address was added.
             */
            createdAt: string;
            expiresAt: string | null;
            /** @description False once expiresAt has passed. */
            active: boolean;
        };
        /**
         * @description `address`: one email address (at most 254 characters). `reason`: only `manual`. `expiresAt`: a future date-time, or null for never.
         * @example {
         *       "address": "someone@example.org",
         *       "expiresAt": "2030-01-01T00:00:00Z"
         *     }
         */
        AddSuppressionRequest: {
            address: string;
            /** @enum {string} */
            reason?: "manual";
            expiresAt?: string | null;
        };
        InboundSummary: {
            /** @example inb_3kT9… */
            id: string;
            /**
             * @description `mx`: the built-in receiver; `ses`: SES receiving.
             * @enum {string}
             */
            source: "mx" | "ses";
            /** @description The envelope sender (empty for a bounce). */
            mailFrom: string;
            /** @description The envelope recipients of this workspace. */
            recipients: string[];
            from: string | null;
            to: string[];
            cc: string[];
            subject: string | null;
            messageId: string | null;
            inReplyTo: string | null;
            /** @description The sent email this message replies to (its In-Reply-To or References name our Message-ID). */
            replyToEmailId: string | null;
            /** @description Fetch each at `/inbound/{id}/attachments/{n}`, n its position from 0. */
            attachments: {
                filename: string | null;
                contentType: string;
                size: number;
            }[];
            /** @description Bytes of the raw message. */
            size: number;
            verdicts: {
                spf: {
                    /** @description `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
                    result: string;
                    domain?: string | null;
                    /** @description DMARC: the From domain's published policy. */
                    policy?: string | null;
                };
                dkim: {
                    /** @description `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
                    result: string;
                    domain?: string | null;
                    /** @description DMARC: the From domain's published policy. */
                    policy?: string | null;
                };
                dmarc: {
                    /** @description `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
                    result: string;
                    domain?: string | null;
                    /** @description DMARC: the From domain's published policy. */
                    policy?: string | null;
                };
                arc: {
                    /** @description `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
                    result: string;
                    domain?: string | null;
                    /** @description DMARC: the From domain's published policy. */
                    policy?: string | null;
                };
                spam?: {
                    /** @description `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
                    result: string;
                    domain?: string | null;
                    /** @description DMARC: the From domain's published policy. */
                    policy?: string | null;
                };
                virus?: {
                    /** @description `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
                    result: string;
                    domain?: string | null;
                    /** @description DMARC: the From domain's published policy. */
                    policy?: string | null;
                };
            };
            /** @description Set when the MIME could not be parsed: the raw message is kept, the parsed fields are empty. */
            parseError: string | null;
            /** Format: date-time */
            receivedAt: string;
        };
        Inbound: {
            /** @example inb_3kT9… */
            id: string;
            /**
             * @description `mx`: the built-in receiver; `ses`: SES receiving.
             * @enum {string}
             */
            source: "mx" | "ses";
            /** @description The envelope sender (empty for a bounce). */
            mailFrom: string;
            /** @description The envelope recipients of this workspace. */
            recipients: string[];
            from: string | null;
            to: string[];
            cc: string[];
            subject: string | null;
            messageId: string | null;
            inReplyTo: string | null;
            /** @description The sent email this message replies to (its In-Reply-To or References name our Message-ID). */
            replyToEmailId: string | null;
            /** @description Fetch each at `/inbound/{id}/attachments/{n}`, n its position from 0. */
            attachments: {
                filename: string | null;
                contentType: string;
                size: number;
            }[];
            /** @description Bytes of the raw message. */
            size: number;
            verdicts: {
                spf: {
                    /** @description `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
                    result: string;
                    domain?: string | null;
                    /** @description DMARC: the From domain's published policy. */
                    policy?: string | null;
                };
                dkim: {
                    /** @description `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
                    result: string;
                    domain?: string | null;
                    /** @description DMARC: the From domain's published policy. */
                    policy?: string | null;
                };
                dmarc: {
                    /** @description `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
                    result: string;
                    domain?: string | null;
                    /** @description DMARC: the From domain's published policy. */
                    policy?: string | null;
                };
                arc: {
                    /** @description `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
                    result: string;
                    domain?: string | null;
                    /** @description DMARC: the From domain's published policy. */
                    policy?: string | null;
                };
                spam?: {
                    /** @description `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
                    result: string;
                    domain?: string | null;
                    /** @description DMARC: the From domain's published policy. */
                    policy?: string | null;
                };
                virus?: {
                    /** @description `pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`… */
                    result: string;
                    domain?: string | null;
                    /** @description DMARC: the From domain's published policy. */
                    policy?: string | null;
                };
            };
            /** @description Set when the MIME could not be parsed: the raw message is kept, the parsed fields are empty. */
            parseError: string | null;
            /** Format: date-time */
            receivedAt: string;
            text: string | null;
            html: string | null;
            /** @description [name, value] in message order. */
            headers: [
                string,
                string
            ][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listEmails: {
        parameters: {
            query?: {
                /** @description At most this many emails. Without it, every email of the workspace is returned (streamed). */
                limit?: number;
                /** @description The id of the last email of the previous page: continue after it. */
                after?: string;
                /** @description Moves forward only: `queued → sending → sent → delivery_delayed → delivered → complained`; `bounced`, `rejected` and `failed` are final; `opened`/`clicked` leave it unchanged. */
                status?: components["schemas"]["EmailStatus"];
                /** @description Emails with this recipient (case-insensitive). */
                to?: string;
                /** @description `name:value`: emails carrying this tag. */
                tag?: string;
                /** @description Emails created at or after this time. An ISO 8601 date-time with a zone, or a date (midnight UTC). */
                createdAfter?: string;
                /** @description Emails created before this time (later than createdAfter). An ISO 8601 date-time with a zone, or a date (midnight UTC). */
                createdBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Emails, newest first. */
            200: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Email"][];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it). */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A field, query parameter or header is invalid; the message names every one that is wrong.",
                     *       "code": "validation_failed"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    sendEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried send safe: the same key and body from the same API key within 24 hours returns the original answer (with `Idempotent-Replayed: true`) and creates nothing. The same key with another body is 409 `conflict`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendEmailRequest"];
            };
        };
        responses: {
            /** @description Queued (or, with a repeated Idempotency-Key, the original answer replayed). */
            202: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueuedEmail"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /**
             * @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it).
             *
             *     `domain_not_verified`: The domain of `from` is not a verified domain of the key's workspace.
             */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden" | "domain_not_verified";
                    };
                };
            };
            /** @description `conflict`: The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled. */
            409: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled.",
                     *       "code": "conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `payload_too_large`: The request body is larger than the operation allows (see its request body). */
            413: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is larger than the operation allows (see its request body).",
                     *       "code": "payload_too_large"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type`: The request body is not JSON (Content-Type must be application/json), or uses an unsupported charset or content encoding. */
            415: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is not JSON (Content-Type must be application/json), or uses an unsupported charset or content encoding.",
                     *       "code": "unsupported_media_type"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A field, query parameter or header is invalid; the message names every one that is wrong.",
                     *       "code": "validation_failed"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "validation_failed";
                    };
                };
            };
            /**
             * @description `rate_limited`: Too many requests; wait for the time in Retry-After.
             *
             *     `daily_limit_reached`: The workspace's plan allows no more sends today (UTC); the message names the limit.
             */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited" | "daily_limit_reached";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    sendEmailBatch: {
        parameters: {
            query?: {
                /** @description Default `strict`. */
                mode?: "strict" | "permissive";
            };
            header?: {
                /** @description Makes a retried send safe: the same key and body from the same API key within 24 hours returns the original answer (with `Idempotent-Replayed: true`) and creates nothing. The same key with another body is 409 `conflict`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendEmailBatchRequest"];
            };
        };
        responses: {
            /** @description One entry per email, in request order. */
            202: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchEntry"][];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /**
             * @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it).
             *
             *     `domain_not_verified`: The domain of `from` is not a verified domain of the key's workspace.
             */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden" | "domain_not_verified";
                    };
                };
            };
            /** @description `conflict`: The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled. */
            409: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled.",
                     *       "code": "conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `payload_too_large`: The request body is larger than the operation allows (see its request body). */
            413: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is larger than the operation allows (see its request body).",
                     *       "code": "payload_too_large"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type`: The request body is not JSON (Content-Type must be application/json), or uses an unsupported charset or content encoding. */
            415: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is not JSON (Content-Type must be application/json), or uses an unsupported charset or content encoding.",
                     *       "code": "unsupported_media_type"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A field, query parameter or header is invalid; the message names every one that is wrong.",
                     *       "code": "validation_failed"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "validation_failed";
                    };
                };
            };
            /**
             * @description `rate_limited`: Too many requests; wait for the time in Retry-After.
             *
             *     `daily_limit_reached`: The workspace's plan allows no more sends today (UTC); the message names the limit.
             */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited" | "daily_limit_reached";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    cancelEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The email's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Canceled. */
            200: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduleChange"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it). */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route.",
                     *       "code": "not_found"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict`: The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled. */
            409: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled.",
                     *       "code": "conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    getEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The email's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The email and its events, oldest first. */
            200: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailWithEvents"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it). */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route.",
                     *       "code": "not_found"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    rescheduleEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The email's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RescheduleRequest"];
            };
        };
        responses: {
            /** @description Rescheduled. */
            200: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduleChange"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it). */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route.",
                     *       "code": "not_found"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict`: The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled. */
            409: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled.",
                     *       "code": "conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `payload_too_large`: The request body is larger than the operation allows (see its request body). */
            413: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is larger than the operation allows (see its request body).",
                     *       "code": "payload_too_large"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type`: The request body is not JSON (Content-Type must be application/json), or uses an unsupported charset or content encoding. */
            415: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is not JSON (Content-Type must be application/json), or uses an unsupported charset or content encoding.",
                     *       "code": "unsupported_media_type"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A field, query parameter or header is invalid; the message names every one that is wrong.",
                     *       "code": "validation_failed"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace's keys. */
            200: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"][];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it). */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key record's id (`key_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key record. */
            200: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it). */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route.",
                     *       "code": "not_found"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    listSuppressions: {
        parameters: {
            query?: {
                /** @description Matches part of an address (case-insensitive). */
                address?: string;
                reason?: "hard_bounce" | "complaint" | "manual";
                /** @description Default 100. */
                limit?: number;
                /** @description The last address of the previous page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entries in address order. */
            200: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Suppression"][];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it). */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A field, query parameter or header is invalid; the message names every one that is wrong.",
                     *       "code": "validation_failed"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    addSuppression: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddSuppressionRequest"];
            };
        };
        responses: {
            /** @description The address was already listed: the existing entry, unchanged. */
            200: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Suppression"];
                };
            };
            /** @description The new entry. */
            201: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Suppression"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it). */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden";
                    };
                };
            };
            /** @description `payload_too_large`: The request body is larger than the operation allows (see its request body). */
            413: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is larger than the operation allows (see its request body).",
                     *       "code": "payload_too_large"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type`: The request body is not JSON (Content-Type must be application/json), or uses an unsupported charset or content encoding. */
            415: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is not JSON (Content-Type must be application/json), or uses an unsupported charset or content encoding.",
                     *       "code": "unsupported_media_type"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A field, query parameter or header is invalid; the message names every one that is wrong.",
                     *       "code": "validation_failed"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    removeSuppression: {
        parameters: {
            query?: {
                /** @description Required to remove a `complaint` entry. */
                confirm?: "complaint";
            };
            header?: never;
            path: {
                /** @description The suppressed address (percent-encoded). */
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed entry. */
            200: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Suppression"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it). */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route.",
                     *       "code": "not_found"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `confirmation_required`: Removing a complaint suppression needs `?confirm=complaint`. */
            409: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Removing a complaint suppression needs `?confirm=complaint`.",
                     *       "code": "confirmation_required"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "confirmation_required";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A field, query parameter or header is invalid; the message names every one that is wrong.",
                     *       "code": "validation_failed"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    listInbound: {
        parameters: {
            query?: {
                /** @description Default 20. */
                limit?: number;
                /** @description `nextCursor` of the previous page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["InboundSummary"][];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it). */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route.",
                     *       "code": "not_found"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A field, query parameter or header is invalid; the message names every one that is wrong.",
                     *       "code": "validation_failed"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    getInbound: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message. */
            200: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Inbound"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it). */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route.",
                     *       "code": "not_found"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    getInboundRaw: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message exactly as received. */
            200: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "message/rfc822": string;
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it). */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route.",
                     *       "code": "not_found"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    getInboundAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Position in `attachments`, from 0. */
                n: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attachment's bytes. */
            200: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
                     *       "code": "bad_request"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    };
                };
            };
            /** @description `unauthorized`: The Authorization header is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The Authorization header is missing, malformed, or names an unknown or revoked key.",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `forbidden`: The key's scope preset lacks the permission this operation needs (the message names it). */
            403: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The key's scope preset lacks the permission this operation needs (the message names it).",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "forbidden";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route.",
                     *       "code": "not_found"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A field, query parameter or header is invalid; the message names every one that is wrong.",
                     *       "code": "validation_failed"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`: seconds to wait before the next request is allowed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; wait for the time in Retry-After.",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable`: A dependency (PostgreSQL) did not answer in time; retry later. */
            503: {
                headers: {
                    /** @description The key's burst: how many requests it may make at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests the key may still make right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the key's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL) did not answer in time; retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable";
                    };
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready";
                        /**
                         * @example {
                         *       "postgres": "ok",
                         *       "redis": "ok"
                         *     }
                         */
                        checks: {
                            [key: string]: "ok" | "unreachable";
                        };
                    };
                };
            };
            /** @description A dependency is unreachable (`unavailable`). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        /** @enum {string} */
                        code: "unavailable";
                        /**
                         * @example {
                         *       "postgres": "ok",
                         *       "redis": "ok"
                         *     }
                         */
                        checks: {
                            [key: string]: "ok" | "unreachable";
                        };
                    };
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getApiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    getApiReferenceScript: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JavaScript. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
        };
    };
    emailEventWebhook: {
        parameters: {
            query?: never;
            header: {
                "User-Agent": "Service-Webhook/1.0";
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret. */
                "X-Service-Signature": string;
                /** @description The event's type, for routing without parsing the body. */
                "X-Service-Event-Type": "sent" | "delivered" | "opened" | "clicked" | "bounced" | "complained" | "rejected" | "rendering_failed" | "delivery_delayed" | "failed" | "received";
                /** @description The delivery id; constant across retries. */
                "X-Service-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Any 2xx ends the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer within 10 seconds) is retried. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
