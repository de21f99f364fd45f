package io.github.svcemail;

import io.github.svcemail.Models.CreateTemplateRequest;
import io.github.svcemail.Models.DeleteTemplateResponse;
import io.github.svcemail.Models.DuplicateTemplateRequest;
import io.github.svcemail.Models.ListTemplateVersionsResponse;
import io.github.svcemail.Models.ListTemplatesParams;
import io.github.svcemail.Models.ListTemplatesResponse;
import io.github.svcemail.Models.PublishTemplateRequest;
import io.github.svcemail.Models.RenderTemplateRequest;
import io.github.svcemail.Models.RenderedTemplate;
import io.github.svcemail.Models.Template;
import io.github.svcemail.Models.TemplateVersion;
import io.github.svcemail.Models.UpdateTemplateRequest;
import java.util.List;

/** Templates, named by id or alias. Sending by template: {@code SendEmailRequest.setTemplate(…)}. */
public final class TemplatesService {
  private final Transport t;

  TemplatesService(Transport t) {
    this.t = t;
  }

  /** One page, newest first; {@code after} is the id of the last template of the previous page. */
  @OperationId("listTemplates")
  public ListTemplatesResponse listPage(ListTemplatesParams params) {
    return Transport.decode(t.call(Call.of("listTemplates").query(params.toQuery())), ListTemplatesResponse.class);
  }

  /** Every template, newest first. */
  public Paginator<Template> list(ListTemplatesParams params) {
    return new Paginator<>(
        params.getAfter(),
        after -> {
          ListTemplatesResponse page = listPage(params.setAfter(after));
          List<Template> data = page.getData();
          boolean more = Boolean.TRUE.equals(page.getHasMore()) && data != null && !data.isEmpty();
          return new Paginator.Page<>(data, more ? data.get(data.size() - 1).getId() : null);
        });
  }

  /** A retry after a lost answer meets the alias it created: a 409 conflict, nothing created twice. */
  @OperationId("createTemplate")
  public Template create(CreateTemplateRequest template) {
    return Transport.decode(t.call(Call.of("createTemplate").body(template)), Template.class);
  }

  @OperationId("getTemplate")
  public Template get(String idOrAlias) {
    return Transport.decode(t.call(Call.of("getTemplate").path("id", idOrAlias)), Template.class);
  }

  /** Changes the draft; published versions never change. */
  @OperationId("updateTemplate")
  public Template update(String idOrAlias, UpdateTemplateRequest change) {
    return Transport.decode(t.call(Call.of("updateTemplate").path("id", idOrAlias).body(change)), Template.class);
  }

  @OperationId("deleteTemplate")
  public DeleteTemplateResponse delete(String idOrAlias) {
    return Transport.decode(t.call(Call.of("deleteTemplate").path("id", idOrAlias)), DeleteTemplateResponse.class);
  }

  /** Publishes the draft as the next version, or {@code fromVersion} again (a rollback). Not retried: a retry would publish twice. */
  @OperationId("publishTemplate")
  public TemplateVersion publish(String idOrAlias, PublishTemplateRequest options) {
    return Transport.decode(t.call(Call.of("publishTemplate").path("id", idOrAlias).body(options)), TemplateVersion.class);
  }

  /** A new template under the copy's alias with this one's draft. */
  @OperationId("duplicateTemplate")
  public Template duplicate(String idOrAlias, DuplicateTemplateRequest copy) {
    return Transport.decode(t.call(Call.of("duplicateTemplate").path("id", idOrAlias).body(copy)), Template.class);
  }

  @OperationId("listTemplateVersions")
  public List<TemplateVersion> versions(String idOrAlias) {
    return Transport.decode(t.call(Call.of("listTemplateVersions").path("id", idOrAlias)), ListTemplateVersionsResponse.class).getData();
  }

  /** A test render of the draft (or of a version); nothing is sent. */
  @OperationId("renderTemplate")
  public RenderedTemplate render(String idOrAlias, RenderTemplateRequest input) {
    return Transport.decode(t.call(Call.of("renderTemplate").path("id", idOrAlias).body(input)), RenderedTemplate.class);
  }
}
