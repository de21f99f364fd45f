# frozen_string_literal: true

module SvcEmail
  # A group of operations (one tag of the document) over the client's transport.
  class Resource
    DEFAULT_PAGE_SIZE = 100

    class << self
      # operationId => the method that calls it, for the coverage test and docs.
      def operations
        @operations ||= {}
      end

      # Names the document's operation the next method defined calls (a decorator, Ruby-style).
      def operation(id)
        @pending_operation = id
      end

      def method_added(name)
        super
        return unless @pending_operation

        operations[@pending_operation] = name
        @pending_operation = nil
      end
    end

    def initialize(transport)
      @transport = transport
    end

    def inspect
      "#<#{self.class.name}>"
    end

    private

    def call(operation_id, **arguments)
      @transport.call(operation_id, **arguments).body
    end

    # Keyword arguments (snake_case) as the API's names (camelCase), unset ones left out.
    def camel(**fields)
      fields.reject { |_, value| value.nil? }.to_h do |name, value|
        head, *rest = name.to_s.split("_")
        [(head + rest.map(&:capitalize).join).to_sym, value]
      end
    end

    # Every item of every page: +fetch+ takes the cursor (nil first) and answers [items, next cursor].
    def paginate(&fetch)
      Enumerator.new do |items|
        cursor = nil
        loop do
          page, cursor = fetch.call(cursor)
          page.each { |item| items << item }
          break if cursor.nil?
        end
      end
    end
  end
end

require_relative "resources/emails"
require_relative "resources/api_keys"
require_relative "resources/suppressions"
require_relative "resources/webhooks"
require_relative "resources/templates"
require_relative "resources/inbound"
require_relative "resources/audit_log"
require_relative "resources/erasures"
require_relative "resources/deliverability"
require_relative "resources/dmarc"
require_relative "resources/service"
