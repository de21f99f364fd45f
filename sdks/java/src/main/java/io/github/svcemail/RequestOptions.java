package io.github.svcemail;

/**
 * Adjusts one send or batch.
 *
 * @param idempotencyKey your own Idempotency-Key (an order id, say) instead of the one generated
 *     per call, so that your own retries are safe too; null for the generated one
 */
public record RequestOptions(String idempotencyKey) {
  public static RequestOptions withIdempotencyKey(String key) {
    return new RequestOptions(key);
  }
}
