# frozen_string_literal: true

module SvcEmail
  # The operations that need no API key.
  class Service < Resource
    operation "getHealth"
    def health
      call("getHealth")
    end

    operation "getReadiness"
    # Ready to serve: a ServerError (503) when PostgreSQL or Redis is unreachable.
    def readiness
      call("getReadiness")
    end

    operation "getOpenApiDocument"
    def openapi_document
      call("getOpenApiDocument")
    end

    operation "getApiReference"
    # The API reference page (HTML).
    def api_reference
      call("getApiReference")
    end

    operation "getApiReferenceScript"
    def api_reference_script
      call("getApiReferenceScript")
    end
  end
end
