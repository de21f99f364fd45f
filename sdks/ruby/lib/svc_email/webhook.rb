# frozen_string_literal: true

require "json"
require "openssl"

module SvcEmail
  # Verifying the webhooks the service sends, with OpenSSL from the standard library.
  #
  # Both schemes the service signs with are accepted: its own X-Service-Signature (hex HMAC-SHA256
  # of "<timestamp>.<raw body>" keyed with the secret) and Standard Webhooks (webhook-signature:
  # "v1,<base64 HMAC-SHA256 of '<id>.<timestamp>.<raw body>'>" keyed with the base64-decoded part
  # of whsec_…). Signatures are compared in constant time, on the raw body, and the timestamp must
  # be at most 300 s old and 30 s ahead.
  module Webhook
    MAX_AGE_SECONDS = 300
    MAX_FUTURE_SECONDS = 30

    module_function

    # Checks the signature and the timestamp window; returns the scheme ("service" or "standard")
    # or raises WebhookVerificationError.
    #
    # +raw_body+: the request body exactly as received (request.raw_post in Rails), never a
    # re-encoded one. +headers+: a Hash in any case (values may be arrays), a Rack env, or Rails'
    # request.headers.
    def verify_signature(raw_body, headers, secret, now: nil)
      raise ArgumentError, "raw_body must be the request body exactly as received (a String), not a parsed object." unless raw_body.is_a?(String)
      raise ArgumentError, "secret must be the subscription's signing secret (whsec_…)." if !secret.is_a?(String) || secret.empty?

      body = raw_body.b
      current = (now || Time.now).to_i
      service_signature = header(headers, "x-service-signature")
      standard_signature = header(headers, "webhook-signature")
      return verify_standard(headers, standard_signature, body, secret, current) if service_signature.empty? && !standard_signature.empty?

      timestamp = header(headers, "x-service-timestamp")
      raise WebhookVerificationError.new("The X-Service-Signature header is missing.", "missing_signature") if service_signature.empty?
      raise WebhookVerificationError.new("The X-Service-Timestamp header is missing.", "missing_timestamp") if timestamp.empty?

      check_timestamp(timestamp, "X-Service-Timestamp", current)
      unless service_signature.match?(/\A[0-9a-fA-F]{64}\z/)
        raise WebhookVerificationError.new("The X-Service-Signature header is not a hex HMAC-SHA256.", "malformed_signature")
      end

      expected = OpenSSL::HMAC.hexdigest("SHA256", secret, "#{timestamp}.".b + body)
      unless OpenSSL.fixed_length_secure_compare(expected, service_signature.downcase)
        raise WebhookVerificationError.new("The signature does not match the body and timestamp for this secret.", "signature_mismatch")
      end

      "service"
    end

    # Verifies a webhook request and returns its body parsed (symbol keys), or raises
    # WebhookVerificationError.
    def construct_event(raw_body, headers, secret, now: nil)
      verify_signature(raw_body, headers, secret, now: now)
      begin
        event = JSON.parse(raw_body, symbolize_names: true, max_nesting: 64)
      rescue JSON::ParserError
        raise WebhookVerificationError.new("The webhook body is not JSON.", "malformed_body")
      end
      unless event.is_a?(Hash) && event[:id].is_a?(String) && event[:data].is_a?(Hash)
        raise WebhookVerificationError.new("The webhook body does not have the webhook event shape.", "malformed_body")
      end

      event
    end

    def verify_standard(headers, signatures, body, secret, now)
      id = header(headers, "webhook-id")
      timestamp = header(headers, "webhook-timestamp")
      raise WebhookVerificationError.new("The webhook-id header is missing.", "missing_id") if id.empty?
      raise WebhookVerificationError.new("The webhook-timestamp header is missing.", "missing_timestamp") if timestamp.empty?

      seconds = check_timestamp(timestamp, "webhook-timestamp", now)
      expected = OpenSSL::HMAC.digest("SHA256", standard_key(secret), "#{id}.#{seconds}.".b + body)
      well_formed = false
      signatures.split(" ").each do |versioned|
        version, encoded = versioned.split(",", 2)
        next unless version == "v1" && encoded&.match?(%r{\A[A-Za-z0-9+/]{43}=\z})

        well_formed = true
        return "standard" if OpenSSL.fixed_length_secure_compare(expected, encoded.unpack1("m0"))
      end
      raise WebhookVerificationError.new("The webhook-signature header holds no v1 base64 HMAC-SHA256.", "malformed_signature") unless well_formed

      raise WebhookVerificationError.new("The signature does not match the id, body and timestamp for this secret.", "signature_mismatch")
    end

    # The Standard Webhooks key: the bytes after whsec_ (either base64 alphabet), else the secret itself.
    def standard_key(secret)
      encoded = secret.delete_prefix("whsec_")
      if encoded != secret && encoded.match?(%r{\A[A-Za-z0-9+/_-]+={0,2}\z})
        normalized = encoded.tr("-_", "+/").delete("=")
        key = (normalized + ("=" * (-normalized.length % 4))).unpack1("m")
        return key unless key.empty?
      end
      secret
    end

    def check_timestamp(value, name, now)
      raise WebhookVerificationError.new("The #{name} header is not a Unix time in seconds.", "malformed_timestamp") unless value.match?(/\A\d{1,12}\z/)

      age = now - value.to_i
      if age > MAX_AGE_SECONDS
        raise WebhookVerificationError.new("The timestamp is #{age} seconds old; at most #{MAX_AGE_SECONDS} are accepted.", "timestamp_too_old")
      end
      if age < -MAX_FUTURE_SECONDS
        raise WebhookVerificationError.new("The timestamp is #{-age} seconds in the future; at most #{MAX_FUTURE_SECONDS} are accepted.",
                                           "timestamp_in_future")
      end

      value.to_i
    end

    # A header's value ("" when absent) from a Hash in any case, a Rack env (HTTP_WEBHOOK_ID), or
    # anything answering [] by header name (Rails' request.headers).
    def header(headers, name)
      value = if headers.is_a?(Hash)
                rack = "HTTP_#{name.upcase.tr('-', '_')}"
                found = headers.find { |key, _| key.to_s.casecmp?(name) || key.to_s == rack }
                found&.last
              else
                headers[name]
              end
      value = value.first if value.is_a?(Array)
      value.to_s
    end

    private_class_method :verify_standard, :standard_key, :check_timestamp, :header
  end
end
