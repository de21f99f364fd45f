package io.github.svcemail;

import io.github.svcemail.Models.Email;
import io.github.svcemail.Models.EmailEvent;
import io.github.svcemail.Models.EmailEventPage;
import io.github.svcemail.Models.EmailWithEvents;
import io.github.svcemail.Models.ListEmailEventsParams;
import io.github.svcemail.Models.ListEmailsParams;
import io.github.svcemail.Models.QueuedEmail;
import io.github.svcemail.Models.RescheduleRequest;
import io.github.svcemail.Models.ScheduleChange;
import io.github.svcemail.Models.SendEmailBatchParams;
import io.github.svcemail.Models.SendEmailRequest;
import java.time.Instant;
import java.util.List;

/** Sends and reads emails. */
public final class EmailsService {
  static final long DEFAULT_PAGE_SIZE = 100;
  private final Transport t;

  EmailsService(Transport t) {
    this.t = t;
  }

  /**
   * Queues an email (202). Safe to retry: one Idempotency-Key is generated per call and reused by
   * every retry (see {@link RequestOptions}).
   */
  @OperationId("sendEmail")
  public SendResult send(SendEmailRequest email, RequestOptions options) {
    Transport.Answer got = t.call(Call.of("sendEmail").body(email).options(options));
    return new SendResult(Transport.decode(got, QueuedEmail.class), got.replayed());
  }

  public SendResult send(SendEmailRequest email) {
    return send(email, null);
  }

  /** Queues up to 100 emails in one request; safe to retry as {@link #send} is. */
  @OperationId("sendEmailBatch")
  public BatchResult batch(List<SendEmailRequest> emails, BatchMode mode, RequestOptions options) {
    SendEmailBatchParams params = new SendEmailBatchParams().setMode(mode.wire());
    Transport.Answer got = t.call(Call.of("sendEmailBatch").query(params.toQuery()).body(emails).options(options));
    return new BatchResult(Transport.decodeList(got, Models.BatchEntry.class), got.replayed());
  }

  public BatchResult batch(List<SendEmailRequest> emails, BatchMode mode) {
    return batch(emails, mode, null);
  }

  /** One email with the first page of its events. */
  @OperationId("getEmail")
  public EmailWithEvents get(String id) {
    return Transport.decode(t.call(Call.of("getEmail").path("id", id)), EmailWithEvents.class);
  }

  /**
   * One page, newest first; {@code after} is the last id of the previous page. The limit defaults
   * to 100 here (the API without one streams every email).
   */
  @OperationId("listEmails")
  public List<Email> listPage(ListEmailsParams params) {
    if (params.getLimit() == null) params.setLimit(DEFAULT_PAGE_SIZE);
    return Transport.decodeList(t.call(Call.of("listEmails").query(params.toQuery())), Email.class);
  }

  /** Every email matching {@code params}, newest first, {@code limit} (default 100) a page. */
  public Paginator<Email> list(ListEmailsParams params) {
    long limit = params.getLimit() == null ? DEFAULT_PAGE_SIZE : params.getLimit();
    return new Paginator<>(
        params.getAfter(),
        after -> {
          List<Email> page = listPage(params.setLimit(limit).setAfter(after));
          return new Paginator.Page<>(page, page.size() < limit ? null : page.get(page.size() - 1).getId());
        });
  }

  /** One page of an email's events, oldest first. */
  @OperationId("listEmailEvents")
  public EmailEventPage eventsPage(String id, ListEmailEventsParams params) {
    return Transport.decode(t.call(Call.of("listEmailEvents").path("id", id).query(params.toQuery())), EmailEventPage.class);
  }

  /** Every event of an email, oldest first. */
  public Paginator<EmailEvent> events(String id) {
    return new Paginator<>(
        null,
        after -> {
          EmailEventPage page = eventsPage(id, new ListEmailEventsParams().setAfter(after));
          return new Paginator.Page<>(page.getEvents(), page.getNextCursor());
        });
  }

  /** Moves a scheduled email to {@code at}. */
  @OperationId("rescheduleEmail")
  public ScheduleChange reschedule(String id, Instant at) {
    RescheduleRequest body = new RescheduleRequest().setScheduledAt(at.toString());
    return Transport.decode(t.call(Call.of("rescheduleEmail").path("id", id).body(body)), ScheduleChange.class);
  }

  /** Makes a scheduled email canceled; any other status is a 409 {@code conflict}. */
  @OperationId("cancelEmail")
  public ScheduleChange cancel(String id) {
    return Transport.decode(t.call(Call.of("cancelEmail").path("id", id)), ScheduleChange.class);
  }
}
