# frozen_string_literal: true

module SvcEmail
  # DMARC aggregate reports received at the workspace's reporting address, and what they add up to.
  class Dmarc < Resource
    operation "listDmarcReports"
    # One page of reports, newest first: { data: [...], nextCursor: String or nil }.
    def list_reports_page(domain: nil, limit: nil, after: nil)
      call("listDmarcReports", query: camel(domain: domain, limit: limit, after: after))
    end

    def list_reports(page_size: DEFAULT_PAGE_SIZE, **filters)
      paginate do |cursor|
        page = list_reports_page(limit: page_size, after: cursor, **filters)
        [page[:data], page[:nextCursor]]
      end
    end

    operation "getDmarcReport"
    # One report with its records (one per source IP and outcome).
    def get_report(id)
      call("getDmarcReport", path: { id: id })
    end

    operation "summarizeDmarc"
    # Totals, sources and daily counts over [+from+, +to+), and the reports refused at the address.
    def summary(from: nil, to: nil, domain: nil)
      call("summarizeDmarc", query: camel(from: from, to: to, domain: domain))
    end
  end
end
