# frozen_string_literal: true

require_relative "lib/svc_email/version"

Gem::Specification.new do |spec|
  spec.name = "svc-email"
  spec.version = SvcEmail::VERSION
  spec.summary = "Ruby client for the svc transactional email API: send, read, verify webhooks."
  spec.description = "Every operation of the svc API with retries under one Idempotency-Key, typed errors, " \
                     "and webhook verification of both signature schemes. Standard library only."
  spec.authors = ["svc contributors"]
  spec.license = "MIT"
  spec.required_ruby_version = ">= 3.1"
  spec.files = Dir["lib/**/*.rb", "sig/**/*.rbs", "examples/*.rb", "README.md"]
  spec.require_paths = ["lib"]
  spec.metadata["rubygems_mfa_required"] = "true"
end
