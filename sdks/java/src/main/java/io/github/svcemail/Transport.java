package io.github.svcemail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Sends one operation of the generated table with retries: network failures (for operations safe
 * to repeat), 5xx and retryable 429s are tried again after Retry-After when the server gave one,
 * else after an exponential backoff with full jitter. Anything else that is not 2xx is an {@link
 * ApiException}.
 */
final class Transport {
  /** A call's answer: its status, headers and the body as received. */
  record Answer(int status, HttpHeaders headers, byte[] body) {
    String header(String name) {
      return headers.firstValue(name).orElse(null);
    }

    boolean replayed() {
      return "true".equals(header("Idempotent-Replayed"));
    }
  }

  private final String apiKey;
  private final String baseUrl;
  private final HttpClient http;
  private final Duration timeout;
  private final RetryPolicy retry;
  private final String userAgent;

  Transport(String apiKey, String baseUrl, HttpClient http, Duration timeout, RetryPolicy retry, String userAgent) {
    this.apiKey = apiKey;
    this.baseUrl = baseUrl;
    this.http = http;
    this.timeout = timeout;
    this.retry = retry;
    this.userAgent = userAgent;
  }

  Answer call(Call call) {
    Operations.Operation op = Operations.ALL.get(call.operationId);
    if (op == null) throw new IllegalArgumentException("svc: unknown operation " + call.operationId);
    URI target = url(op, call.path, call.query);
    byte[] payload = null;
    if (op.hasBody() && call.body != null) {
      try {
        payload = Json.MAPPER.writeValueAsBytes(call.body);
      } catch (JsonProcessingException e) {
        throw new SvcException("svc: " + op.id() + ": encoding the body: " + e.getOriginalMessage(), e);
      }
    }
    String idempotencyKey = call.idempotencyKey;
    // Generated once per logical call and sent on every retry: a send retried after a lost answer is queued once.
    if (op.idempotencyKey() && idempotencyKey == null) idempotencyKey = "sdk-" + UUID.randomUUID();

    for (int attempt = 0; ; attempt++) {
      boolean lastTry = attempt >= retry.maxRetries();
      Answer got;
      try {
        got = attempt(op, target, payload, idempotencyKey);
      } catch (ConnectionException noAnswer) {
        if (lastTry || !op.safeToRepeat()) throw noAnswer;
        sleep(backoff(attempt));
        continue;
      }
      if (got.status() >= 200 && got.status() < 300) return got;
      ApiException error = toApiError(got);
      if (lastTry || !retryable(error)) throw error;
      Duration wait = error.getRetryAfter().isPresent() ? error.getRetryAfter().get() : backoff(attempt);
      if (wait.compareTo(retry.maxDelay()) > 0) throw error;
      sleep(wait);
    }
  }

  private Answer attempt(Operations.Operation op, URI target, byte[] payload, String idempotencyKey) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(target)
            .timeout(timeout)
            .method(op.method(), payload == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(payload))
            .header("Accept", "json".equals(op.response()) ? "application/json" : "*/*")
            .header("User-Agent", userAgent);
    if (op.auth()) request.header("Authorization", "Bearer " + apiKey);
    if (payload != null) request.header("Content-Type", "application/json");
    if (idempotencyKey != null) request.header("Idempotency-Key", idempotencyKey);
    try {
      // The body is read under the same timeout: a connection cut mid-answer is no answer.
      HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      return new Answer(response.statusCode(), response.headers(), response.body());
    } catch (HttpTimeoutException e) {
      throw new ConnectionException(op.method(), target.toString(), true, e);
    } catch (IOException e) {
      throw new ConnectionException(op.method(), target.toString(), false, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SvcException("svc: interrupted while waiting for " + op.method() + " " + target, e);
    }
  }

  private URI url(Operations.Operation op, Map<String, String> path, Map<String, String> query) {
    String text = op.path();
    for (String name : op.pathParams()) {
      String value = path.get(name);
      if (value == null || value.isEmpty())
        throw new IllegalArgumentException("svc: " + op.id() + ": the path parameter \"" + name + "\" is required");
      text = text.replace("{" + name + "}", encode(value).replace("+", "%20"));
    }
    StringJoiner encoded = new StringJoiner("&");
    for (Map.Entry<String, String> entry : query.entrySet()) {
      if (!op.queryParams().contains(entry.getKey()))
        throw new IllegalArgumentException("svc: " + op.id() + ": unknown query parameter \"" + entry.getKey() + "\"");
      encoded.add(encode(entry.getKey()) + "=" + encode(entry.getValue()));
    }
    return URI.create(baseUrl + text + (encoded.length() == 0 ? "" : "?" + encoded));
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  /** 5xx, and 429 unless it is the daily limit without a Retry-After (that resets tomorrow). */
  private static boolean retryable(ApiException error) {
    if (error.getStatus() >= 500) return true;
    if (error.getStatus() == 429) return !"daily_limit_reached".equals(error.getCode()) || error.getRetryAfter().isPresent();
    return false;
  }

  /** Exponential with full jitter: it spreads the retries of many clients after one outage. */
  private Duration backoff(int attempt) {
    double ceiling = Math.min(retry.maxDelay().toMillis(), retry.baseDelay().toMillis() * Math.pow(2, attempt));
    return Duration.ofMillis((long) (ThreadLocalRandom.current().nextDouble() * ceiling));
  }

  private static void sleep(Duration wait) {
    try {
      Thread.sleep(wait.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SvcException("svc: interrupted while waiting to retry", e);
    }
  }

  /** Retry-After as delay-seconds or an HTTP date; null when absent or unreadable. */
  static Duration parseRetryAfter(String value, Instant now) {
    if (value == null || value.isBlank()) return null;
    String text = value.trim();
    if (text.matches("\\d{1,9}")) return Duration.ofSeconds(Long.parseLong(text));
    try {
      Duration left = Duration.between(now, ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
      return left.isNegative() ? Duration.ZERO : left;
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  static ApiException toApiError(Answer got) {
    Duration retryAfter = parseRetryAfter(got.header("Retry-After"), Instant.now());
    try {
      JsonNode body = Json.MAPPER.readTree(got.body());
      if (body != null && body.isObject() && body.path("error").isTextual() && body.path("code").isTextual()) {
        String message = body.get("error").asText();
        String code = body.get("code").asText();
        if (!message.isEmpty() && !code.isEmpty()) {
          Map<String, JsonNode> details = new LinkedHashMap<>();
          body.fields().forEachRemaining(field -> details.put(field.getKey(), field.getValue()));
          details.remove("error");
          details.remove("code");
          return new ApiException(got.status(), code, message, retryAfter, details);
        }
      }
    } catch (IOException notJson) {
      // Not the API's body: answered below with the status alone.
    }
    return new ApiException(got.status(), "unknown", "HTTP " + got.status() + " without an API error body", retryAfter, Map.of());
  }

  /**
   * Decodes a 2xx answer; one that is not JSON did not come from the API (a captive portal, a proxy
   * page) and is an {@link ApiException} with its status and code {@code unknown}.
   */
  static <T> T decode(Answer got, JavaType type) {
    if (got.body().length == 0) return null;
    try {
      return Json.MAPPER.readValue(got.body(), type);
    } catch (StreamReadException notJson) {
      throw new ApiException(got.status(), "unknown", "HTTP " + got.status() + " with a body that is not JSON", null, Map.of());
    } catch (IOException e) {
      throw new SvcException("svc: decoding the answer: " + e.getMessage(), e);
    }
  }

  static <T> T decode(Answer got, Class<T> type) {
    return decode(got, Json.MAPPER.constructType(type));
  }

  static <T> List<T> decodeList(Answer got, Class<T> item) {
    return decode(got, Json.MAPPER.getTypeFactory().constructCollectionType(List.class, item));
  }
}
