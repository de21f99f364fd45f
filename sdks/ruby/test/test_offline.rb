# frozen_string_literal: true

require_relative "helper"

# The offline scenarios (coverage, webhook-vectors) and the client's edges that need no server.
class Offline < Minitest::Test
  METHODS = %w[get post put patch delete].freeze
  VECTORS = File.expand_path("../../conformance/webhook-vectors.json", __dir__)

  def document_operations
    file = ENV.fetch("SVC_OPENAPI", nil) || File.expand_path("../../../docs/openapi.json", __dir__)
    document = JSON.parse(File.read(file))
    document["paths"].each_with_object({}) do |(path, item), found|
      item.each { |method, op| found[op["operationId"]] = "#{method.upcase} #{path}" if METHODS.include?(method) }
    end
  end

  def vector_cases
    JSON.parse(File.read(VECTORS))["cases"]
  end

  def test_coverage
    # Every operation of the document, read now, has a method; the generated table matches it.
    documented = document_operations
    assert_operator documented.size, :>, 30
    methods = SvcEmail::Client.new(api_key: "svc_test_x", base_url: "http://127.0.0.1:9").operation_methods
    missing = (documented.keys - methods.keys).sort
    assert_empty missing, "operations without an SDK method: #{missing.join(', ')}"
    table = SvcEmail::OPERATIONS.transform_values { |op| "#{op.http_method} #{op.path}" }
    assert_equal documented.sort.to_h, table.sort.to_h, "the generated table differs from docs/openapi.json: run pnpm openapi"
  end

  def test_webhook_vectors
    cases = vector_cases
    assert_operator cases.size, :>, 10
    cases.each do |c|
      if %w[service standard].include?(c["expect"])
        assert_equal c["expect"], SvcEmail::Webhook.verify_signature(c["body"], c["headers"], c["secret"], now: c["now"]), c["id"]
        next
      end
      refused = assert_raises(SvcEmail::WebhookVerificationError, c["id"]) do
        SvcEmail::Webhook.construct_event(c["body"], c["headers"], c["secret"], now: c["now"])
      end
      assert_equal c["expect"], refused.reason, c["id"]
      expected = OpenSSL::HMAC.hexdigest("SHA256", c["secret"], "#{c['headers'].fetch('X-Service-Timestamp', '')}.#{c['body']}")
      refute_includes refused.message, expected, c["id"]
    end
  end

  def test_headers_as_rack_env_or_lists_any_case
    c = vector_cases.find { |v| v["id"] == "standard-valid" }
    rack = c["headers"].to_h { |name, value| ["HTTP_#{name.upcase.tr('-', '_')}", value] }
    assert_equal "standard", SvcEmail::Webhook.verify_signature(c["body"], rack, c["secret"], now: c["now"])
    lists = c["headers"].to_h { |name, value| [name.upcase, [value]] }
    assert_equal "standard", SvcEmail::Webhook.verify_signature(c["body"], lists, c["secret"], now: c["now"])
  end

  def test_refuses_a_parsed_body
    assert_raises(ArgumentError) { SvcEmail::Webhook.verify_signature({ id: "wd_x" }, {}, "whsec_x") }
  end

  def test_refuses_to_start_without_a_key
    saved = ENV.delete("SVC_API_KEY")
    error = assert_raises(SvcEmail::Error) { SvcEmail::Client.new(base_url: "http://127.0.0.1:9") }
    assert_includes error.message, "API key"
  ensure
    ENV["SVC_API_KEY"] = saved if saved
  end

  def test_the_key_stays_out_of_inspect
    client = SvcEmail::Client.new(api_key: "svc_test_secretkey", base_url: "http://127.0.0.1:9")
    shown = [client, client.emails, client.emails.instance_variable_get(:@transport)].map(&:inspect).join
    refute_includes shown, "secretkey"
  end

  def test_retry_after
    assert_equal 3.0, SvcEmail::RetryPolicy.parse_retry_after("3")
    assert_equal 10.0, SvcEmail::RetryPolicy.parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now: 1_445_412_470.0)
    assert_nil SvcEmail::RetryPolicy.parse_retry_after("soon")
    assert_nil SvcEmail::RetryPolicy.parse_retry_after(nil)
    refute SvcEmail::RetryPolicy.retryable?(429, "daily_limit_reached", nil)
    assert SvcEmail::RetryPolicy.retryable?(429, "rate_limited", nil)
    assert SvcEmail::RetryPolicy.retryable?(503, "unknown", nil)
    refute SvcEmail::RetryPolicy.retryable?(422, "validation_failed", nil)
  end
end
