# frozen_string_literal: true

module SvcEmail
  # Base of every error this library raises.
  class Error < StandardError; end

  # The API (or a proxy in front of it) answered with an error status. Match on +code+ (stable:
  # "not_found", "validation_failed", …), or "unknown" when the answer was not the API's
  # {"error", "code"} body (a proxy's HTML page, say).
  class ApiError < Error
    # +retry_after+: seconds from the answer's Retry-After header, when it had one. +details+: the
    # rest of the error body (symbol keys): +:errors+ lists every refused email of a strict batch.
    attr_reader :api_message, :status, :code, :retry_after, :details

    def initialize(api_message, status, code, retry_after: nil, details: {})
      @api_message = api_message
      @status = status
      @code = code
      @retry_after = retry_after
      @details = details
      super("#{api_message} (HTTP #{status}, #{code})")
    end

    # The subclass for an error status.
    def self.for_status(status, message, code, retry_after: nil, details: {})
      klass = if status >= 500 then ServerError
              else
                { 400 => BadRequestError, 401 => AuthenticationError, 403 => PermissionDeniedError, 404 => NotFoundError,
                  409 => ConflictError, 422 => UnprocessableEntityError, 429 => RateLimitError }.fetch(status, ApiError)
              end
      klass.new(message, status, code, retry_after: retry_after, details: details)
    end
  end

  # 400: the request could not be read.
  class BadRequestError < ApiError; end
  # 401: the API key is missing, unknown or revoked.
  class AuthenticationError < ApiError; end
  # 403: the key's scope does not allow this, or the sending domain is not verified.
  class PermissionDeniedError < ApiError; end
  # 404: no such resource in the key's workspace.
  class NotFoundError < ApiError; end
  # 409: the resource is not in a state that allows this.
  class ConflictError < ApiError; end
  # 422: the request was read but refused ("validation_failed" and others).
  class UnprocessableEntityError < ApiError; end
  # 429: a rate or daily limit; +retry_after+ says when to come back, when known.
  class RateLimitError < ApiError; end
  # 5xx, after the client's retries.
  class ServerError < ApiError; end

  # No answer: the connection failed or was cut before a complete answer arrived.
  class ConnectionError < Error; end
  # No answer within the client's timeout.
  class TimeoutError < ConnectionError; end

  # The request is not a genuine, fresh webhook: answer it with a 4xx and do nothing else.
  # +reason+ is one of missing_signature, missing_timestamp, missing_id, malformed_timestamp,
  # timestamp_too_old, timestamp_in_future, malformed_signature, signature_mismatch, malformed_body.
  # The message never holds the expected signature.
  class WebhookVerificationError < Error
    attr_reader :reason

    def initialize(message, reason)
      @reason = reason
      super(message)
    end
  end
end
