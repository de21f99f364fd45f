# frozen_string_literal: true

require_relative "helper"
require "net/http"
require "securerandom"
require "time"
require "timeout"
require_relative "../examples/webhook_receiver"

# The conformance scenarios (sdks/conformance/scenarios.json) against the real service, one test
# per scenario id (test_<id with underscores>). Run by sdks/test/conformance.test.ts, which starts
# the API and the dispatcher and hands keys over in the environment. Without that environment
# every test errors: a scenario that cannot run is never a pass.
class Conformance < Minitest::Test
  def env(name)
    value = ENV.fetch(name, "")
    raise "#{name} is not set: the conformance tests run from sdks/test/conformance.test.ts" if value.empty?

    value
  end

  def client(scope = "full-access", base_url: nil, **options)
    key = env("SVC_CONFORMANCE_KEY_#{scope.upcase.tr('-', '_')}")
    SvcEmail::Client.new(api_key: key, base_url: base_url || env("SVC_CONFORMANCE_BASE_URL"), **options)
  end

  def token
    SecureRandom.hex(6)
  end

  # The proxy as a base URL playing +fault+, and its token.
  def through_proxy(fault)
    tok = token
    ["#{env('SVC_CONFORMANCE_PROXY_URL')}/#{fault}/#{tok}", tok]
  end

  def seen(tok)
    JSON.parse(Net::HTTP.get(URI("#{env('SVC_CONFORMANCE_PROXY_URL')}/_seen/#{tok}")))
  end

  def posts(tok)
    seen(tok).select { |r| r["method"] == "POST" }
  end

  def email(**fields)
    { from: "Conformance <hello@#{env('SVC_CONFORMANCE_DOMAIN')}>", to: ["someone@example.org"], subject: "ruby #{SecureRandom.hex(8)}", text: "Hi" }
      .merge(fields)
  end

  def ids_to(recipient)
    client.emails.list(to: recipient).map { |e| e[:id] }
  end

  def test_missing_api_key
    url, tok = through_proxy("pass")
    saved = ENV.delete("SVC_API_KEY")
    begin
      error = assert_raises(SvcEmail::Error) { SvcEmail::Client.new(base_url: url).emails.send_email(email) }
      assert_includes error.message, "API key"
    ensure
      ENV["SVC_API_KEY"] = saved if saved
    end
    assert_equal [], seen(tok)
  end

  def test_send_and_read
    message = email
    sent = client("send-only").emails.send_email(message)
    assert sent[:id].start_with?("email_")
    assert_equal "queued", sent[:status]
    refute sent[:replayed]
    read = client("read-only").emails.get(sent[:id])
    assert_equal [sent[:id], message[:subject], message[:to]], [read[:id], read[:subject], read[:to]]
  end

  def mixed_batch(recipient = "someone@example.org")
    [email(to: [recipient]), email(to: ["not-an-address"])]
  end

  def test_batch_strict
    recipient = "strict-#{token}@example.org"
    error = assert_raises(SvcEmail::UnprocessableEntityError) { client("send-only").emails.send_batch(mixed_batch(recipient)) }
    assert_equal [422, "validation_failed"], [error.status, error.code]
    assert_equal [[1, "validation_failed"]], error.details[:errors].map { |e| [e[:index], e[:code]] }
    assert_equal [], ids_to(recipient)
  end

  def test_batch_permissive
    first, second = client("send-only").emails.send_batch(mixed_batch, mode: "permissive")[:entries]
    assert first[:id].start_with?("email_")
    assert_equal "queued", first[:status]
    assert_equal "validation_failed", second[:code]
    assert_kind_of String, second[:error]
  end

  def test_schedule_and_cancel
    emails = client.emails
    scheduled = emails.send_email(email(scheduledAt: (Time.now.utc + 3600).iso8601))
    assert_equal "scheduled", scheduled[:status]
    later = Time.at(Time.now.to_i + 7200).utc
    moved = emails.reschedule(scheduled[:id], later)
    assert_equal "scheduled", moved[:status]
    assert_equal later, Time.iso8601(moved[:scheduledAt])
    assert_equal "canceled", emails.cancel(scheduled[:id])[:status]
    assert_equal "canceled", emails.get(scheduled[:id])[:status]
    error = assert_raises(SvcEmail::ConflictError) { emails.cancel(scheduled[:id]) }
    assert_equal [409, "conflict"], [error.status, error.code]
  end

  def test_list_pages
    recipient = "list-#{token}@example.org"
    sender = client("send-only")
    ids = Array.new(5) { sender.emails.send_email(email(to: [recipient]))[:id] }
    url, tok = through_proxy("pass")
    listed = client(base_url: url).emails.list(to: recipient, page_size: 2).map { |e| e[:id] }
    assert_equal ids.sort, listed.sort
    assert_equal 5, listed.uniq.size
    created = listed.map { |id| client.emails.get(id)[:createdAt] }
    assert_equal created.sort.reverse, created
    assert_equal 3, seen(tok).count { |r| r["method"] == "GET" }
  end

  def test_retry_503_same_key
    url, tok = through_proxy("503-once")
    recipient = "retry-#{tok}@example.org"
    sent = client(base_url: url, retry_base_delay: 0.05).emails.send_email(email(to: [recipient]))
    requests = posts(tok)
    assert_equal [503, 202], requests.map { |r| r["status"] }
    refute_empty requests[0]["idempotencyKey"].to_s
    assert_equal requests[0]["idempotencyKey"], requests[1]["idempotencyKey"]
    assert_equal [sent[:id]], ids_to(recipient)
  end

  def test_retry_429_retry_after
    url, tok = through_proxy("429-once")
    sent = client("send-only", base_url: url).emails.send_email(email)
    assert_equal "queued", sent[:status]
    requests = posts(tok)
    assert_equal [429, 202], requests.map { |r| r["status"] }
    assert_equal requests[0]["idempotencyKey"], requests[1]["idempotencyKey"]
    assert_operator requests[1]["at"] - requests[0]["at"], :>=, 990
  end

  def test_retry_dropped_connection
    url, tok = through_proxy("drop-once")
    recipient = "dropped-#{tok}@example.org"
    sent = client(base_url: url, retry_base_delay: 0.05).emails.send_email(email(to: [recipient]))
    assert sent[:replayed]
    requests = posts(tok)
    assert_equal [nil, 202], requests.map { |r| r["status"] }
    assert_equal requests[0]["idempotencyKey"], requests[1]["idempotencyKey"]
    assert_equal [sent[:id]], ids_to(recipient)
  end

  def test_non_json_error
    url, = through_proxy("html-502")
    error = assert_raises(SvcEmail::ApiError) { client("read-only", base_url: url, max_retries: 0).emails.list_page }
    assert_equal [502, "unknown"], [error.status, error.code]
  end

  def test_error_401
    unknown = SvcEmail::Client.new(api_key: "svc_live_#{'x' * 32}", base_url: env("SVC_CONFORMANCE_BASE_URL"))
    error = assert_raises(SvcEmail::AuthenticationError) { unknown.emails.list_page }
    assert_equal [401, "unauthorized"], [error.status, error.code]
  end

  def test_error_403
    error = assert_raises(SvcEmail::PermissionDeniedError) { client("send-only").api_keys.list }
    assert_equal [403, "forbidden"], [error.status, error.code]
  end

  def test_dmarc
    dmarc = client("read-only").dmarc
    assert_equal({ data: [], nextCursor: nil }, dmarc.list_reports_page(domain: "example.org"))
    assert_equal [], dmarc.list_reports(domain: "example.org", page_size: 1).to_a
    error = assert_raises(SvcEmail::NotFoundError) { dmarc.get_report("dmr_doesnotexist") }
    assert_equal [404, "not_found"], [error.status, error.code]
    summary = dmarc.summary(from: "2026-01-01T00:00:00Z", to: "2026-01-08T00:00:00Z")
    assert_equal ["2026-01-01T00:00:00.000Z", "2026-01-08T00:00:00.000Z"], [summary[:from], summary[:to]]
    assert_equal({ messages: 0, aligned: 0, notAligned: 0 }, summary[:totals])
    assert_equal [[], [], {}], [summary[:sources], summary[:daily], summary[:refused]]
  end

  def test_topic_suppressions
    address = "ruby+x/y?z@example.org"
    listed = client("read-only").suppressions.list_topics(address: "ruby+", page_size: 1).map { |e| [e[:topic], e[:address]] }
    assert_equal [["digest", address], ["news.letter", address]], listed
    suppressions = client.suppressions
    removed = suppressions.remove_topic("news.letter", address)
    assert_equal ["news.letter", address], [removed[:topic], removed[:address]]
    error = assert_raises(SvcEmail::NotFoundError) { suppressions.remove_topic("news.letter", address) }
    assert_equal [404, "not_found"], [error.status, error.code]
    assert_equal ["digest"], suppressions.list_topics_page(address: "ruby+").map { |e| e[:topic] }
  end

  def test_error_404
    error = assert_raises(SvcEmail::NotFoundError) { client("read-only").emails.get("email_doesnotexist") }
    assert_equal [404, "not_found"], [error.status, error.code]
  end

  def test_error_422
    error = assert_raises(SvcEmail::UnprocessableEntityError) { client("send-only").emails.send_email(email(to: [])) }
    assert_equal [422, "validation_failed"], [error.status, error.code]
  end

  def test_error_429
    url, = through_proxy("429-always")
    error = assert_raises(SvcEmail::RateLimitError) { client("read-only", base_url: url, max_retries: 0).emails.list_page }
    assert_equal [429, "rate_limited", 1.0], [error.status, error.code, error.retry_after]
  end

  def test_webhook_delivery
    deliveries = Queue.new
    secret = +""
    receiver = SvcEmail::Examples::WebhookReceiver.new(secret: -> { secret }) { |event, raw, headers| deliveries << [event, raw, headers] }
    receiver.start
    webhooks = client.webhooks
    subscription = webhooks.create({ url: "http://127.0.0.1:#{receiver.port}/hook", events: ["delivered"] })
    begin
      secret.replace(subscription[:secret])
      sent = webhooks.test(subscription[:id], event_type: "delivered")
      event, raw, headers = Timeout.timeout(30) { deliveries.pop }
      assert_equal sent[:id], event[:id]
      assert_equal "delivered", event[:data][:event][:type]

      service = headers.select { |name, _| name.start_with?("x-service-") }
      standard = headers.select { |name, _| name.start_with?("webhook-") }
      assert_equal "service", SvcEmail::Webhook.verify_signature(raw, service, secret)
      assert_equal "standard", SvcEmail::Webhook.verify_signature(raw, standard, secret)

      tampered = raw.sub("delivered", "bounced")
      [[tampered, secret, service], [tampered, secret, standard], [raw, "whsec_#{'A' * 43}", service]].each do |body, key, checked|
        refused = assert_raises(SvcEmail::WebhookVerificationError) { SvcEmail::Webhook.construct_event(body, checked, key) }
        assert_equal "signature_mismatch", refused.reason
        headers.each_value { |value| refute_includes(refused.message, value) if value.length > 20 }
      end
    ensure
      webhooks.delete(subscription[:id])
      receiver.stop
    end
  end
end
