# frozen_string_literal: true

module SvcEmail
  # Messages received for the workspace's receiving domains.
  class Inbound < Resource
    operation "listInbound"
    # One page, newest first: { data: [...], nextCursor: String or nil }.
    def list_page(limit: nil, after: nil)
      call("listInbound", query: camel(limit: limit, after: after))
    end

    def list(page_size: DEFAULT_PAGE_SIZE)
      paginate do |cursor|
        page = list_page(limit: page_size, after: cursor)
        [page[:data], page[:nextCursor]]
      end
    end

    operation "getInbound"
    def get(id)
      call("getInbound", path: { id: id })
    end

    operation "getInboundRaw"
    # The message exactly as it arrived (message/rfc822 bytes, a binary String).
    def raw(id)
      call("getInboundRaw", path: { id: id })
    end

    operation "getInboundAttachment"
    # Attachment +index+ (its position in get(id)[:attachments]): { bytes:, content_type: }.
    def attachment(id, index)
      raise ArgumentError, "index: the attachment's position, a whole number from 0." unless index.is_a?(Integer) && index >= 0

      answer = @transport.call("getInboundAttachment", path: { id: id, n: index })
      { bytes: answer.body, content_type: answer.headers.fetch("content-type", "application/octet-stream") }
    end
  end
end
