# frozen_string_literal: true

module SvcEmail
  # Sending and reading emails.
  class Emails < Resource
    operation "sendEmail"
    # Queues an email (202): { id:, status:, replayed: }. Safe to retry: one Idempotency-Key is
    # generated per call and reused by every retry; pass your own (an order id, say) to make your
    # own retries safe. +replayed+: the stored result of an earlier send with the same key.
    def send_email(email, idempotency_key: nil)
      answer = @transport.call("sendEmail", body: email, idempotency_key: idempotency_key)
      answer.body.merge(replayed: answer.replayed?)
    end

    operation "sendEmailBatch"
    # Up to 100 emails in one request: { entries:, replayed: }. mode "strict" (default): one
    # refused email refuses the batch (an UnprocessableEntityError with details[:errors]);
    # "permissive": the others are created and the refused ones answered as { error:, code: } entries.
    def send_batch(emails, mode: nil, idempotency_key: nil)
      answer = @transport.call("sendEmailBatch", query: { mode: mode }, body: emails, idempotency_key: idempotency_key)
      { entries: answer.body, replayed: answer.replayed? }
    end

    operation "getEmail"
    # One email with the first page of its events (eventsNextCursor leads to the rest).
    def get(id)
      call("getEmail", path: { id: id })
    end

    operation "listEmails"
    # One page, newest first; +after+ is the last id of the previous page.
    def list_page(limit: DEFAULT_PAGE_SIZE, after: nil, status: nil, to: nil, tag: nil, created_after: nil, created_before: nil)
      query = camel(limit: limit, after: after, status: status, to: to, tag: tag, created_after: created_after, created_before: created_before)
      call("listEmails", query: query)
    end

    # Every email matching the filters (list_page's keywords), newest first, fetched a page at a
    # time as you iterate (an Enumerator).
    def list(page_size: DEFAULT_PAGE_SIZE, after: nil, **filters)
      paginate do |cursor|
        page = list_page(limit: page_size, after: cursor || after, **filters)
        [page, page.length < page_size ? nil : page.last[:id]]
      end
    end

    operation "listEmailEvents"
    # One page of an email's events, oldest first; +after+ is the previous nextCursor.
    def events_page(id, after: nil, limit: nil)
      call("listEmailEvents", path: { id: id }, query: camel(after: after, limit: limit))
    end

    # Every event of an email, oldest first, a page at a time.
    def events(id, page_size: nil)
      paginate do |cursor|
        page = events_page(id, after: cursor, limit: page_size)
        [page[:events], page[:nextCursor]]
      end
    end

    operation "rescheduleEmail"
    # Moves a scheduled email to +scheduled_at+ (a Time, or ISO 8601 with a zone).
    def reschedule(id, scheduled_at)
      at = scheduled_at.respond_to?(:iso8601) ? scheduled_at.iso8601(3) : scheduled_at
      call("rescheduleEmail", path: { id: id }, body: { scheduledAt: at })
    end

    operation "cancelEmail"
    # A scheduled email becomes canceled; any other status is a ConflictError (409).
    def cancel(id)
      call("cancelEmail", path: { id: id })
    end
  end
end
