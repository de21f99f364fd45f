# frozen_string_literal: true

module SvcEmail
  # Forgetting people: every copy of their addresses in the workspace (full-access keys).
  class Erasures < Resource
    operation "createErasure"
    # Starts erasing the addresses (or the emails, by id) given; poll get for its status.
    def create(addresses: nil, email_ids: nil)
      call("createErasure", body: camel(addresses: addresses, email_ids: email_ids))
    end

    operation "getErasure"
    def get(id)
      call("getErasure", path: { id: id })
    end

    operation "listErasures"
    # One page, newest first; +after+ is the last id of the previous page.
    def list_page(limit: nil, after: nil)
      call("listErasures", query: camel(limit: limit, after: after))
    end

    operation "getErasureReceipt"
    # A completed erasure's receipt: what was removed, by table and object count.
    def receipt(id)
      call("getErasureReceipt", path: { id: id })
    end
  end
end
