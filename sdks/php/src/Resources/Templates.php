<?php

declare(strict_types=1);

namespace SvcEmail\Resources;

use SvcEmail\Operation;

/**
 * Templates, named by id or alias.
 *
 * @phpstan-import-type Template from \SvcEmail\Generated
 * @phpstan-import-type TemplateVersion from \SvcEmail\Generated
 * @phpstan-import-type ListTemplatesResponse from \SvcEmail\Generated
 * @phpstan-import-type CreateTemplateRequest from \SvcEmail\Generated
 * @phpstan-import-type UpdateTemplateRequest from \SvcEmail\Generated
 * @phpstan-import-type PublishTemplateRequest from \SvcEmail\Generated
 * @phpstan-import-type RenderedTemplate from \SvcEmail\Generated
 */
final class Templates extends Resource
{
    /**
     * One page, newest first: ['data' => [...], 'hasMore' => bool].
     *
     * @return ListTemplatesResponse
     */
    #[Operation('listTemplates')]
    public function listPage(?int $limit = null, ?string $after = null): array
    {
        return $this->call('listTemplates', query: compact('limit', 'after'));
    }

    /** @return \Generator<int, Template> */
    public function list(int $pageSize = self::DEFAULT_PAGE_SIZE): \Generator
    {
        $after = null;
        while (true) {
            $page = $this->listPage($pageSize, $after);
            yield from $page['data'];
            if (!$page['hasMore'] || $page['data'] === []) {
                return;
            }
            $after = $page['data'][count($page['data']) - 1]['id'];
        }
    }

    /**
     * @param CreateTemplateRequest $template
     * @return Template
     */
    #[Operation('createTemplate')]
    public function create(array $template): array
    {
        return $this->call('createTemplate', body: (object) $template);
    }

    /** @return Template */
    #[Operation('getTemplate')]
    public function get(string $idOrAlias): array
    {
        return $this->call('getTemplate', ['id' => $idOrAlias]);
    }

    /**
     * Changes the draft; published versions never change.
     *
     * @param UpdateTemplateRequest $changes
     * @return Template
     */
    #[Operation('updateTemplate')]
    public function update(string $idOrAlias, array $changes): array
    {
        return $this->call('updateTemplate', ['id' => $idOrAlias], body: (object) $changes);
    }

    /** @return array<string, mixed> */
    #[Operation('deleteTemplate')]
    public function delete(string $idOrAlias): array
    {
        return $this->call('deleteTemplate', ['id' => $idOrAlias]);
    }

    /**
     * Publishes the draft as the next version.
     *
     * @param PublishTemplateRequest $options
     * @return TemplateVersion
     */
    #[Operation('publishTemplate')]
    public function publish(string $idOrAlias, array $options = []): array
    {
        return $this->call('publishTemplate', ['id' => $idOrAlias], body: (object) $options);
    }

    /**
     * A new template under $alias with a copy of this one's draft.
     *
     * @return Template
     */
    #[Operation('duplicateTemplate')]
    public function duplicate(string $idOrAlias, string $alias, ?string $name = null): array
    {
        return $this->call('duplicateTemplate', ['id' => $idOrAlias], body: self::object(compact('alias', 'name')));
    }

    /** @return list<TemplateVersion> */
    #[Operation('listTemplateVersions')]
    public function versions(string $idOrAlias): array
    {
        return $this->call('listTemplateVersions', ['id' => $idOrAlias])['data'];
    }

    /**
     * A test render of the draft (or of $version); nothing is sent.
     *
     * @param array<string, mixed>|null $variables
     * @return RenderedTemplate
     */
    #[Operation('renderTemplate')]
    public function render(string $idOrAlias, ?array $variables = null, ?int $version = null): array
    {
        $body = self::object(['variables' => $variables === null ? null : (object) $variables, 'version' => $version]);
        return $this->call('renderTemplate', ['id' => $idOrAlias], body: $body);
    }
}
