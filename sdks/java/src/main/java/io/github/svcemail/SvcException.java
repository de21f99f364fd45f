package io.github.svcemail;

/**
 * Every error this SDK throws: {@link ApiException} for an error answer, {@link
 * ConnectionException} when no answer came, {@link MissingApiKeyException} for a client without a
 * key, {@link WebhookVerificationException} for a refused webhook. Unchecked, so that pagers and
 * lambdas stay plain; no message ever holds the API key.
 */
public class SvcException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SvcException(String message) {
    super(message);
  }

  public SvcException(String message, Throwable cause) {
    super(message, cause);
  }
}
