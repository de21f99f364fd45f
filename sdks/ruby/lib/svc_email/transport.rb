# frozen_string_literal: true

require "json"
require "net/http"
require "openssl"
require "securerandom"
require "time"
require "uri"
require "zlib"

module SvcEmail
  # When and how long to wait before trying a call again. +max_retries+: attempts after the first;
  # +base_delay+: the first backoff in seconds, doubled on each retry, with full jitter;
  # +max_delay+: no single wait is longer, and a Retry-After beyond it is raised, not waited for.
  RetryPolicy = Struct.new(:max_retries, :base_delay, :max_delay, keyword_init: true) do
    # 5xx, and 429 unless it is the daily limit without a Retry-After (that resets tomorrow).
    def self.retryable?(status, code, retry_after)
      return true if status >= 500
      return code != "daily_limit_reached" || !retry_after.nil? if status == 429

      false
    end

    # Retry-After as seconds: delay-seconds or an HTTP date; nil when absent or unreadable.
    def self.parse_retry_after(value, now: nil)
      return nil if value.nil?

      value = value.strip
      return value.to_f if value.match?(/\A\d+\z/)

      [Time.httpdate(value).to_f - (now || Time.now.to_f), 0.0].max
    rescue ArgumentError
      nil
    end

    # Full jitter spreads the retries of many clients after one outage.
    def backoff(retry_number)
      rand * [max_delay, base_delay * (2**retry_number)].min
    end
  end

  # A successful answer: its status, headers (names lower-cased) and decoded body.
  Answer = Struct.new(:status, :headers, :body, keyword_init: true) do
    # True when the API answered with the stored result of an earlier send with the same key.
    def replayed?
      headers["idempotent-replayed"] == "true"
    end
  end

  # One API call with retries, on net/http.
  class Transport
    # Errors that mean no (complete) answer came back.
    NO_ANSWER = [SystemCallError, IOError, SocketError, EOFError, OpenSSL::SSL::SSLError, Net::HTTPBadResponse,
                 Net::HTTPHeaderSyntaxError, Zlib::Error].freeze

    def initialize(api_key:, base_url:, timeout:, retry_policy:, user_agent:, sleep: ->(seconds) { Kernel.sleep(seconds) })
      # Held in a lambda so that no inspect of a client shows the key.
      @authorization = -> { "Bearer #{api_key}" }
      @base_url = base_url.chomp("/")
      @timeout = timeout
      @retry = retry_policy
      @user_agent = user_agent
      @sleep = sleep
    end

    def call(operation_id, path: {}, query: {}, body: nil, idempotency_key: nil)
      op = OPERATIONS.fetch(operation_id) { raise ArgumentError, "unknown operation #{operation_id}" }
      uri = URI(url(op, path, query))
      headers = { "Accept" => op.response == :json ? "application/json" : "*/*", "User-Agent" => @user_agent }
      headers["Authorization"] = @authorization.call if op.auth
      # Generated once per logical call and sent on every retry: a send retried after a lost
      # answer is queued once.
      headers["Idempotency-Key"] = idempotency_key || "sdk-#{SecureRandom.uuid}" if op.idempotency_key
      data = nil
      if op.has_body && !body.nil?
        data = JSON.generate(body)
        headers["Content-Type"] = "application/json"
      end

      retry_number = 0
      loop do
        last_try = retry_number >= @retry.max_retries
        begin
          status, answer_headers, raw = attempt(op.http_method, uri, headers, data)
        rescue ConnectionError
          raise if last_try || !op.safe_to_repeat

          @sleep.call(@retry.backoff(retry_number))
          retry_number += 1
          next
        end
        return Answer.new(status: status, headers: answer_headers, body: decode(op.response, status, raw)) if (200..299).cover?(status)

        error = api_error(status, answer_headers, raw)
        raise error if last_try || !RetryPolicy.retryable?(status, error.code, error.retry_after)

        wait = error.retry_after || @retry.backoff(retry_number)
        raise error if wait > @retry.max_delay

        @sleep.call(wait)
        retry_number += 1
      end
    end

    def inspect
      "#<#{self.class.name} #{@base_url}>"
    end

    private

    def url(op, path, query)
      text = op.path.dup
      op.path_params.each do |name|
        value = path[name.to_sym] || path[name]
        raise ArgumentError, "#{op.id}: the path parameter #{name.inspect} is required." if value.nil? || value.to_s.empty?

        text = text.sub("{#{name}}", URI.encode_www_form_component(value.to_s).gsub("+", "%20"))
      end
      unknown = query.keys.map(&:to_s) - op.query_params
      raise ArgumentError, "#{op.id}: unknown query parameters #{unknown.join(', ')}; it takes #{op.query_params.join(', ')}." unless unknown.empty?

      pairs = query.reject { |_, value| value.nil? }.map do |name, value|
        value = value.iso8601 if value.respond_to?(:iso8601)
        [name.to_s, value.to_s]
      end
      @base_url + text + (pairs.empty? ? "" : "?#{URI.encode_www_form(pairs)}")
    end

    def attempt(method, uri, headers, data)
      # No proxy from the environment (nil), and net/http follows no redirect: the key goes only
      # where base_url says, and a redirect is answered as the error it is.
      http = Net::HTTP.new(uri.host, uri.port, nil)
      http.use_ssl = uri.scheme == "https"
      http.open_timeout = @timeout
      http.read_timeout = @timeout
      http.write_timeout = @timeout
      # The retries are this class's (net/http would repeat idempotent requests on its own).
      http.max_retries = 0
      request = Net::HTTPGenericRequest.new(method, !data.nil?, true, uri.request_uri, headers)
      request.body = data if data
      response = http.start { |connection| connection.request(request) }
      answer_headers = {}
      response.each_header { |name, value| answer_headers[name.downcase] = value }
      [response.code.to_i, answer_headers, response.body || +""]
    rescue Net::OpenTimeout, Net::ReadTimeout, Net::WriteTimeout
      raise TimeoutError, "No answer from #{method} #{uri} within #{@timeout} s."
    rescue *NO_ANSWER => e
      # A connection refused, reset or closed mid-answer is no answer.
      raise ConnectionError, "#{method} #{uri} failed: #{e.class.name}"
    end

    def decode(kind, status, raw)
      return raw.b if kind == :bytes
      return raw.dup.force_encoding(Encoding::UTF_8) if kind == :text
      return nil if raw.empty?

      JSON.parse(raw, symbolize_names: true)
    rescue JSON::ParserError
      # A 2xx that is not JSON did not come from the API (a captive portal, a proxy page).
      raise ApiError.new("HTTP #{status} with a body that is not JSON.", status, "unknown")
    end

    def api_error(status, headers, raw)
      retry_after = RetryPolicy.parse_retry_after(headers["retry-after"])
      parsed = begin
        raw.empty? ? nil : JSON.parse(raw, symbolize_names: true)
      rescue JSON::ParserError
        nil
      end
      if parsed.is_a?(Hash) && parsed[:error].is_a?(String) && parsed[:code].is_a?(String)
        details = parsed.reject { |key, _| %i[error code].include?(key) }
        return ApiError.for_status(status, parsed[:error], parsed[:code], retry_after: retry_after, details: details)
      end
      ApiError.for_status(status, "HTTP #{status} without an API error body.", "unknown", retry_after: retry_after)
    end
  end
end
