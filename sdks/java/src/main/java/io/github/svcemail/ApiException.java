package io.github.svcemail;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An error answer from the API, or from a proxy in front of it. Match on {@link #getCode()}
 * (stable: {@code not_found}, {@code validation_failed}, … see {@link Operations#ERROR_CODES}), not
 * on the message.
 */
public final class ApiException extends SvcException {
  private static final long serialVersionUID = 1L;
  private final int status;
  private final String code;
  private final String apiMessage;
  private final transient Duration retryAfter;
  private final transient Map<String, JsonNode> details;

  ApiException(int status, String code, String apiMessage, Duration retryAfter, Map<String, JsonNode> details) {
    super("svc: " + apiMessage + " (HTTP " + status + ", " + code + ")");
    this.status = status;
    this.code = code;
    this.apiMessage = apiMessage;
    this.retryAfter = retryAfter;
    this.details = Map.copyOf(details);
  }

  /** The HTTP status. */
  public int getStatus() {
    return status;
  }

  /**
   * The API's machine code, or {@code unknown} when the answer was not the API's {@code {"error",
   * "code"}} body (a proxy's HTML page, say).
   */
  public String getCode() {
    return code;
  }

  /** The API's human-readable message. */
  public String getApiMessage() {
    return apiMessage;
  }

  /** The answer's Retry-After, when it had one. */
  public Optional<Duration> getRetryAfter() {
    return Optional.ofNullable(retryAfter);
  }

  /** The rest of the error body: {@code errors} lists every refused email of a strict batch. */
  public Map<String, JsonNode> getDetails() {
    return details;
  }

  /** The refused emails of a strict batch, by their index in the request. */
  public List<Models.ErrorError> batchErrors() {
    List<Models.ErrorError> refused = new ArrayList<>();
    JsonNode errors = details.get("errors");
    if (errors != null && errors.isArray()) {
      for (JsonNode error : errors) refused.add(Json.MAPPER.convertValue(error, Models.ErrorError.class));
    }
    return refused;
  }
}
