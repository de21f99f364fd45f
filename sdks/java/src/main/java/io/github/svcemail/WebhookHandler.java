package io.github.svcemail;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A webhook endpoint on the JDK's {@code com.sun.net.httpserver.HttpServer}: it verifies each
 * request on its raw body, answers 400 (with the reason) to one that fails and calls nothing, and
 * otherwise calls the receiver and answers 200, or 500 when the receiver throws (the delivery is
 * then retried). Deliveries are at least once: dedupe on the event's id (also {@code
 * X-Service-Delivery-Id}).
 */
public final class WebhookHandler implements HttpHandler {
  /** What the handler reads of a request at most. */
  public static final int MAX_BODY_BYTES = 1 << 20;

  /** Gets each genuine event, with the raw body and the exchange (not yet answered). */
  @FunctionalInterface
  public interface Receiver {
    void receive(Models.WebhookEvent event, byte[] rawBody, HttpExchange exchange) throws Exception;
  }

  private final String secret;
  private final Receiver receiver;

  public WebhookHandler(String secret, Receiver receiver) {
    if (secret == null || secret.isEmpty()) throw new IllegalArgumentException("svc: the webhook secret is required (whsec_…)");
    this.secret = secret;
    this.receiver = receiver;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!"POST".equals(exchange.getRequestMethod())) {
        answer(exchange, 405, "POST only");
        return;
      }
      byte[] raw;
      try (InputStream body = exchange.getRequestBody()) {
        raw = body.readNBytes(MAX_BODY_BYTES + 1);
      }
      if (raw.length > MAX_BODY_BYTES) {
        answer(exchange, 413, "body too large");
        return;
      }
      Models.WebhookEvent event;
      try {
        event = Webhooks.constructEvent(raw, exchange.getRequestHeaders(), secret);
      } catch (WebhookVerificationException refused) {
        answer(exchange, 400, refused.getReason());
        return;
      }
      try {
        receiver.receive(event, raw, exchange);
      } catch (Exception failed) {
        answer(exchange, 500, "handler failed");
        return;
      }
      answer(exchange, 200, "ok");
    }
  }

  private static void answer(HttpExchange exchange, int status, String text) throws IOException {
    byte[] body = text.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
    exchange.sendResponseHeaders(status, body.length);
    exchange.getResponseBody().write(body);
  }
}
