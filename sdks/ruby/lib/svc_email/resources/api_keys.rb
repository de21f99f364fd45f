# frozen_string_literal: true

module SvcEmail
  # The workspace's API key records (never a key itself).
  class ApiKeys < Resource
    operation "listApiKeys"
    def list
      call("listApiKeys")
    end

    operation "revokeApiKey"
    # Revokes at once; revoking twice keeps the first time.
    def revoke(id)
      call("revokeApiKey", path: { id: id })
    end
  end
end
