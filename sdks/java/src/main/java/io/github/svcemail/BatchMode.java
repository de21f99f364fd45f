package io.github.svcemail;

/** How a batch treats a refused email. */
public enum BatchMode {
  /** One refused email refuses the batch: an {@link ApiException} whose {@code batchErrors()} list them. */
  STRICT("strict"),
  /** The others are created; the refused ones are entries with {@code error} and {@code code}. */
  PERMISSIVE("permissive");

  private final String wire;

  BatchMode(String wire) {
    this.wire = wire;
  }

  String wire() {
    return wire;
  }
}
