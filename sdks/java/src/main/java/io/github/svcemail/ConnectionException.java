package io.github.svcemail;

/** No answer: the connection failed, was cut, or timed out. */
public final class ConnectionException extends SvcException {
  private static final long serialVersionUID = 1L;
  private final boolean timeout;

  ConnectionException(String method, String url, boolean timeout, Throwable cause) {
    super(
        timeout
            ? "svc: no answer from " + method + " " + url + " in time"
            : "svc: " + method + " " + url + " failed: " + cause,
        cause);
    this.timeout = timeout;
  }

  /** Whether the attempt ran out of time (see {@link SvcClient.Builder#timeout}). */
  public boolean isTimeout() {
    return timeout;
  }
}
