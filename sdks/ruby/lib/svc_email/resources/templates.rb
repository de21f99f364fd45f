# frozen_string_literal: true

module SvcEmail
  # Templates, named by id or alias.
  class Templates < Resource
    operation "listTemplates"
    # One page, newest first: { data: [...], hasMore: bool }.
    def list_page(limit: nil, after: nil)
      call("listTemplates", query: camel(limit: limit, after: after))
    end

    def list(page_size: DEFAULT_PAGE_SIZE)
      paginate do |cursor|
        page = list_page(limit: page_size, after: cursor)
        [page[:data], page[:hasMore] && !page[:data].empty? ? page[:data].last[:id] : nil]
      end
    end

    operation "createTemplate"
    def create(template)
      call("createTemplate", body: template)
    end

    operation "getTemplate"
    def get(id_or_alias)
      call("getTemplate", path: { id: id_or_alias })
    end

    operation "updateTemplate"
    # Changes the draft; published versions never change.
    def update(id_or_alias, changes)
      call("updateTemplate", path: { id: id_or_alias }, body: changes)
    end

    operation "deleteTemplate"
    def delete(id_or_alias)
      call("deleteTemplate", path: { id: id_or_alias })
    end

    operation "publishTemplate"
    # Publishes the draft as the next version.
    def publish(id_or_alias, options = {})
      call("publishTemplate", path: { id: id_or_alias }, body: options)
    end

    operation "duplicateTemplate"
    # A new template under +alias+ with a copy of this one's draft.
    def duplicate(id_or_alias, alias:, name: nil)
      call("duplicateTemplate", path: { id: id_or_alias }, body: camel(alias: binding.local_variable_get(:alias), name: name))
    end

    operation "listTemplateVersions"
    def versions(id_or_alias)
      call("listTemplateVersions", path: { id: id_or_alias })[:data]
    end

    operation "renderTemplate"
    # A test render of the draft (or of +version+); nothing is sent.
    def render(id_or_alias, variables: nil, version: nil)
      call("renderTemplate", path: { id: id_or_alias }, body: camel(variables: variables, version: version))
    end
  end
end
