package io.github.svcemail;

import io.github.svcemail.Models.DmarcReport;
import io.github.svcemail.Models.GetDmarcReportResponse;
import io.github.svcemail.Models.ListDmarcReportsParams;
import io.github.svcemail.Models.ListDmarcReportsResponse;
import io.github.svcemail.Models.SummarizeDmarcParams;
import io.github.svcemail.Models.SummarizeDmarcResponse;

/** DMARC aggregate reports received at the workspace's reporting address, and what they add up to. */
public final class DmarcService {
  private final Transport t;

  DmarcService(Transport t) {
    this.t = t;
  }

  /** One page of reports, newest first; pass the previous page's {@code nextCursor} as {@code after}. */
  @OperationId("listDmarcReports")
  public ListDmarcReportsResponse listReportsPage(ListDmarcReportsParams params) {
    return Transport.decode(t.call(Call.of("listDmarcReports").query(params.toQuery())), ListDmarcReportsResponse.class);
  }

  /** Every report matching {@code params}, newest first. */
  public Paginator<DmarcReport> listReports(ListDmarcReportsParams params) {
    if (params.getLimit() == null) params.setLimit(EmailsService.DEFAULT_PAGE_SIZE);
    return new Paginator<>(
        params.getAfter(),
        after -> {
          ListDmarcReportsResponse page = listReportsPage(params.setAfter(after));
          return new Paginator.Page<>(page.getData(), page.getNextCursor());
        });
  }

  /** One report with its records (one per source IP and outcome). */
  @OperationId("getDmarcReport")
  public GetDmarcReportResponse getReport(String id) {
    return Transport.decode(t.call(Call.of("getDmarcReport").path("id", id)), GetDmarcReportResponse.class);
  }

  /** Totals, sources and daily counts over [{@code from}, {@code to}), and the reports refused at the address. */
  @OperationId("summarizeDmarc")
  public SummarizeDmarcResponse summary(SummarizeDmarcParams params) {
    return Transport.decode(t.call(Call.of("summarizeDmarc").query(params.toQuery())), SummarizeDmarcResponse.class);
  }
}
