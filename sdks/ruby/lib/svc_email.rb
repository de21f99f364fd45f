# frozen_string_literal: true

# The svc REST API from Ruby: every operation, retries that never send twice, typed errors, and
# webhook verification. Standard library only (net/http, openssl, json).
require_relative "svc_email/version"
require_relative "svc_email/generated"
require_relative "svc_email/errors"
require_relative "svc_email/transport"
require_relative "svc_email/webhook"
require_relative "svc_email/resources"
require_relative "svc_email/client"
