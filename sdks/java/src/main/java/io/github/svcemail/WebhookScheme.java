package io.github.svcemail;

/** The signature scheme a webhook was verified with. */
public enum WebhookScheme {
  /** The service's own {@code X-Service-Signature}: hex HMAC-SHA256 of {@code <timestamp>.<raw body>}. */
  SERVICE("service"),
  /** Standard Webhooks: {@code webhook-signature: v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<raw body>>}. */
  STANDARD("standard");

  private final String wire;

  WebhookScheme(String wire) {
    this.wire = wire;
  }

  /** {@code service} or {@code standard}. */
  public String wireName() {
    return wire;
  }
}
