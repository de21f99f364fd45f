# frozen_string_literal: true

module SvcEmail
  VERSION = "0.1.0"
end
