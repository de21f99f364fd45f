# frozen_string_literal: true

module SvcEmail
  # Addresses the workspace does not send to.
  class Suppressions < Resource
    operation "listSuppressions"
    # One page in address order; +after+ is the last address of the previous page.
    def list_page(address: nil, reason: nil, limit: nil, after: nil)
      call("listSuppressions", query: camel(address: address, reason: reason, limit: limit, after: after))
    end

    def list(page_size: DEFAULT_PAGE_SIZE, **filters)
      paginate do |cursor|
        page = list_page(limit: page_size, after: cursor, **filters)
        [page, page.length < page_size ? nil : page.last[:address]]
      end
    end

    operation "addSuppression"
    # Adds a manual entry: { created:, suppression: }; an address already listed is created: false.
    def add(entry)
      answer = @transport.call("addSuppression", body: entry)
      { created: answer.status == 201, suppression: answer.body }
    end

    operation "removeSuppression"
    # Removes an entry; one added by a complaint needs confirm_complaint: true.
    def remove(address, confirm_complaint: false)
      call("removeSuppression", path: { address: address }, query: confirm_complaint ? { confirm: "complaint" } : {})
    end

    operation "listTopicSuppressions"
    # One page of topic suppressions (one-click unsubscribes) in (topic, address) order;
    # +after_topic+ and +after_address+ are the previous page's last entry.
    def list_topics_page(topic: nil, address: nil, limit: nil, after_topic: nil, after_address: nil)
      query = camel(topic: topic, address: address, limit: limit, after_topic: after_topic, after_address: after_address)
      call("listTopicSuppressions", query: query)
    end

    def list_topics(page_size: DEFAULT_PAGE_SIZE, **filters)
      paginate do |cursor|
        page = list_topics_page(limit: page_size, **filters, **cursor.to_h)
        [page, page.length < page_size ? nil : { after_topic: page.last[:topic], after_address: page.last[:address] }]
      end
    end

    operation "removeTopicSuppression"
    # Removes a topic suppression: the address gets that topic's emails again.
    def remove_topic(topic, address)
      call("removeTopicSuppression", path: { topic: topic, address: address })
    end
  end
end
