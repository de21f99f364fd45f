# frozen_string_literal: true

module SvcEmail
  # The workspace's audit log.
  class AuditLog < Resource
    operation "listAuditLog"
    # One page, newest first: { data: [...], nextCursor: String or nil }.
    def list_page(action: nil, actor: nil, target: nil, since: nil, until_time: nil, limit: nil, after: nil)
      query = camel(action: action, actor: actor, target: target, since: since, limit: limit, after: after)
      query[:until] = until_time unless until_time.nil?
      call("listAuditLog", query: query)
    end

    def list(page_size: DEFAULT_PAGE_SIZE, **filters)
      paginate do |cursor|
        page = list_page(limit: page_size, after: cursor, **filters)
        [page[:data], page[:nextCursor]]
      end
    end

    operation "exportAuditLog"
    # Every matching entry as CSV, or JSON Lines with format: "jsonl".
    def export(format: "csv", action: nil, actor: nil, target: nil, since: nil, until_time: nil, limit: nil)
      query = camel(format: format, action: action, actor: actor, target: target, since: since, limit: limit)
      query[:until] = until_time unless until_time.nil?
      call("exportAuditLog", query: query)
    end
  end
end
