# frozen_string_literal: true

# A webhook receiver on the standard library's sockets (WEBrick is no longer part of Ruby):
#
#     SVC_WEBHOOK_SECRET=whsec_… ruby -Ilib examples/webhook_receiver.rb   # listens on :8000
#
# It verifies each request on its raw body before anything else, answers 400 to one that fails
# (and does nothing with it), and 200 at once to a genuine one: slow work belongs in a queue, since
# a receiver that takes more than 10 seconds is retried. Deliveries are at least once: dedupe on
# the body's id (also the X-Service-Delivery-Id header). For production, mount the same
# construct_event call in your Rack or Rails app instead (see the README).

require "io/wait"
require "socket"
require_relative "../lib/svc_email"

module SvcEmail
  module Examples
    # A minimal HTTP/1.1 server for one job: POSTed webhooks, one request per connection.
    class WebhookReceiver
      MAX_HEAD_BYTES = 16 * 1024
      MAX_BODY_BYTES = 1_000_000
      READ_TIMEOUT_SECONDS = 10

      # +secret+: the signing secret, or a callable answering it (read at each request).
      # The block gets (event, raw_body, headers) for each genuine delivery.
      def initialize(secret:, host: "127.0.0.1", port: 0, &on_event)
        @secret = secret
        @on_event = on_event
        @server = TCPServer.new(host, port)
      end

      def port
        @server.addr[1]
      end

      # Serves in a background thread; stop closes the listening socket.
      def start
        @thread = Thread.new { serve }
        self
      end

      def serve
        loop do
          socket = @server.accept
          Thread.new(socket) { |client| handle(client) }
        end
      rescue IOError, Errno::EBADF
        nil # the listening socket was closed
      end

      def stop
        @server.close
        @thread&.join(5)
      end

      private

      def handle(socket)
        status, text = respond_to_request(socket)
        socket.write("HTTP/1.1 #{status} #{text}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
      rescue IOError, SystemCallError
        nil
      ensure
        socket.close
      end

      def respond_to_request(socket)
        head, rest = read_head(socket)
        return [400, "Bad Request"] if head.nil?

        request_line, *header_lines = head.split("\r\n")
        return [405, "Method Not Allowed"] unless request_line.start_with?("POST ")

        headers = header_lines.to_h do |line|
          name, value = line.split(":", 2)
          [name.strip.downcase, value.to_s.strip]
        end
        length = Integer(headers.fetch("content-length", "0"), exception: false)
        return [411, "Length Required"] if length.nil? || length.negative?
        return [413, "Payload Too Large"] if length > MAX_BODY_BYTES

        raw = read_body(socket, rest, length)
        return [400, "Bad Request"] if raw.nil?

        begin
          secret = @secret.respond_to?(:call) ? @secret.call : @secret
          event = SvcEmail::Webhook.construct_event(raw, headers, secret)
        rescue SvcEmail::WebhookVerificationError
          # Its reason is safe to log: it never holds the expected signature.
          return [400, "Bad Request"]
        end
        @on_event&.call(event, raw, headers)
        [200, "OK"]
      end

      def read_head(socket)
        buffer = +""
        until (ending = buffer.index("\r\n\r\n"))
          return nil if buffer.bytesize > MAX_HEAD_BYTES || !socket.wait_readable(READ_TIMEOUT_SECONDS)

          buffer << socket.readpartial(4096)
        end
        [buffer[0, ending], buffer[(ending + 4)..]]
      rescue EOFError
        nil
      end

      def read_body(socket, body, length)
        body = body.b
        while body.bytesize < length
          return nil unless socket.wait_readable(READ_TIMEOUT_SECONDS)

          body << socket.readpartial(length - body.bytesize)
        end
        body.byteslice(0, length)
      rescue EOFError
        nil
      end
    end
  end
end

if $PROGRAM_NAME == __FILE__
  secret = ENV.fetch("SVC_WEBHOOK_SECRET") { abort "set SVC_WEBHOOK_SECRET to the subscription's signing secret" }
  receiver = SvcEmail::Examples::WebhookReceiver.new(secret: secret, host: "0.0.0.0", port: Integer(ENV.fetch("PORT", "8000"))) do |event|
    puts "#{event[:id]} #{event[:data][:event][:type]} for #{event[:data][:emailId]}"
  end
  puts "listening on :#{receiver.port}"
  receiver.serve
end
