package io.github.svcemail;

/**
 * A queued email, and whether the API answered with the stored result of an earlier send under the
 * same Idempotency-Key.
 */
public record SendResult(Models.QueuedEmail email, boolean replayed) {
  /** The email's id, {@code email_…}. */
  public String id() {
    return email.getId();
  }

  /** {@code queued}, or {@code scheduled} for a send with {@code scheduledAt}. */
  public String status() {
    return email.getStatus();
  }
}
