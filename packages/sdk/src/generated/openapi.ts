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
         * @description Up to 100 emails in one request and one statement, answered in order with one entry each. `strict` (the default): one invalid email (422), one from a domain the key is not bound to (403 `domain_not_allowed`) or one from an unverified domain (403) refuses the whole batch, every refused index listed in `errors`, and nothing is created. `permissive`: the others are created and the refused ones answered with their error. The daily limit counts every email created (all fit, or 429 and nothing is created); an Idempotency-Key covers the whole batch.
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
    "/emails/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an email's events
         * @description The email's events, oldest first, a page at a time: `after` is the `nextCursor` of the previous page (or the email's `eventsNextCursor`). Unknown parameters are refused (422).
         *
         *     Requires an API key whose scope preset grants `emails:read`: `read-only`, `full-access`.
         */
        get: operations["listEmailEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
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
    "/suppressions/topics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List topic suppressions
         * @description Recipients who unsubscribed from a topic with an email's one-click link (`unsubscribe.topic` of POST /emails), in (topic, address) order. Emails of that topic to that address end `failed` with a `rejected` event whose reason is `unsubscribed`; other topics and emails without a topic still go.
         *
         *     Requires an API key whose scope preset grants `suppressions:read`: `read-only`, `full-access`.
         */
        get: operations["listTopicSuppressions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/suppressions/topics/{topic}/{address}": {
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
         * Remove a topic suppression
         * @description The address gets the topic's emails again. Only the recipient's own link adds an entry.
         *
         *     Requires an API key whose scope preset grants `suppressions:manage`: `full-access`.
         */
        delete: operations["removeTopicSuppression"];
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
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook subscriptions
         * @description The workspace's subscriptions, newest first.
         *
         *     Requires an API key whose scope preset grants `webhooks:manage`: `full-access`.
         */
        get: operations["listWebhookSubscriptions"];
        put?: never;
        /**
         * Create a webhook subscription
         * @description The answer holds the signing secret; it is never shown again. A workspace has at most 20 subscriptions (`conflict`).
         *
         *     Requires an API key whose scope preset grants `webhooks:manage`: `full-access`.
         */
        post: operations["createWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook subscription
         * @description Requires an API key whose scope preset grants `webhooks:manage`: `full-access`.
         */
        get: operations["getWebhookSubscription"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook subscription
         * @description Deletes it with its deliveries and attempts; pending deliveries stop.
         *
         *     Requires an API key whose scope preset grants `webhooks:manage`: `full-access`.
         */
        delete: operations["deleteWebhookSubscription"];
        options?: never;
        head?: never;
        /**
         * Update a webhook subscription
         * @description Changes the URL, event types, rate limit or active switch; fields left out stay. The secret never changes. `isActive: false` fails the pending deliveries.
         *
         *     Requires an API key whose scope preset grants `webhooks:manage`: `full-access`.
         */
        patch: operations["updateWebhookSubscription"];
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description A real delivery, signed and retried like any other, whose body has `"test": true` and ids that name nothing stored. At most 100 per workspace and UTC day (`rate_limited`). The body is optional.
         *
         *     Requires an API key whose scope preset grants `webhooks:manage`: `full-access`.
         */
        post: operations["sendTestWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a subscription's deliveries
         * @description The most recent deliveries, newest first, each with its attempts.
         *
         *     Requires an API key whose scope preset grants `webhooks:manage`: `full-access`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/replays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List replays
         * @description The subscription's 50 most recent replays, newest first, with their progress.
         *
         *     Requires an API key whose scope preset grants `webhooks:manage`: `full-access`.
         */
        get: operations["listWebhookReplays"];
        put?: never;
        /**
         * Replay deliveries
         * @description Sends again one delivery, every delivery of one email, every failed delivery since a time (recovery after an outage), or every delivery in a time range (after a receiver bug), paced at `perSecond` so that the receiver is not flooded and live deliveries are not delayed.
         *
         *     A failed delivery keeps its id (receivers never processed it) and gets a fresh 24-hour retry window. A succeeded one is sent as a new delivery with a new id and the original's in the body's `replayOf`, since the receiver may have recorded the original id. Pending deliveries are left to their schedule. At most 20,000 deliveries per replay.
         *
         *     A replay is active until its last delivery is due: while one is, another of the same subscription is refused (409 `replay_in_progress`; WEBHOOK_REPLAYS_ACTIVE_PER_SUBSCRIPTION, 1). A workspace replays at most WEBHOOK_REPLAYED_DELIVERIES_PER_DAY deliveries (100,000) per UTC day over all its subscriptions: a replay that does not fit is refused whole (429 `replay_quota_exceeded`, Retry-After until the day ends). Asking for replays has its own limit per workspace (API_REPLAYS_PER_MINUTE, 10), checked before anything else: past it, 429 `replay_rate_limited` with Retry-After.
         *
         *     Requires an API key whose scope preset grants `webhooks:manage`: `full-access`.
         */
        post: operations["replayWebhookDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/replays/{replayId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a replay's progress
         * @description Requires an API key whose scope preset grants `webhooks:manage`: `full-access`.
         */
        get: operations["getWebhookReplay"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a delivery
         * @description One delivery with its attempts and the exact body it sends.
         *
         *     Requires an API key whose scope preset grants `webhooks:manage`: `full-access`.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List templates
         * @description Newest first.
         *
         *     Requires an API key whose scope preset grants `templates:read`: `read-only`, `full-access`.
         */
        get: operations["listTemplates"];
        put?: never;
        /**
         * Create a template
         * @description Creates the template with its draft; publish it before sending with it. A draft that does not parse is refused.
         *
         *     Requires an API key whose scope preset grants `templates:manage`: `full-access`.
         */
        post: operations["createTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a template
         * @description Requires an API key whose scope preset grants `templates:read`: `read-only`, `full-access`.
         */
        get: operations["getTemplate"];
        put?: never;
        post?: never;
        /**
         * Delete a template
         * @description Deletes the template and its versions. Emails accepted with it and not yet sent end `failed` with a `rendering_failed` event.
         *
         *     Requires an API key whose scope preset grants `templates:manage`: `full-access`.
         */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        /**
         * Update a template's draft
         * @description Requires an API key whose scope preset grants `templates:manage`: `full-access`.
         */
        patch: operations["updateTemplate"];
        trace?: never;
    };
    "/templates/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a version
         * @description Publishes the draft as the next version, or `fromVersion` again as the next version (a rollback). New sends use it; emails already accepted keep their version.
         *
         *     Requires an API key whose scope preset grants `templates:manage`: `full-access`.
         */
        post: operations["publishTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Duplicate a template
         * @description A new template under `alias` whose draft is a copy of this one's draft (no versions are copied).
         *
         *     Requires an API key whose scope preset grants `templates:manage`: `full-access`.
         */
        post: operations["duplicateTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a template's versions
         * @description Requires an API key whose scope preset grants `templates:read`: `read-only`, `full-access`.
         */
        get: operations["listTemplateVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}/render": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render a template
         * @description A test render of the draft (or of `version`) with `variables`: nothing is sent. A missing or mistyped variable, or a failed render (a render past its time budget included), is a 422 saying what. Renders have their own limit per workspace (API_TEMPLATE_RENDERS_PER_MINUTE) and share of render time; past either: 429 `render_rate_limited` with Retry-After.
         *
         *     Requires an API key whose scope preset grants `templates:read`: `read-only`, `full-access`.
         */
        post: operations["renderTemplate"];
        delete?: never;
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
    "/dmarc/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List DMARC aggregate reports
         * @description Reports received at the workspace's reporting address (`svc domain dmarc`), newest first.
         *
         *     Requires an API key whose scope preset grants `emails:read`: `read-only`, `full-access`.
         */
        get: operations["listDmarcReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dmarc/reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a DMARC aggregate report with its records
         * @description Another workspace's report is `not_found`.
         *
         *     Requires an API key whose scope preset grants `emails:read`: `read-only`, `full-access`.
         */
        get: operations["getDmarcReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dmarc/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * DMARC results by domain and source IP
         * @description Messages in reports whose range begins in [from, to) (default: the last 30 days; at most 366 days), by domain and source IP (the 500 largest), aligned or not and by disposition; per day; and the reports refused at the address by reason.
         *
         *     Requires an API key whose scope preset grants `emails:read`: `read-only`, `full-access`.
         */
        get: operations["summarizeDmarc"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit log entries
         * @description Every management change in the workspace (dashboard, API keys, CLI) and every sign-in, newest first. Entries are append-only. Unknown parameters, an unknown action or a malformed cursor are refused (422).
         *
         *     Requires an API key whose scope preset grants `audit_log:read`: `full-access`.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit-log/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export audit log entries
         * @description The workspace's entries matching the filters, newest first, streamed as CSV (header first) or JSON Lines (one AuditEntry a line): at most `limit` (default and maximum 100000); narrow with since/until for more.
         *
         *     Requires an API key whose scope preset grants `audit_log:read`: `full-access`.
         */
        get: operations["exportAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/erasures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List erasures
         * @description The workspace's erasures, newest first.
         *
         *     Requires an API key whose scope preset grants `erasures:manage`: `full-access`.
         */
        get: operations["listErasures"];
        put?: never;
        /**
         * Erase people (addresses) or emails
         * @description Forgets the addresses in this workspace: every email to them (whole when they were its only recipients; otherwise kept with each erased address replaced by a stable token), its events, webhook deliveries and attempts, files and idempotency records; every received message from or to them; their test recipients. A suppression of an erased address is kept under the token, so the address stays suppressed. `emailIds` erase those emails whole. The work runs in the background in short batches; read its status and receipt with `GET /erasures/{id}`. A malformed address is named in a 422 and nothing starts; an email id of another workspace answers 404 and nothing starts. Other workspaces' data is never touched.
         *
         *     Requires an API key whose scope preset grants `erasures:manage`: `full-access`.
         */
        post: operations["createErasure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/erasures/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an erasure
         * @description Requires an API key whose scope preset grants `erasures:manage`: `full-access`.
         */
        get: operations["getErasure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/erasures/{id}/receipt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an erasure's receipt
         * @description The receipt as a JSON download (`Content-Disposition: attachment`): what was removed, by table, and the object-store files deleted.
         *
         *     Requires an API key whose scope preset grants `erasures:manage`: `full-access`.
         */
        get: operations["getErasureReceipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deliverability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Outcomes by mailbox provider, bounces by cause
         * @description Sent, delivered, bounced and complained over the last `days` UTC days by the mailbox provider of each email's first recipient (Gmail, Microsoft, Yahoo, Apple, other: by MX), with each provider's rates, and the bounces by cause (unknown user, mailbox full, policy or spam block, DNS or routing, message too large, suppressed, other permanent, other transient), classified from SES's bounce type and subtype and the receiving server's diagnostic code.
         *
         *     Requires an API key whose scope preset grants `emails:read`: `read-only`, `full-access`.
         */
        get: operations["getDeliverability"];
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
    "email.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `sent`: The provider accepted the message for delivery (handoff complete).
         * @description Sent to subscriptions listing `sent`. Signed, retried and answered as described under `emailEvent`.
         */
        post: operations["sentEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `delivered`: The receiving mail server accepted the message.
         * @description Sent to subscriptions listing `delivered`. Signed, retried and answered as described under `emailEvent`.
         */
        post: operations["deliveredEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.opened": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `opened`: A tracking pixel fired (an estimate only; needs open tracking on).
         * @description Sent to subscriptions listing `opened`. Signed, retried and answered as described under `emailEvent`.
         */
        post: operations["openedEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.clicked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `clicked`: A tracked link was followed (needs click tracking on).
         * @description Sent to subscriptions listing `clicked`. Signed, retried and answered as described under `emailEvent`.
         */
        post: operations["clickedEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.bounced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `bounced`: The receiving mail server rejected the message.
         * @description Sent to subscriptions listing `bounced`. Signed, retried and answered as described under `emailEvent`.
         */
        post: operations["bouncedEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.complained": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `complained`: The recipient marked the message as spam.
         * @description Sent to subscriptions listing `complained`. Signed, retried and answered as described under `emailEvent`.
         */
        post: operations["complainedEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `rejected`: The provider rejected the message before delivery, or the service did not send it (a suppressed recipient).
         * @description Sent to subscriptions listing `rejected`. Signed, retried and answered as described under `emailEvent`.
         */
        post: operations["rejectedEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.rendering_failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `rendering_failed`: Template rendering failed.
         * @description Sent to subscriptions listing `rendering_failed`. Signed, retried and answered as described under `emailEvent`.
         */
        post: operations["renderingFailedEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.delivery_delayed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `delivery_delayed`: The provider could not deliver yet and will retry.
         * @description Sent to subscriptions listing `delivery_delayed`. Signed, retried and answered as described under `emailEvent`.
         */
        post: operations["deliveryDelayedEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `failed`: The email ended without a handoff, or past its retries: it will not be sent.
         * @description Sent to subscriptions listing `failed`. Signed, retried and answered as described under `emailEvent`.
         */
        post: operations["failedEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `received`: A message arrived for one of the workspace's receiving domains (metadata here; its content over REST, GET /inbound/{id}).
         * @description Sent to subscriptions listing `received`. Signed, retried and answered as described under `emailEvent`.
         */
        post: operations["receivedEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.unsubscribed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `unsubscribed`: The recipient used the email's one-click unsubscribe link: later emails of that topic to that address are not sent (payload: topic, recipient).
         * @description Sent to subscriptions listing `unsubscribed`. Signed, retried and answered as described under `emailEvent`.
         */
        post: operations["unsubscribedEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
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
         *     Every request also carries the Standard Webhooks headers, so any Standard Webhooks library verifies it with the same secret as shown: `webhook-id` (the delivery id), `webhook-timestamp` (the same Unix seconds) and `webhook-signature` = `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the base64-decoded part of the secret after `whsec_`.
         *
         *     With the example above and delivery id `wd_8Hq2VbN0rTz5LmC1xKp7sQ4e`: `v1,IdFRa1tq71CJ7VN9IriONKvmzAgafVzMHRzsOegQpN4=`.
         *
         *     A `429` or `503` answer with `Retry-After` delays the next attempt at least that long (within the 24 hours); a `410 Gone` answer disables the subscription after that one attempt (its owners are told).
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
         *     | `region_not_configured` | 400 | A workspace's primary or failover region names an SES region this install does not send from (SES_REGIONS); nothing was changed. |
         *     | `unauthorized` | 401 | The Authorization header is missing, malformed, or names an unknown or revoked key. |
         *     | `forbidden` | 403 | The key's scope preset lacks the permission this operation needs (the message names it). |
         *     | `domain_not_verified` | 403 | The domain of `from` is not a verified domain of the key's workspace. |
         *     | `domain_not_allowed` | 403 | The key is bound to sending domains and the domain of `from` is not one of them (exact names: a subdomain is another domain); nothing was stored. |
         *     | `source_not_allowed` | 403 | The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address. |
         *     | `not_found` | 404 | No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. |
         *     | `conflict` | 409 | The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses. |
         *     | `confirmation_required` | 409 | Removing a complaint suppression needs `?confirm=complaint`. |
         *     | `replay_in_progress` | 409 | The webhook subscription already has as many replays pacing their deliveries in as allowed (WEBHOOK_REPLAYS_ACTIVE_PER_SUBSCRIPTION, 1); the message says when the running one ends. |
         *     | `payload_too_large` | 413 | The request body is larger than the operation allows (see its request body). |
         *     | `unsupported_media_type` | 415 | The request body is not JSON (Content-Type must be application/json), or uses an unsupported charset or content encoding. |
         *     | `validation_failed` | 422 | A field, query parameter or header is invalid; the message names every one that is wrong. |
         *     | `attachment_quota_exceeded` | 422 | The workspace's attachment bytes held for unsent (queued or scheduled) emails would exceed its plan's quota; the message names the quota and what is held. Sends without files, and sends once held emails are handed off, are not affected. |
         *     | `daily_limit_reached` | 429 | The workspace's plan allows no more sends today (UTC); the message names the limit. |
         *     | `rate_limited` | 429 | Too many requests; wait for the time in Retry-After. |
         *     | `replay_quota_exceeded` | 429 | The replay would take the workspace past its replayed deliveries for today (UTC, WEBHOOK_REPLAYED_DELIVERIES_PER_DAY); the message says how many are left, Retry-After when the day ends. |
         *     | `render_rate_limited` | 429 | The workspace's template renders are over their own limit: the render endpoint's rate per workspace, or the workspace's share of render time (its renders ran long); nothing was rendered: wait for the time in Retry-After. |
         *     | `replay_rate_limited` | 429 | The workspace asked for more replays than its own limit (API_REPLAYS_PER_MINUTE per workspace, apart from the key's request rate); nothing was replayed: wait for the time in Retry-After. |
         *     | `erasure_rate_limited` | 429 | The workspace asked for more erasures in the last minute than allowed (API_ERASURES_PER_MINUTE, 10); wait for the time in Retry-After. Nothing was started. |
         *     | `unavailable` | 503 | A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. |
         *     | `server_busy` | 503 | The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds. |
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
            code: "bad_request" | "region_not_configured" | "unauthorized" | "forbidden" | "domain_not_verified" | "domain_not_allowed" | "source_not_allowed" | "not_found" | "conflict" | "confirmation_required" | "replay_in_progress" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "attachment_quota_exceeded" | "daily_limit_reached" | "rate_limited" | "replay_quota_exceeded" | "render_rate_limited" | "replay_rate_limited" | "erasure_rate_limited" | "unavailable" | "server_busy" | "internal";
            /** @description On a refused batch: every refused email by its index in the request, with its own error. */
            errors?: {
                index: number;
                error: string;
                /** @enum {string} */
                code: "bad_request" | "region_not_configured" | "unauthorized" | "forbidden" | "domain_not_verified" | "domain_not_allowed" | "source_not_allowed" | "not_found" | "conflict" | "confirmation_required" | "replay_in_progress" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "attachment_quota_exceeded" | "daily_limit_reached" | "rate_limited" | "replay_quota_exceeded" | "render_rate_limited" | "replay_rate_limited" | "erasure_rate_limited" | "unavailable" | "server_busy" | "internal";
            }[];
            /** @description On `attachment_quota_exceeded`: the plan's quota of attachment bytes held for unsent emails. */
            quotaBytes?: number;
            /** @description On `attachment_quota_exceeded`: the attachment bytes the workspace's unsent emails hold now. */
            heldBytes?: number;
        };
        /** @description The body of a `sent` event: The provider accepted the message for delivery (handoff complete). */
        WebhookEvent_sent: {
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
                    /** @enum {string} */
                    type: "sent";
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
            /** @description Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
            replayOf?: string;
        };
        /** @description The body of a `delivered` event: The receiving mail server accepted the message. */
        WebhookEvent_delivered: {
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
                    /** @enum {string} */
                    type: "delivered";
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
            /** @description Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
            replayOf?: string;
        };
        /** @description The body of a `opened` event: A tracking pixel fired (an estimate only; needs open tracking on). */
        WebhookEvent_opened: {
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
                    /** @enum {string} */
                    type: "opened";
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
            /** @description Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
            replayOf?: string;
        };
        /** @description The body of a `clicked` event: A tracked link was followed (needs click tracking on). */
        WebhookEvent_clicked: {
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
                    /** @enum {string} */
                    type: "clicked";
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
            /** @description Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
            replayOf?: string;
        };
        /** @description The body of a `bounced` event: The receiving mail server rejected the message. */
        WebhookEvent_bounced: {
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
                    /** @enum {string} */
                    type: "bounced";
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
            /** @description Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
            replayOf?: string;
        };
        /** @description The body of a `complained` event: The recipient marked the message as spam. */
        WebhookEvent_complained: {
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
                    /** @enum {string} */
                    type: "complained";
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
            /** @description Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
            replayOf?: string;
        };
        /** @description The body of a `rejected` event: The provider rejected the message before delivery, or the service did not send it (a suppressed recipient). */
        WebhookEvent_rejected: {
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
                    /** @enum {string} */
                    type: "rejected";
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
            /** @description Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
            replayOf?: string;
        };
        /** @description The body of a `rendering_failed` event: Template rendering failed. */
        WebhookEvent_rendering_failed: {
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
                    /** @enum {string} */
                    type: "rendering_failed";
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
            /** @description Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
            replayOf?: string;
        };
        /** @description The body of a `delivery_delayed` event: The provider could not deliver yet and will retry. */
        WebhookEvent_delivery_delayed: {
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
                    /** @enum {string} */
                    type: "delivery_delayed";
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
            /** @description Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
            replayOf?: string;
        };
        /** @description The body of a `failed` event: The email ended without a handoff, or past its retries: it will not be sent. */
        WebhookEvent_failed: {
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
                    /** @enum {string} */
                    type: "failed";
                    /**
                     * Format: date-time
                     * @description When it happened.
                     */
                    eventTimestamp: string;
                    /** @description Why the email will not be sent. */
                    reason: {
                        /** @description A machine code for why the email ended unsent. */
                        code: string;
                        /** @description The same, for people. */
                        text: string;
                    };
                };
            };
            /**
             * @description Only on a test event sent from the dashboard or CLI: its ids name nothing stored.
             * @enum {boolean}
             */
            test?: true;
            /** @description Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
            replayOf?: string;
        };
        /** @description The body of a `received` event: A message arrived for one of the workspace's receiving domains (metadata here; its content over REST, GET /inbound/{id}). */
        WebhookEvent_received: {
            /** @description The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry. */
            id: string;
            /** @enum {string} */
            type: "email.received";
            /**
             * Format: date-time
             * @description When the delivery was created.
             */
            createdAt: string;
            data: {
                /** @description The received message (`inb_…`): GET /inbound/{id}, its raw bytes and attachments. */
                inboundId: string;
                event: {
                    /** @enum {string} */
                    type: "received";
                    /**
                     * Format: date-time
                     * @description When it arrived.
                     */
                    eventTimestamp: string;
                };
                from: string | null;
                to: string[];
                /** @description The envelope recipients (RCPT TO) of this workspace. */
                recipients: string[];
                subject: string | null;
                messageId: string | null;
                /** @description The sent email it replies to (In-Reply-To/References), when it names one of ours. */
                replyToEmailId: string | null;
                attachmentCount: number;
                /** @description Bytes of the raw message. */
                size: number;
                /** @description SPF, DKIM, DMARC and ARC results (mailauth). */
                verdicts?: unknown;
                /** @description True when the MIME could not be parsed: the raw message is kept as it came. */
                parseError: boolean;
            };
        };
        /** @description The body of a `unsubscribed` event: The recipient used the email's one-click unsubscribe link: later emails of that topic to that address are not sent (payload: topic, recipient). */
        WebhookEvent_unsubscribed: {
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
                    /** @enum {string} */
                    type: "unsubscribed";
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
            /** @description Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
            replayOf?: string;
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
            /** @description Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it. */
            replayOf?: string;
        };
        /**
         * @description What the provider reported about an email; `failed` is ours: the email ended failed without a provider's verdict (its payload has `source: "svc"`, a `reason` code and a `message`).
         * @enum {string}
         */
        EventType: "sent" | "delivered" | "opened" | "clicked" | "bounced" | "complained" | "rejected" | "rendering_failed" | "delivery_delayed" | "failed" | "received" | "unsubscribed";
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
            subject?: string;
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
            template?: {
                id?: string;
                alias?: string;
                version?: number;
                variables?: unknown;
            };
            /**
             * @description One-click unsubscribe (RFC 8058): the message gets List-Unsubscribe and List-Unsubscribe-Post headers whose link unsubscribes the recipient from `topic` in this workspace; later emails of that topic to that address end `failed` with a `rejected` event (reason `unsubscribed`). Needs exactly one recipient, in `to`, and no List-Unsubscribe header in `headers` (at most 13 headers).
             * @example {
             *       "topic": "newsletter"
             *     }
             */
            unsubscribe?: {
                topic: string;
            };
        };
        /** @description One email of a batch, in request order: created, or (permissive mode) why not. */
        BatchEntry: components["schemas"]["QueuedEmail"] | {
            error: string;
            /**
             * @description The email's own error code (permissive mode).
             * @enum {string}
             */
            code: "bad_request" | "region_not_configured" | "unauthorized" | "forbidden" | "domain_not_verified" | "domain_not_allowed" | "source_not_allowed" | "not_found" | "conflict" | "confirmation_required" | "replay_in_progress" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "attachment_quota_exceeded" | "daily_limit_reached" | "rate_limited" | "replay_quota_exceeded" | "render_rate_limited" | "replay_rate_limited" | "erasure_rate_limited" | "unavailable" | "server_busy" | "internal";
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
            bodyRemovedAt: string | null;
        };
        /** @description An email with the first page of its events. */
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
            /** @description For a templated email, the rendered subject once the provider accepted it; before that (and when the render failed), the subject's template source. */
            subject: string;
            /** @description Null for a templated email: its bodies are not stored; `template` says how to render them again. */
            html: string | null;
            /** @description Null for a templated email (see `html`). */
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
            bodyRemovedAt: string | null;
            /** @description The template the email was sent by; null for an email sent without one. */
            template: {
                /** @example tmpl_Y2m0cJ3iB1sVt8kQ */
                id: string;
                /** @description The template's alias now; null once the template is deleted. */
                alias: string | null;
                /** @description The version pinned when the email was accepted; null for a dashboard test send of the draft (its bodies are stored). */
                version: number | null;
                /** @description The values it was rendered with. POST /templates/{id}/render with `version` and these `variables` renders the bodies that were sent. */
                variables: {
                    [key: string]: unknown;
                };
            } | null;
            /** @description Mail received in reply to this email (GET /inbound/{id}), oldest first, at most 100. */
            replies: {
                /**
                 * @description Prefixed with `inb_`.
                 * @example inb_3kV9b0Qw1sLr8TzA2mYx
                 */
                id: string;
                /**
                 * Format: date-time
                 * @description When it was received.
                 */
                receivedAt: string;
                from: string | null;
            }[];
            /** @description Recipients the sender dropped because the workspace's suppression list holds them. */
            suppressedRecipients: {
                address: string;
                reason: string;
            }[];
            /** @description The first page of its events (at most 100), oldest first. */
            events: components["schemas"]["EmailEvent"][];
            /** @description When the email has more events than `events` holds: pass it as `after` to GET /emails/{id}/events for the next page. Null when `events` holds them all. */
            eventsNextCursor: string | null;
            /** @description Why an email waits longer than expected in its status; null when it does not. */
            waiting: {
                /**
                 * Format: date-time
                 * @description Since when it waits in its status.
                 */
                since: string;
                reasons: {
                    /** @enum {string} */
                    code: "scheduled" | "provider_retry" | "tenant_paused" | "account_paused" | "account_quota" | "rate_limit" | "render_busy" | "attachment_budget" | "region_unavailable" | "handoff_unknown" | "no_sender" | "no_job" | "backlog" | "domain_not_verified" | "provider_identity_not_verified" | "no_provider_events";
                    message: string;
                    /**
                     * Format: date-time
                     * @description When the next attempt is due: the scheduled time (scheduled), the retry (provider_retry), or when the hold ends (tenant_paused, account_paused, account_quota: when the 24-hour window has moved enough; rate_limit, render_busy, attachment_budget, region_unavailable: the next look at the regions; handoff_unknown: when the wait for the first region's Send event ends).
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
        /** @description One page of an email's events. */
        EmailEventPage: {
            /** @description Oldest first. */
            events: components["schemas"]["EmailEvent"][];
            /** @description `after` for the next page; null on the last page. */
            nextCursor: string | null;
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
            /**
             * @description The sending domains the key is bound to (exact names): a send from any other answers 403 `domain_not_allowed`. Empty: any verified domain of the workspace. Set when the key is made (dashboard, CLI).
             * @example [
             *       "example.com"
             *     ]
             */
            allowedDomains: string[];
            /**
             * @description The source networks (IPv4 or IPv6 CIDRs) the key is bound to: a request from elsewhere answers 403 `source_not_allowed`. Empty: anywhere. Set when the key is made (dashboard, CLI).
             * @example [
             *       "10.0.0.0/8",
             *       "2001:db8::/32"
             *     ]
             */
            allowedCidrs: string[];
        };
        /** @description A recipient who unsubscribed from one topic: only emails naming that topic skip it. */
        TopicSuppression: {
            /**
             * @description Prefixed with `tsup_`.
             * @example tsup_3Gm0cE2wZr5aPq8LkT1nYv4s
             */
            id: string;
            /** @example newsletter */
            topic: string;
            /**
             * @description Trimmed and lower-cased.
             * @example reader@example.com
             */
            address: string;
            /** @description The email whose unsubscribe link was used. */
            emailId: string | null;
            /**
             * Format: date-time
             * @description When the recipient unsubscribed.
             */
            createdAt: string;
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
        /** @description A webhook subscription. The signing secret is never shown again after creation. */
        WebhookSubscription: {
            /**
             * @description Prefixed with `wh_`.
             * @example wh_2b7Tt3xV9kYwE8pEl2nPq0dZ
             */
            id: string;
            /** @description Prefixed with `org_`. */
            workspaceId: string;
            /** @example https://example.com/hooks/svc */
            url: string;
            events: components["schemas"]["EventType"][];
            isActive: boolean;
            /**
             * Format: date-time
             * @description When it was created.
             */
            createdAt: string;
            failingSince: string | null;
            disabledAt: string | null;
            disabledReason: string | null;
            /** @description At most this many automatic attempts per second; null: no limit. */
            maxDeliveriesPerSecond: number | null;
        };
        CreatedWebhookSubscription: {
            /**
             * @description Prefixed with `wh_`.
             * @example wh_2b7Tt3xV9kYwE8pEl2nPq0dZ
             */
            id: string;
            /** @description Prefixed with `org_`. */
            workspaceId: string;
            /** @example https://example.com/hooks/svc */
            url: string;
            events: components["schemas"]["EventType"][];
            isActive: boolean;
            /**
             * Format: date-time
             * @description When it was created.
             */
            createdAt: string;
            failingSince: string | null;
            disabledAt: string | null;
            disabledReason: string | null;
            /** @description At most this many automatic attempts per second; null: no limit. */
            maxDeliveriesPerSecond: number | null;
            /**
             * @description The signing secret, shown only in this answer: the HMAC key of `X-Service-Signature` as is, and of the Standard Webhooks `webhook-signature` (its libraries take it as is).
             * @example whsec_ZJ0wQh2k7m3Xc1bq9PpR5uY8tVn4sLd6aEfGiHjKlMo
             */
            secret: string;
        };
        /**
         * @example {
         *       "url": "https://example.com/hooks/svc",
         *       "events": [
         *         "delivered",
         *         "bounced"
         *       ]
         *     }
         */
        CreateWebhookSubscriptionRequest: {
            /** @description An https URL on a public address. */
            url: string;
            /** @description The event types delivered to it. */
            events: ("sent" | "delivered" | "opened" | "clicked" | "bounced" | "complained" | "rejected" | "rendering_failed" | "delivery_delayed" | "failed" | "received" | "unsubscribed")[];
            /** @description At most this many automatic attempts per second, across every dispatcher; null or absent: no limit. */
            maxDeliveriesPerSecond?: number | null;
        };
        /**
         * @example {
         *       "events": [
         *         "delivered"
         *       ],
         *       "isActive": true
         *     }
         */
        UpdateWebhookSubscriptionRequest: {
            url?: string;
            events?: ("sent" | "delivered" | "opened" | "clicked" | "bounced" | "complained" | "rejected" | "rendering_failed" | "delivery_delayed" | "failed" | "received" | "unsubscribed")[];
            /** @description false stops new deliveries and fails pending ones; true starts afresh. */
            isActive?: boolean;
            maxDeliveriesPerSecond?: number | null;
        };
        WebhookDeliveryDetail: {
            /** @description Prefixed with `wd_`: the `X-Service-Delivery-Id` and `webhook-id` of its requests. */
            id: string;
            subscriptionId: string;
            /** @description Null for a test event and for a replay's copy (its body names the event). */
            eventId: string | null;
            eventType: components["schemas"]["EventType"];
            test: boolean;
            /** @description A replay's copy of a succeeded delivery: the original delivery's id. */
            replayOf: string | null;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attemptCount: number;
            firstAttemptAt: string | null;
            nextAttemptAt: string | null;
            lastStatusCode: number | null;
            lastError: string | null;
            /**
             * Format: date-time
             * @description When the delivery was created.
             */
            createdAt: string;
            completedAt: string | null;
            /** @description Its attempts, oldest first. */
            attempts?: components["schemas"]["WebhookAttempt"][];
            /** @description The exact bytes POSTed on every attempt. */
            body: string;
        };
        WebhookAttempt: {
            id: string;
            number: number;
            /** @description Made by hand (a retry from the dashboard, CLI or API), outside the automatic schedule. */
            manual: boolean;
            /**
             * Format: date-time
             * @description When the POST started.
             */
            startedAt: string;
            durationMs: number;
            statusCode: number | null;
            /** @description The first 2 KB of the answer. */
            responseExcerpt: string | null;
            error: string | null;
        };
        TestWebhookEventRequest: {
            /**
             * @description Defaults to the subscription's first event type.
             * @enum {string}
             */
            eventType?: "sent" | "delivered" | "opened" | "clicked" | "bounced" | "complained" | "rejected" | "rendering_failed" | "delivery_delayed" | "failed" | "received" | "unsubscribed";
        };
        WebhookDelivery: {
            /** @description Prefixed with `wd_`: the `X-Service-Delivery-Id` and `webhook-id` of its requests. */
            id: string;
            subscriptionId: string;
            /** @description Null for a test event and for a replay's copy (its body names the event). */
            eventId: string | null;
            eventType: components["schemas"]["EventType"];
            test: boolean;
            /** @description A replay's copy of a succeeded delivery: the original delivery's id. */
            replayOf: string | null;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attemptCount: number;
            firstAttemptAt: string | null;
            nextAttemptAt: string | null;
            lastStatusCode: number | null;
            lastError: string | null;
            /**
             * Format: date-time
             * @description When the delivery was created.
             */
            createdAt: string;
            completedAt: string | null;
            /** @description Its attempts, oldest first. */
            attempts?: components["schemas"]["WebhookAttempt"][];
        };
        /** @description Past deliveries of one subscription sent again, paced, with its progress. */
        WebhookReplay: {
            /** @description Prefixed with `wr_`. */
            id: string;
            subscriptionId: string;
            /** @enum {string} */
            kind: "delivery" | "email" | "failed_since" | "range";
            deliveryId: string | null;
            emailId: string | null;
            since: string | null;
            until: string | null;
            perSecond: number;
            /** @description Failed deliveries made pending again under their own id (a fresh 24-hour retry window). */
            rearmed: number;
            /** @description Succeeded deliveries sent again as new deliveries with a new id, the original's in `replayOf`. */
            copied: number;
            /**
             * Format: date-time
             * @description When the replay was asked for.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When its last delivery is due for its first attempt.
             */
            pacedUntil: string;
            /** @description Its deliveries by status now. */
            progress: {
                pending: number;
                succeeded: number;
                failed: number;
            };
        };
        /**
         * @description Which finished deliveries of the subscription to send again (pending ones are still being attempted and are left alone).
         * @example {
         *       "kind": "failed_since",
         *       "since": "2026-01-01T00:00:00Z",
         *       "perSecond": 20
         *     }
         */
        ReplayWebhookDeliveriesRequest: {
            /** @enum {string} */
            kind: "delivery";
            /** @description The delivery (`wd_…`) to send again. */
            deliveryId: string;
            /** @description Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent. */
            perSecond?: number;
        } | {
            /** @enum {string} */
            kind: "email";
            /** @description Every delivery of this email's events to the subscription. */
            emailId: string;
            /** @description Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent. */
            perSecond?: number;
        } | {
            /** @enum {string} */
            kind: "failed_since";
            /**
             * Format: date-time
             * @description Every failed delivery created since then: recovery after an outage.
             */
            since: string;
            /** @description Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent. */
            perSecond?: number;
        } | {
            /** @enum {string} */
            kind: "range";
            /**
             * Format: date-time
             * @description Start of the range (inclusive).
             */
            since: string;
            /**
             * Format: date-time
             * @description End of the range (exclusive).
             */
            until: string;
            /** @description Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent. */
            perSecond?: number;
        };
        Template: {
            /** @example tmpl_3kT9aQ0bX7mN2pL5rV8sW1yZ */
            id: string;
            name: string;
            /**
             * @description Unique in the workspace; sends may name the template by it.
             * @example receipt
             */
            alias: string;
            /** @description A template whose HTML wraps this one's at `{{ content }}`. */
            layoutId: string | null;
            draft: {
                subject: string;
                html: string;
                text: string | null;
                variables: components["schemas"]["TemplateVariable"][];
            };
            /** @description The version new sends use; null until published. */
            publishedVersion: number | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        TemplateVariable: {
            /** @description A letter or _ followed by letters, digits or _ (at most 64). */
            name: string;
            /** @enum {string} */
            type: "string" | "number" | "boolean" | "list" | "object";
            /** @description Used when a send gives no value; of `type`. Without it the variable is required. */
            fallback?: unknown;
        };
        /**
         * @example {
         *       "name": "Receipt",
         *       "alias": "receipt",
         *       "subject": "Receipt for {{ name }}",
         *       "html": "<p>Thanks {{ name }}</p>",
         *       "variables": [
         *         {
         *           "name": "name",
         *           "type": "string"
         *         }
         *       ]
         *     }
         */
        CreateTemplateRequest: {
            name: string;
            alias: string;
            /** @description Liquid; not HTML-escaped. */
            subject: string;
            /** @description Liquid; every `{{ output }}` is HTML-escaped unless written `| raw`. */
            html: string;
            /** @description Liquid; when null, the text is derived from the rendered HTML. */
            text?: string | null;
            variables?: components["schemas"]["TemplateVariable"][];
            layoutId?: string | null;
        };
        /** @description The fields to change in the draft; published versions never change. */
        UpdateTemplateRequest: {
            name?: string;
            alias?: string;
            /** @description Liquid; not HTML-escaped. */
            subject?: string;
            /** @description Liquid; every `{{ output }}` is HTML-escaped unless written `| raw`. */
            html?: string;
            /** @description Liquid; when null, the text is derived from the rendered HTML. */
            text?: string | null;
            variables?: components["schemas"]["TemplateVariable"][];
            layoutId?: string | null;
        };
        TemplateVersion: {
            version: number;
            subject: string;
            html: string;
            text: string | null;
            variables: components["schemas"]["TemplateVariable"][];
            /** @description The layout's published HTML when this version was published. */
            layoutHtml: string | null;
            /** Format: date-time */
            publishedAt: string;
        };
        PublishTemplateRequest: {
            fromVersion?: number;
        };
        DuplicateTemplateRequest: {
            alias: string;
            name?: string;
        };
        RenderedTemplate: {
            subject: string;
            html: string;
            text: string;
        };
        RenderTemplateRequest: {
            version?: number;
            variables?: {
                [key: string]: unknown;
            };
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
        DmarcReport: {
            /** @example dmr_3kT9… */
            id: string;
            /** @description The sending domain the report is about (policy_published/domain). */
            domain: string;
            /** @example google.com */
            orgName: string;
            orgEmail: string | null;
            /** @description The reporter's id: a report is stored once per (orgName, reportId). */
            reportId: string;
            /** Format: date-time */
            begin: string;
            /** Format: date-time */
            end: string;
            /** @description policy_published: p, sp, adkim, aspf, pct. */
            policy: {
                [key: string]: unknown;
            };
            recordCount: number;
            messageCount: number;
            /** @description Whether the report's own message passed DMARC (a forged report does not). */
            authenticated: boolean;
            /** Format: date-time */
            receivedAt: string;
        };
        DmarcRecord: {
            sourceIp: string;
            count: number;
            /** @description `none`, `quarantine` or `reject`. */
            disposition: string;
            /** @description DMARC-aligned DKIM result (policy_evaluated). */
            dkim: string;
            /** @description DMARC-aligned SPF result (policy_evaluated). */
            spf: string;
            /** @description DKIM or SPF passed aligned. */
            aligned: boolean;
            headerFrom: string;
            envelopeFrom: string | null;
            dkimDomain: string | null;
            dkimResult: string | null;
            spfDomain: string | null;
            spfResult: string | null;
        };
        DmarcSource: {
            domain: string;
            sourceIp: string;
            messages: number;
            aligned: number;
            notAligned: number;
            disposition: {
                none: number;
                quarantine: number;
                reject: number;
            };
        };
        AuditEntry: {
            /** @example aud_0Wk3Zq1xAbCdEfGhIjKlMnOp */
            id: string;
            /** Format: date-time */
            at: string;
            workspaceId: string | null;
            actor: {
                /** @enum {string} */
                type: "user" | "api_key" | "operator" | "anonymous";
                /** @description A user id, an API key record's id (never the key), or `cli:<account>` for an operator. */
                id: string | null;
            };
            /** @description The client's address, or `cli@<host>`. */
            source: string | null;
            /** @enum {string} */
            action: "auth.sign_up" | "auth.sign_in" | "auth.sign_in_failed" | "auth.sign_out" | "auth.second_factor_enrolled" | "auth.second_factor_removed" | "auth.recovery_code_used" | "auth.recovery_codes_regenerated" | "auth.oidc_refused" | "email.canceled" | "email.rescheduled" | "api_key.created" | "api_key.revoked" | "api_key.source_refused" | "domain.created" | "domain.verified" | "domain.tracking_changed" | "domain.removed" | "receiving_domain.created" | "receiving_domain.verified" | "receiving_domain.removed" | "inbound_route.created" | "inbound_route.removed" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.replayed" | "webhook.test_sent" | "template.created" | "template.updated" | "template.deleted" | "template.published" | "template.duplicated" | "template.test_sent" | "test_recipient.added" | "test_recipient.removed" | "suppression.added" | "suppression.removed" | "suppression.imported" | "suppression.exported" | "topic_suppression.removed" | "member.invited" | "member.invitation_revoked" | "member.joined" | "member.role_changed" | "member.removed" | "operator.granted" | "operator.revoked" | "workspace.created" | "workspace.plan_changed" | "workspace.rate_limit_changed" | "workspace.second_factor_requirement_changed" | "workspace.retention_changed" | "workspace.regions_changed" | "ses.setup" | "oidc.configured" | "oidc.enabled_changed" | "oidc.removed" | "oidc.domain_allowed" | "oidc.domain_removed" | "erasure.requested" | "erasure.completed";
            target: {
                type: string;
                id: string;
            } | null;
            /** @description The changed fields with their new values; a secret is never recorded, only `"[changed]"`. */
            changes: {
                [key: string]: unknown;
            };
        };
        /** @description An erasure never shows the addresses it was asked about. */
        Erasure: {
            /** @example ers_Q2x9… */
            id: string;
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed";
            addressCount: number;
            emailIdCount: number;
            /** @description The step in progress while it runs; null once it has ended. */
            step: string | null;
            receipt: components["schemas"]["ErasureReceipt"];
            error: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            startedAt: string | null;
            /** Format: date-time */
            completedAt: string | null;
        };
        ErasureReceipt: {
            /** @description Rows deleted, by table. */
            removed: {
                emails: number;
                email_events: number;
                webhook_deliveries: number;
                webhook_attempts: number;
                email_attachments: number;
                idempotency_keys: number;
                inbound_emails: number;
                inbound_attachments: number;
                test_recipients: number;
            };
            /** @description Rows kept with the erased addresses replaced by their tokens (`erased-<hex>@erased.invalid`): emails that had other recipients (and their events, webhook deliveries and attempts), and suppressions, which keep suppressing the address. */
            redacted: {
                emails: number;
                email_events: number;
                webhook_deliveries: number;
                webhook_attempts: number;
                suppressions: number;
            };
            /** @description Object-store files (attachments, raw received messages) deleted; 0 with files in PostgreSQL. */
            objectsDeleted: number;
        };
        /**
         * @example {
         *       "addresses": [
         *         "ann@example.com"
         *       ]
         *     }
         */
        CreateErasureRequest: {
            /** @description Plain email addresses (no display name), at most 5000. */
            addresses?: string[];
            /** @description Emails of the workspace to erase whole, at most 5000. */
            emailIds?: string[];
        };
        ErasureReceiptDocument: {
            /** @description Rows deleted, by table. */
            removed: {
                emails: number;
                email_events: number;
                webhook_deliveries: number;
                webhook_attempts: number;
                email_attachments: number;
                idempotency_keys: number;
                inbound_emails: number;
                inbound_attachments: number;
                test_recipients: number;
            };
            /** @description Rows kept with the erased addresses replaced by their tokens (`erased-<hex>@erased.invalid`): emails that had other recipients (and their events, webhook deliveries and attempts), and suppressions, which keep suppressing the address. */
            redacted: {
                emails: number;
                email_events: number;
                webhook_deliveries: number;
                webhook_attempts: number;
                suppressions: number;
            };
            /** @description Object-store files (attachments, raw received messages) deleted; 0 with files in PostgreSQL. */
            objectsDeleted: number;
            erasureId: string;
            workspaceId: string;
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed";
            /** Format: date-time */
            requestedAt: string;
            /** Format: date-time */
            completedAt: string | null;
            addressCount: number;
            emailIdCount: number;
        };
        DeliverabilityBreakdown: {
            /**
             * Format: date
             * @description The window's first UTC day.
             */
            from: string;
            /**
             * Format: date
             * @description Its last (today).
             */
            to: string;
            days: number;
            providers: {
                /**
                 * @description By the recipient domain's MX hosts: a company on Google Workspace is `gmail`.
                 * @enum {string}
                 */
                provider: "gmail" | "microsoft" | "yahoo" | "apple" | "other";
                sent: number;
                delivered: number;
                bounced: number;
                complained: number;
                /** @description Of the sent; null when nothing was sent. */
                deliveryRate: number | null;
                bounceRate: number | null;
                complaintRate: number | null;
                /** @description This provider's bounces by cause, the most frequent first. */
                bounces: {
                    /** @enum {string} */
                    cause: "unknown_user" | "mailbox_full" | "policy_block" | "dns_routing" | "message_too_large" | "suppressed" | "permanent_other" | "transient_other" | "unclassified";
                    count: number;
                }[];
            }[];
            /** @description Every bounce of the window by cause, the most frequent first. */
            bounces: {
                /** @enum {string} */
                cause: "unknown_user" | "mailbox_full" | "policy_block" | "dns_routing" | "message_too_large" | "suppressed" | "permanent_other" | "transient_other" | "unclassified";
                count: number;
            }[];
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             *
             *     `domain_not_verified`: The domain of `from` is not a verified domain of the key's workspace.
             *
             *     `domain_not_allowed`: The key is bound to sending domains and the domain of `from` is not one of them (exact names: a subdomain is another domain); nothing was stored.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed" | "domain_not_verified" | "domain_not_allowed";
                    };
                };
            };
            /** @description `conflict`: The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses. */
            409: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
            /**
             * @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong.
             *
             *     `attachment_quota_exceeded`: The workspace's attachment bytes held for unsent (queued or scheduled) emails would exceed its plan's quota; the message names the quota and what is held. Sends without files, and sends once held emails are handed off, are not affected.
             */
            422: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "validation_failed" | "attachment_quota_exceeded";
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /**
             * @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.
             *
             *     `server_busy`: The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.
             */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable" | "server_busy";
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             *
             *     `domain_not_verified`: The domain of `from` is not a verified domain of the key's workspace.
             *
             *     `domain_not_allowed`: The key is bound to sending domains and the domain of `from` is not one of them (exact names: a subdomain is another domain); nothing was stored.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed" | "domain_not_verified" | "domain_not_allowed";
                    };
                };
            };
            /** @description `conflict`: The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses. */
            409: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /**
             * @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.
             *
             *     `server_busy`: The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.
             */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable" | "server_busy";
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
            /** @description `conflict`: The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses. */
            409: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
            /** @description The email and the first 100 of its events, oldest first; `eventsNextCursor` leads to the rest (GET /emails/{id}/events). */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
            /** @description `conflict`: The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses. */
            409: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /**
             * @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.
             *
             *     `server_busy`: The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.
             */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable" | "server_busy";
                    };
                };
            };
        };
    };
    listEmailEvents: {
        parameters: {
            query?: {
                /** @description Start after this event (its id): the previous page's `nextCursor`. */
                after?: string;
                /** @description Events per page, 1 to 1000; 100 when absent. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The email's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events, oldest first. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailEventPage"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    listTopicSuppressions: {
        parameters: {
            query?: {
                /** @description Entries of this topic only. */
                topic?: string;
                /** @description Matches part of an address (case-insensitive). */
                address?: string;
                /** @description Default 100. */
                limit?: number;
                /** @description The topic of the previous page's last entry (with afterAddress). */
                afterTopic?: string;
                /** @description The address of the previous page's last entry (with afterTopic). */
                afterAddress?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entries in (topic, address) order. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopicSuppression"][];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    removeTopicSuppression: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                topic: string;
                /** @description The unsubscribed address (percent-encoded). */
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed entry. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopicSuppression"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `payload_too_large`: The request body is larger than the operation allows (see its request body). */
            413: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /**
             * @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.
             *
             *     `server_busy`: The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.
             */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable" | "server_busy";
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    listWebhookSubscriptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Subscriptions, newest first. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscription"][];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `rate_limited`: Too many requests; wait for the time in Retry-After. */
            429: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    createWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookSubscriptionRequest"];
            };
        };
        responses: {
            /** @description The new subscription, with its signing secret. */
            201: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookSubscription"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
            /** @description `conflict`: The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses. */
            409: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /**
             * @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.
             *
             *     `server_busy`: The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.
             */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable" | "server_busy";
                    };
                };
            };
        };
    };
    getWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription (`wh_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    deleteWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription (`wh_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    updateWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription (`wh_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookSubscriptionRequest"];
            };
        };
        responses: {
            /** @description The subscription as it now is. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
            /** @description `payload_too_large`: The request body is larger than the operation allows (see its request body). */
            413: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /**
             * @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.
             *
             *     `server_busy`: The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.
             */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable" | "server_busy";
                    };
                };
            };
        };
    };
    sendTestWebhookEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription (`wh_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TestWebhookEventRequest"];
            };
        };
        responses: {
            /** @description The test delivery, queued. */
            202: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetail"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
            /** @description `conflict`: The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses. */
            409: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /**
             * @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.
             *
             *     `server_busy`: The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.
             */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable" | "server_busy";
                    };
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                status?: "pending" | "succeeded" | "failed";
                /** @description Default 50. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The subscription (`wh_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliveries, newest first. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"][];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    listWebhookReplays: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription (`wh_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Replays, newest first. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookReplay"][];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    replayWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription (`wh_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplayWebhookDeliveriesRequest"];
            };
        };
        responses: {
            /** @description The replay, its deliveries scheduled. */
            202: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookReplay"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
            /**
             * @description `conflict`: The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses.
             *
             *     `replay_in_progress`: The webhook subscription already has as many replays pacing their deliveries in as allowed (WEBHOOK_REPLAYS_ACTIVE_PER_SUBSCRIPTION, 1); the message says when the running one ends.
             */
            409: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses.",
                     *       "code": "conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "conflict" | "replay_in_progress";
                    };
                };
            };
            /** @description `payload_too_large`: The request body is larger than the operation allows (see its request body). */
            413: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `replay_quota_exceeded`: The replay would take the workspace past its replayed deliveries for today (UTC, WEBHOOK_REPLAYED_DELIVERIES_PER_DAY); the message says how many are left, Retry-After when the day ends.
             *
             *     `replay_rate_limited`: The workspace asked for more replays than its own limit (API_REPLAYS_PER_MINUTE per workspace, apart from the key's request rate); nothing was replayed: wait for the time in Retry-After.
             */
            429: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
                        code?: "rate_limited" | "replay_quota_exceeded" | "replay_rate_limited";
                    };
                };
            };
            /**
             * @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.
             *
             *     `server_busy`: The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.
             */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable" | "server_busy";
                    };
                };
            };
        };
    };
    getWebhookReplay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription (`wh_…`). */
                id: string;
                /** @description The replay (`wr_…`). */
                replayId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The replay. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookReplay"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription (`wh_…`). */
                id: string;
                /** @description The delivery (`wd_…`). */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetail"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    listTemplates: {
        parameters: {
            query?: {
                /** @description Default 50. */
                limit?: number;
                /** @description The id of the last template of the previous page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of templates. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Template"][];
                        hasMore: boolean;
                    };
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    createTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTemplateRequest"];
            };
        };
        responses: {
            /** @description The new template. */
            201: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `conflict`: The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses. */
            409: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /**
             * @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.
             *
             *     `server_busy`: The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.
             */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable" | "server_busy";
                    };
                };
            };
        };
    };
    getTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id or alias. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template and its draft. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    deleteTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id or alias. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    updateTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id or alias. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTemplateRequest"];
            };
        };
        responses: {
            /** @description The template. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
            /** @description `conflict`: The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses. */
            409: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /**
             * @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.
             *
             *     `server_busy`: The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.
             */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable" | "server_busy";
                    };
                };
            };
        };
    };
    publishTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id or alias. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PublishTemplateRequest"];
            };
        };
        responses: {
            /** @description The new version. */
            201: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateVersion"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
            /** @description `payload_too_large`: The request body is larger than the operation allows (see its request body). */
            413: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /**
             * @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.
             *
             *     `server_busy`: The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.
             */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable" | "server_busy";
                    };
                };
            };
        };
    };
    duplicateTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id or alias. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DuplicateTemplateRequest"];
            };
        };
        responses: {
            /** @description The new template. */
            201: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
            /** @description `conflict`: The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses. */
            409: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /**
             * @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.
             *
             *     `server_busy`: The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.
             */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable" | "server_busy";
                    };
                };
            };
        };
    };
    listTemplateVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id or alias. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every published version, newest first. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TemplateVersion"][];
                    };
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    renderTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id or alias. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RenderTemplateRequest"];
            };
        };
        responses: {
            /** @description The rendered subject, HTML and text. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenderedTemplate"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
            /** @description `payload_too_large`: The request body is larger than the operation allows (see its request body). */
            413: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `render_rate_limited`: The workspace's template renders are over their own limit: the render endpoint's rate per workspace, or the workspace's share of render time (its renders ran long); nothing was rendered: wait for the time in Retry-After.
             */
            429: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
                        code?: "rate_limited" | "render_rate_limited";
                    };
                };
            };
            /**
             * @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.
             *
             *     `server_busy`: The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.
             */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable" | "server_busy";
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    listDmarcReports: {
        parameters: {
            query?: {
                /** @description Default 20. */
                limit?: number;
                /** @description `nextCursor` of the previous page. */
                after?: string;
                /** @description Only reports about this sending domain. */
                domain?: string;
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DmarcReport"][];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    getDmarcReport: {
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
            /** @description The report. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example dmr_3kT9… */
                        id: string;
                        /** @description The sending domain the report is about (policy_published/domain). */
                        domain: string;
                        /** @example google.com */
                        orgName: string;
                        orgEmail: string | null;
                        /** @description The reporter's id: a report is stored once per (orgName, reportId). */
                        reportId: string;
                        /** Format: date-time */
                        begin: string;
                        /** Format: date-time */
                        end: string;
                        /** @description policy_published: p, sp, adkim, aspf, pct. */
                        policy: {
                            [key: string]: unknown;
                        };
                        recordCount: number;
                        messageCount: number;
                        /** @description Whether the report's own message passed DMARC (a forged report does not). */
                        authenticated: boolean;
                        /** Format: date-time */
                        receivedAt: string;
                        records: components["schemas"]["DmarcRecord"][];
                    };
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    summarizeDmarc: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                domain?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The summary. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        from: string;
                        /** Format: date-time */
                        to: string;
                        totals: {
                            messages: number;
                            aligned: number;
                            notAligned: number;
                        };
                        sources: components["schemas"]["DmarcSource"][];
                        daily: {
                            /** Format: date */
                            day: string;
                            messages: number;
                            aligned: number;
                        }[];
                        /** @description Reports refused at the address in [from, to), by reason. */
                        refused: {
                            [key: string]: number;
                        };
                    };
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    listAuditLog: {
        parameters: {
            query?: {
                action?: "auth.sign_up" | "auth.sign_in" | "auth.sign_in_failed" | "auth.sign_out" | "auth.second_factor_enrolled" | "auth.second_factor_removed" | "auth.recovery_code_used" | "auth.recovery_codes_regenerated" | "auth.oidc_refused" | "email.canceled" | "email.rescheduled" | "api_key.created" | "api_key.revoked" | "api_key.source_refused" | "domain.created" | "domain.verified" | "domain.tracking_changed" | "domain.removed" | "receiving_domain.created" | "receiving_domain.verified" | "receiving_domain.removed" | "inbound_route.created" | "inbound_route.removed" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.replayed" | "webhook.test_sent" | "template.created" | "template.updated" | "template.deleted" | "template.published" | "template.duplicated" | "template.test_sent" | "test_recipient.added" | "test_recipient.removed" | "suppression.added" | "suppression.removed" | "suppression.imported" | "suppression.exported" | "topic_suppression.removed" | "member.invited" | "member.invitation_revoked" | "member.joined" | "member.role_changed" | "member.removed" | "operator.granted" | "operator.revoked" | "workspace.created" | "workspace.plan_changed" | "workspace.rate_limit_changed" | "workspace.second_factor_requirement_changed" | "workspace.retention_changed" | "workspace.regions_changed" | "ses.setup" | "oidc.configured" | "oidc.enabled_changed" | "oidc.removed" | "oidc.domain_allowed" | "oidc.domain_removed" | "erasure.requested" | "erasure.completed";
                /** @description The actor's id: a user id, a key id (`key_…`), `cli:<account>`. */
                actor?: string;
                /** @description The target's id. */
                target?: string;
                /** @description Entries at or after this ISO 8601 time (or date). */
                since?: string;
                /** @description Entries before this ISO 8601 time (or date). */
                until?: string;
                /** @description Default 100. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AuditEntry"][];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    exportAuditLog: {
        parameters: {
            query: {
                format: "csv" | "jsonl";
                action?: "auth.sign_up" | "auth.sign_in" | "auth.sign_in_failed" | "auth.sign_out" | "auth.second_factor_enrolled" | "auth.second_factor_removed" | "auth.recovery_code_used" | "auth.recovery_codes_regenerated" | "auth.oidc_refused" | "email.canceled" | "email.rescheduled" | "api_key.created" | "api_key.revoked" | "api_key.source_refused" | "domain.created" | "domain.verified" | "domain.tracking_changed" | "domain.removed" | "receiving_domain.created" | "receiving_domain.verified" | "receiving_domain.removed" | "inbound_route.created" | "inbound_route.removed" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.replayed" | "webhook.test_sent" | "template.created" | "template.updated" | "template.deleted" | "template.published" | "template.duplicated" | "template.test_sent" | "test_recipient.added" | "test_recipient.removed" | "suppression.added" | "suppression.removed" | "suppression.imported" | "suppression.exported" | "topic_suppression.removed" | "member.invited" | "member.invitation_revoked" | "member.joined" | "member.role_changed" | "member.removed" | "operator.granted" | "operator.revoked" | "workspace.created" | "workspace.plan_changed" | "workspace.rate_limit_changed" | "workspace.second_factor_requirement_changed" | "workspace.retention_changed" | "workspace.regions_changed" | "ses.setup" | "oidc.configured" | "oidc.enabled_changed" | "oidc.removed" | "oidc.domain_allowed" | "oidc.domain_removed" | "erasure.requested" | "erasure.completed";
                /** @description The actor's id: a user id, a key id (`key_…`), `cli:<account>`. */
                actor?: string;
                /** @description The target's id. */
                target?: string;
                /** @description Entries at or after this ISO 8601 time (or date). */
                since?: string;
                /** @description Entries before this ISO 8601 time (or date). */
                until?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entries, as CSV or JSON Lines (by `format`). */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/x-ndjson": string;
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    listErasures: {
        parameters: {
            query?: {
                /** @description Default 100. */
                limit?: number;
                /** @description The last erasure id of the previous page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Erasures, newest first. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erasure"][];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    createErasure: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateErasureRequest"];
            };
        };
        responses: {
            /** @description The erasure, queued. */
            202: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erasure"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
            /** @description `payload_too_large`: The request body is larger than the operation allows (see its request body). */
            413: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `erasure_rate_limited`: The workspace asked for more erasures in the last minute than allowed (API_ERASURES_PER_MINUTE, 10); wait for the time in Retry-After. Nothing was started.
             */
            429: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
                        code?: "rate_limited" | "erasure_rate_limited";
                    };
                };
            };
            /**
             * @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.
             *
             *     `server_busy`: The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.
             */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "unavailable" | "server_busy";
                    };
                };
            };
        };
    };
    getErasure: {
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
            /** @description The erasure with its receipt so far. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erasure"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    getErasureReceipt: {
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
            /** @description The receipt. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErasureReceiptDocument"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `not_found`: No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route. */
            404: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    getDeliverability: {
        parameters: {
            query?: {
                /** @description Default 7. */
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The breakdown. */
            200: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliverabilityBreakdown"];
                };
            };
            /** @description `bad_request`: The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query. */
            400: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
             *     `source_not_allowed`: The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.
             */
            403: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                        code?: "forbidden" | "source_not_allowed";
                    };
                };
            };
            /** @description `validation_failed`: A field, query parameter or header is invalid; the message names every one that is wrong. */
            422: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
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
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
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
            /** @description `unavailable`: A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later. */
            503: {
                headers: {
                    /** @description The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests that limit still allows right now. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until that limit's allowance is full again. */
                    "RateLimit-Reset"?: string;
                    /** @description On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
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
    sentEventWebhook: {
        parameters: {
            query?: never;
            header: {
                "User-Agent": "Service-Webhook/1.0";
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret. */
                "X-Service-Signature": string;
                /** @description The event's type, for routing without parsing the body. */
                "X-Service-Event-Type": "sent";
                /** @description The delivery id; constant across retries. */
                "X-Service-Delivery-Id": string;
                /** @description Standard Webhooks: the delivery id, as X-Service-Delivery-Id. */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt, as X-Service-Timestamp. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the decoded secret. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent_sent"];
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
            /** @description Anything else (or no answer within 10 seconds) is retried; 410 disables the subscription. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deliveredEventWebhook: {
        parameters: {
            query?: never;
            header: {
                "User-Agent": "Service-Webhook/1.0";
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret. */
                "X-Service-Signature": string;
                /** @description The event's type, for routing without parsing the body. */
                "X-Service-Event-Type": "delivered";
                /** @description The delivery id; constant across retries. */
                "X-Service-Delivery-Id": string;
                /** @description Standard Webhooks: the delivery id, as X-Service-Delivery-Id. */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt, as X-Service-Timestamp. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the decoded secret. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent_delivered"];
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
            /** @description Anything else (or no answer within 10 seconds) is retried; 410 disables the subscription. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    openedEventWebhook: {
        parameters: {
            query?: never;
            header: {
                "User-Agent": "Service-Webhook/1.0";
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret. */
                "X-Service-Signature": string;
                /** @description The event's type, for routing without parsing the body. */
                "X-Service-Event-Type": "opened";
                /** @description The delivery id; constant across retries. */
                "X-Service-Delivery-Id": string;
                /** @description Standard Webhooks: the delivery id, as X-Service-Delivery-Id. */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt, as X-Service-Timestamp. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the decoded secret. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent_opened"];
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
            /** @description Anything else (or no answer within 10 seconds) is retried; 410 disables the subscription. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    clickedEventWebhook: {
        parameters: {
            query?: never;
            header: {
                "User-Agent": "Service-Webhook/1.0";
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret. */
                "X-Service-Signature": string;
                /** @description The event's type, for routing without parsing the body. */
                "X-Service-Event-Type": "clicked";
                /** @description The delivery id; constant across retries. */
                "X-Service-Delivery-Id": string;
                /** @description Standard Webhooks: the delivery id, as X-Service-Delivery-Id. */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt, as X-Service-Timestamp. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the decoded secret. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent_clicked"];
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
            /** @description Anything else (or no answer within 10 seconds) is retried; 410 disables the subscription. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    bouncedEventWebhook: {
        parameters: {
            query?: never;
            header: {
                "User-Agent": "Service-Webhook/1.0";
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret. */
                "X-Service-Signature": string;
                /** @description The event's type, for routing without parsing the body. */
                "X-Service-Event-Type": "bounced";
                /** @description The delivery id; constant across retries. */
                "X-Service-Delivery-Id": string;
                /** @description Standard Webhooks: the delivery id, as X-Service-Delivery-Id. */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt, as X-Service-Timestamp. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the decoded secret. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent_bounced"];
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
            /** @description Anything else (or no answer within 10 seconds) is retried; 410 disables the subscription. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    complainedEventWebhook: {
        parameters: {
            query?: never;
            header: {
                "User-Agent": "Service-Webhook/1.0";
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret. */
                "X-Service-Signature": string;
                /** @description The event's type, for routing without parsing the body. */
                "X-Service-Event-Type": "complained";
                /** @description The delivery id; constant across retries. */
                "X-Service-Delivery-Id": string;
                /** @description Standard Webhooks: the delivery id, as X-Service-Delivery-Id. */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt, as X-Service-Timestamp. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the decoded secret. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent_complained"];
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
            /** @description Anything else (or no answer within 10 seconds) is retried; 410 disables the subscription. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    rejectedEventWebhook: {
        parameters: {
            query?: never;
            header: {
                "User-Agent": "Service-Webhook/1.0";
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret. */
                "X-Service-Signature": string;
                /** @description The event's type, for routing without parsing the body. */
                "X-Service-Event-Type": "rejected";
                /** @description The delivery id; constant across retries. */
                "X-Service-Delivery-Id": string;
                /** @description Standard Webhooks: the delivery id, as X-Service-Delivery-Id. */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt, as X-Service-Timestamp. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the decoded secret. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent_rejected"];
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
            /** @description Anything else (or no answer within 10 seconds) is retried; 410 disables the subscription. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    renderingFailedEventWebhook: {
        parameters: {
            query?: never;
            header: {
                "User-Agent": "Service-Webhook/1.0";
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret. */
                "X-Service-Signature": string;
                /** @description The event's type, for routing without parsing the body. */
                "X-Service-Event-Type": "rendering_failed";
                /** @description The delivery id; constant across retries. */
                "X-Service-Delivery-Id": string;
                /** @description Standard Webhooks: the delivery id, as X-Service-Delivery-Id. */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt, as X-Service-Timestamp. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the decoded secret. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent_rendering_failed"];
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
            /** @description Anything else (or no answer within 10 seconds) is retried; 410 disables the subscription. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deliveryDelayedEventWebhook: {
        parameters: {
            query?: never;
            header: {
                "User-Agent": "Service-Webhook/1.0";
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret. */
                "X-Service-Signature": string;
                /** @description The event's type, for routing without parsing the body. */
                "X-Service-Event-Type": "delivery_delayed";
                /** @description The delivery id; constant across retries. */
                "X-Service-Delivery-Id": string;
                /** @description Standard Webhooks: the delivery id, as X-Service-Delivery-Id. */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt, as X-Service-Timestamp. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the decoded secret. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent_delivery_delayed"];
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
            /** @description Anything else (or no answer within 10 seconds) is retried; 410 disables the subscription. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    failedEventWebhook: {
        parameters: {
            query?: never;
            header: {
                "User-Agent": "Service-Webhook/1.0";
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret. */
                "X-Service-Signature": string;
                /** @description The event's type, for routing without parsing the body. */
                "X-Service-Event-Type": "failed";
                /** @description The delivery id; constant across retries. */
                "X-Service-Delivery-Id": string;
                /** @description Standard Webhooks: the delivery id, as X-Service-Delivery-Id. */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt, as X-Service-Timestamp. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the decoded secret. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent_failed"];
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
            /** @description Anything else (or no answer within 10 seconds) is retried; 410 disables the subscription. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receivedEventWebhook: {
        parameters: {
            query?: never;
            header: {
                "User-Agent": "Service-Webhook/1.0";
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret. */
                "X-Service-Signature": string;
                /** @description The event's type, for routing without parsing the body. */
                "X-Service-Event-Type": "received";
                /** @description The delivery id; constant across retries. */
                "X-Service-Delivery-Id": string;
                /** @description Standard Webhooks: the delivery id, as X-Service-Delivery-Id. */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt, as X-Service-Timestamp. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the decoded secret. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent_received"];
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
            /** @description Anything else (or no answer within 10 seconds) is retried; 410 disables the subscription. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    unsubscribedEventWebhook: {
        parameters: {
            query?: never;
            header: {
                "User-Agent": "Service-Webhook/1.0";
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret. */
                "X-Service-Signature": string;
                /** @description The event's type, for routing without parsing the body. */
                "X-Service-Event-Type": "unsubscribed";
                /** @description The delivery id; constant across retries. */
                "X-Service-Delivery-Id": string;
                /** @description Standard Webhooks: the delivery id, as X-Service-Delivery-Id. */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt, as X-Service-Timestamp. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the decoded secret. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent_unsubscribed"];
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
            /** @description Anything else (or no answer within 10 seconds) is retried; 410 disables the subscription. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
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
                "X-Service-Event-Type": "sent" | "delivered" | "opened" | "clicked" | "bounced" | "complained" | "rejected" | "rendering_failed" | "delivery_delayed" | "failed" | "received" | "unsubscribed";
                /** @description The delivery id; constant across retries. */
                "X-Service-Delivery-Id": string;
                /** @description Standard Webhooks: the delivery id, as X-Service-Delivery-Id. */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt, as X-Service-Timestamp. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the decoded secret. */
                "webhook-signature": string;
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
