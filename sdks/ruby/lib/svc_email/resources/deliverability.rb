# frozen_string_literal: true

module SvcEmail
  # Where the workspace's mail lands: outcomes by mailbox provider, bounces by cause.
  class Deliverability < Resource
    operation "getDeliverability"
    # The last +days+ UTC days (7 unless given, at most 30).
    def get(days: nil)
      call("getDeliverability", query: camel(days: days))
    end
  end
end
