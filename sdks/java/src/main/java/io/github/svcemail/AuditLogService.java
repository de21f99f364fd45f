package io.github.svcemail;

import io.github.svcemail.Models.AuditEntry;
import io.github.svcemail.Models.ExportAuditLogParams;
import io.github.svcemail.Models.ListAuditLogParams;
import io.github.svcemail.Models.ListAuditLogResponse;
import java.nio.charset.StandardCharsets;

/** The workspace's audit log. */
public final class AuditLogService {
  private final Transport t;

  AuditLogService(Transport t) {
    this.t = t;
  }

  /** One page, newest first; pass the previous page's {@code nextCursor} as {@code after}. */
  @OperationId("listAuditLog")
  public ListAuditLogResponse listPage(ListAuditLogParams params) {
    return Transport.decode(t.call(Call.of("listAuditLog").query(params.toQuery())), ListAuditLogResponse.class);
  }

  /** Every entry matching {@code params}, newest first. */
  public Paginator<AuditEntry> list(ListAuditLogParams params) {
    return new Paginator<>(
        params.getAfter(),
        after -> {
          ListAuditLogResponse page = listPage(params.setAfter(after));
          return new Paginator.Page<>(page.getData(), page.getNextCursor());
        });
  }

  /** Every matching entry as CSV (format {@code csv}, the default) or JSON Lines ({@code jsonl}). */
  @OperationId("exportAuditLog")
  public String export(ExportAuditLogParams params) {
    return new String(t.call(Call.of("exportAuditLog").query(params.toQuery())).body(), StandardCharsets.UTF_8);
  }
}
