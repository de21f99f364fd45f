# frozen_string_literal: true

module SvcEmail
  # The svc REST API. Every method raises an SvcEmail::Error (ApiError carries status and code).
  #
  # +api_key+ and +base_url+ default to the SVC_API_KEY and SVC_BASE_URL environment variables;
  # without a key the constructor raises at once, before any request.
  class Client
    RESOURCES = {
      emails: Emails, api_keys: ApiKeys, suppressions: Suppressions, webhooks: Webhooks, templates: Templates,
      inbound: Inbound, audit_log: AuditLog, erasures: Erasures, deliverability: Deliverability, dmarc: Dmarc,
      service: Service
    }.freeze

    attr_reader(*RESOURCES.keys)

    def initialize(api_key: nil, base_url: nil, timeout: 30, max_retries: 3, retry_base_delay: 0.5, retry_max_delay: 30)
      api_key ||= ENV.fetch("SVC_API_KEY", nil)
      raise Error, "No API key: pass api_key: or set SVC_API_KEY (svc_live_… or svc_test_…)." if api_key.nil? || api_key.empty?

      base_url ||= ENV.fetch("SVC_BASE_URL", nil)
      raise Error, "No base URL: pass base_url: or set SVC_BASE_URL (e.g. http://localhost:3000)." if base_url.nil? || base_url.empty?

      transport = Transport.new(
        api_key: api_key, base_url: base_url, timeout: timeout, user_agent: "svc-ruby/#{VERSION}",
        retry_policy: RetryPolicy.new(max_retries: max_retries, base_delay: retry_base_delay, max_delay: retry_max_delay)
      )
      RESOURCES.each { |name, klass| instance_variable_set("@#{name}", klass.new(transport)) }
    end

    # operationId => the method that calls it ("emails.send_email"), for the coverage test and docs.
    def operation_methods
      RESOURCES.each_with_object({}) do |(name, klass), found|
        klass.operations.each do |id, method|
          found[id] = "#{name}.#{method}" if public_send(name).respond_to?(method)
        end
      end
    end

    def inspect
      "#<#{self.class.name}>"
    end
  end
end
