# frozen_string_literal: true

require_relative "helper"
require "socket"

# The transport against a server playing what can stand between the client and the API.
class Transport < Minitest::Test
  # One canned answer per connection, chosen by the request's path; the paths are kept.
  class Answers
    attr_reader :seen

    def initialize
      @server = TCPServer.new("127.0.0.1", 0)
      @seen = []
      @thread = Thread.new { loop { answer(@server.accept) } rescue IOError } # rubocop:disable Style/RescueModifier
    end

    def url
      "http://127.0.0.1:#{@server.addr[1]}"
    end

    def stop
      @server.close
      @thread.join(2)
    end

    private

    def answer(socket)
      path = socket.gets.to_s.split[1].to_s
      nil until ["\r\n", "", nil].include?(socket.gets)
      @seen << path
      socket.write(
        if path.start_with?("/emails/redirect") then "HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:9/elsewhere\r\nContent-Length: 0\r\n\r\n"
        elsif path.start_with?("/emails/html-ok") then page(200, "OK", "<html>Sign in to the Wi-Fi</html>")
        else page(502, "Bad Gateway", "<html><body>502 Bad Gateway</body></html>")
        end
      )
    ensure
      socket.close
    end

    def page(status, text, html)
      "HTTP/1.1 #{status} #{text}\r\nContent-Type: text/html\r\nContent-Length: #{html.bytesize}\r\nConnection: close\r\n\r\n#{html}"
    end
  end

  def setup
    @answers = Answers.new
    @client = SvcEmail::Client.new(api_key: "svc_test_secretkey", base_url: @answers.url, max_retries: 1, retry_base_delay: 0.01)
  end

  def teardown
    @answers.stop
  end

  def test_an_html_error_page_is_a_typed_error
    error = assert_raises(SvcEmail::ServerError) { @client.emails.get("email_x") }
    assert_equal [502, "unknown"], [error.status, error.code]
    refute_includes error.message, "secretkey"
    assert_equal 2, @answers.seen.size # retried once
  end

  def test_a_2xx_that_is_not_json_is_a_typed_error
    error = assert_raises(SvcEmail::ApiError) { @client.emails.get("html-ok") }
    assert_equal [200, "unknown"], [error.status, error.code]
  end

  def test_a_redirect_is_not_followed
    error = assert_raises(SvcEmail::ApiError) { @client.emails.get("redirect") }
    assert_equal 302, error.status
  end

  def test_path_parameters_are_escaped_and_unknown_query_parameters_refused
    assert_raises(SvcEmail::ApiError) { @client.emails.get("a/b?c d") }
    assert_equal "/emails/a%2Fb%3Fc%20d", @answers.seen.first
    assert_raises(ArgumentError) { @client.emails.list_page(colour: "red") }
  end

  def test_a_refused_connection_is_a_connection_error
    port = TCPServer.open("127.0.0.1", 0) { |server| server.addr[1] }
    closed = SvcEmail::Client.new(api_key: "svc_test_x", base_url: "http://127.0.0.1:#{port}", max_retries: 1, retry_base_delay: 0.01)
    assert_raises(SvcEmail::ConnectionError) { closed.emails.get("email_x") }
  end
end
