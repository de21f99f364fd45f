package io.github.svcemail;

import java.time.Duration;

/**
 * When and how long the client waits before trying a request again.
 *
 * @param maxRetries the number of attempts after the first
 * @param baseDelay the first backoff; doubled on each retry, with full jitter
 * @param maxDelay caps any single wait; a Retry-After beyond it is not waited for (the error is thrown)
 */
public record RetryPolicy(int maxRetries, Duration baseDelay, Duration maxDelay) {
  /** 3 retries from 500 ms, waits of at most 30 s. */
  public static final RetryPolicy DEFAULT = new RetryPolicy(3, Duration.ofMillis(500), Duration.ofSeconds(30));

  /** No retries at all: every failure is thrown as it happens. */
  public static final RetryPolicy NONE = new RetryPolicy(0, Duration.ZERO, Duration.ZERO);

  public RetryPolicy {
    if (maxRetries < 0 || baseDelay.isNegative() || maxDelay.isNegative())
      throw new IllegalArgumentException("RetryPolicy: retries and delays are never negative");
  }
}
