package io.github.svcemail;

import java.util.LinkedHashMap;
import java.util.Map;

/** One call of an operation of the generated table: its path and query parameters, body and Idempotency-Key. */
final class Call {
  final String operationId;
  final Map<String, String> path = new LinkedHashMap<>();
  final Map<String, String> query = new LinkedHashMap<>();
  Object body;
  String idempotencyKey;

  private Call(String operationId) {
    this.operationId = operationId;
  }

  static Call of(String operationId) {
    return new Call(operationId);
  }

  Call path(String name, String value) {
    path.put(name, value);
    return this;
  }

  Call query(Map<String, String> values) {
    query.putAll(values);
    return this;
  }

  Call body(Object value) {
    body = value;
    return this;
  }

  Call options(RequestOptions options) {
    if (options != null) idempotencyKey = options.idempotencyKey();
    return this;
  }
}
