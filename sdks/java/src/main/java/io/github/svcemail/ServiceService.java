package io.github.svcemail;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.svcemail.Models.GetHealthResponse;
import io.github.svcemail.Models.GetReadinessResponse;
import java.nio.charset.StandardCharsets;

/** The operations that need no API key (none is sent with them). */
public final class ServiceService {
  private final Transport t;

  ServiceService(Transport t) {
    this.t = t;
  }

  /** Answers when the process is alive. */
  @OperationId("getHealth")
  public GetHealthResponse health() {
    return Transport.decode(t.call(Call.of("getHealth")), GetHealthResponse.class);
  }

  /** Answers when PostgreSQL and Redis are reachable (a 503 {@link ApiException} otherwise). */
  @OperationId("getReadiness")
  public GetReadinessResponse readiness() {
    return Transport.decode(t.call(Call.of("getReadiness")), GetReadinessResponse.class);
  }

  /** The API's OpenAPI document. */
  @OperationId("getOpenApiDocument")
  public JsonNode openApiDocument() {
    return Transport.decode(t.call(Call.of("getOpenApiDocument")), JsonNode.class);
  }

  /** The API reference page (HTML). */
  @OperationId("getApiReference")
  public String apiReference() {
    return new String(t.call(Call.of("getApiReference")).body(), StandardCharsets.UTF_8);
  }

  /** The reference page's script. */
  @OperationId("getApiReferenceScript")
  public String apiReferenceScript() {
    return new String(t.call(Call.of("getApiReferenceScript")).body(), StandardCharsets.UTF_8);
  }
}
