package io.github.svcemail;

/**
 * A request that is not a genuine, fresh webhook: answer it with a 4xx and do nothing else. The
 * reason is one of {@code missing_signature}, {@code missing_timestamp}, {@code missing_id}, {@code
 * malformed_timestamp}, {@code timestamp_too_old}, {@code timestamp_in_future}, {@code
 * malformed_signature}, {@code signature_mismatch}, {@code malformed_body}. It never holds the
 * expected signature.
 */
public final class WebhookVerificationException extends SvcException {
  private static final long serialVersionUID = 1L;
  private final String reason;

  WebhookVerificationException(String reason, String message) {
    super("svc: webhook refused: " + message);
    this.reason = reason;
  }

  public String getReason() {
    return reason;
  }
}
