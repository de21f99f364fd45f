package io.github.svcemail;

/** Thrown by {@link SvcClient.Builder#build()} without an API key: nothing is ever sent without one. */
public final class MissingApiKeyException extends SvcException {
  private static final long serialVersionUID = 1L;

  MissingApiKeyException() {
    super("svc: no API key: pass one to SvcClient.builder().apiKey(…) (svc_live_… or svc_test_…)");
  }
}
