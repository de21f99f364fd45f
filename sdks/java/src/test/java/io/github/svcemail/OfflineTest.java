package io.github.svcemail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The offline scenarios and the transport's edges: no service needed. */
class OfflineTest {
  private static final Set<String> METHODS = Set.of("get", "post", "put", "patch", "delete");

  /** Every operation of the document (SVC_OPENAPI, else the repository's), as "METHOD path" by id. */
  static Map<String, String> documentOperations() throws IOException {
    String file = System.getenv("SVC_OPENAPI");
    Path path = file == null || file.isEmpty() ? Path.of("..", "..", "docs", "openapi.json") : Path.of(file);
    JsonNode document = Json.MAPPER.readTree(Files.readAllBytes(path));
    Map<String, String> found = new TreeMap<>();
    document.get("paths").fields().forEachRemaining(item ->
        item.getValue().fields().forEachRemaining(op -> {
          if (METHODS.contains(op.getKey()))
            found.put(op.getValue().get("operationId").asText(), op.getKey().toUpperCase() + " " + item.getKey());
        }));
    return found;
  }

  /** The operation ids named by the methods of the client's services. */
  static Set<String> sdkOperations(SvcClient client) throws ReflectiveOperationException {
    Set<String> covered = new TreeSet<>();
    for (Method accessor : SvcClient.class.getMethods()) {
      if (Modifier.isStatic(accessor.getModifiers()) || accessor.getParameterCount() != 0) continue;
      if (!accessor.getReturnType().getPackageName().equals(SvcClient.class.getPackageName())) continue;
      for (Method method : accessor.invoke(client).getClass().getMethods()) {
        OperationId id = method.getAnnotation(OperationId.class);
        if (id != null) covered.add(id.value());
      }
    }
    return covered;
  }

  @Test
  @DisplayName("coverage")
  void coverage() throws Exception {
    Map<String, String> documented = documentOperations();
    assertTrue(documented.size() > 30, "only " + documented.size() + " operations in the document");
    Set<String> missing = new TreeSet<>(documented.keySet());
    missing.removeAll(sdkOperations(SvcClient.create("svc_test_x", "http://127.0.0.1:9")));
    assertEquals(Set.of(), missing, "operations without an SDK method: " + missing);
    Map<String, String> generated = new TreeMap<>();
    Operations.ALL.forEach((id, op) -> generated.put(id, op.method() + " " + op.path()));
    assertEquals(documented, generated, "the generated table differs from docs/openapi.json: run pnpm openapi");
  }

  @Test
  @DisplayName("webhook-vectors")
  void webhookVectors() throws Exception {
    JsonNode cases = Json.MAPPER.readTree(Files.readAllBytes(Path.of("..", "conformance", "webhook-vectors.json"))).get("cases");
    assertTrue(cases.size() > 10, "only " + cases.size() + " cases");
    List<String> failures = new ArrayList<>();
    for (JsonNode c : cases) {
      String id = c.get("id").asText();
      Map<String, List<String>> headers = new TreeMap<>();
      c.get("headers").fields().forEachRemaining(h -> headers.put(h.getKey(), List.of(h.getValue().asText())));
      byte[] body = c.get("body").asText().getBytes(StandardCharsets.UTF_8);
      String secret = c.get("secret").asText();
      Instant now = Instant.ofEpochSecond(c.get("now").asLong());
      String expect = c.get("expect").asText();
      if (expect.equals("service") || expect.equals("standard")) {
        try {
          WebhookScheme scheme = Webhooks.verifySignature(body, headers, secret, now);
          if (!scheme.wireName().equals(expect)) failures.add(id + ": verified as " + scheme.wireName());
        } catch (SvcException e) {
          failures.add(id + ": refused: " + e.getMessage());
        }
        continue;
      }
      try {
        Webhooks.constructEvent(body, headers, secret, now);
        failures.add(id + ": accepted; want " + expect);
      } catch (WebhookVerificationException refused) {
        if (!refused.getReason().equals(expect)) failures.add(id + ": refused for " + refused.getReason() + "; want " + expect);
        String timestamp = c.get("headers").path("X-Service-Timestamp").asText("");
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
        String expected = HexFormat.of().formatHex(mac.doFinal(body));
        if (refused.getMessage().contains(expected)) failures.add(id + ": the error holds the expected signature");
      }
    }
    assertEquals(List.of(), failures);
  }

  @Test
  @DisplayName("transport: typed errors for HTML, redirects and refused connections; paths escaped; no key, no client")
  void transport() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", exchange -> {
      try (exchange) {
        String path = exchange.getRequestURI().getRawPath();
        seen.add(path);
        byte[] html = "<html><body>502 Bad Gateway</body></html>".getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/html");
        if (path.endsWith("/redirect")) {
          exchange.getResponseHeaders().set("Location", "http://127.0.0.1:9/elsewhere");
          exchange.sendResponseHeaders(302, -1);
        } else if (path.endsWith("/html-ok")) {
          exchange.sendResponseHeaders(200, html.length);
          exchange.getResponseBody().write(html);
        } else {
          exchange.sendResponseHeaders(502, html.length);
          exchange.getResponseBody().write(html);
        }
      }
    });
    server.start();
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      SvcClient client =
          SvcClient.builder().apiKey("svc_test_secretkey").baseUrl(base)
              .retryPolicy(new RetryPolicy(1, Duration.ofMillis(10), Duration.ofSeconds(1))).build();
      ApiException html = assertThrows(ApiException.class, () -> client.emails().get("email_x"));
      assertEquals(502, html.getStatus());
      assertEquals("unknown", html.getCode());
      assertFalse(html.getMessage().contains("secretkey"));
      assertEquals(2, seen.size(), "a 502 is retried once");
      ApiException notJson = assertThrows(ApiException.class, () -> client.emails().get("html-ok"));
      assertEquals(200, notJson.getStatus());
      assertEquals("unknown", notJson.getCode());
      assertEquals(302, assertThrows(ApiException.class, () -> client.emails().get("redirect")).getStatus());
      seen.clear();
      assertThrows(ApiException.class, () -> client.emails().get("a/b?c d"));
      assertEquals("/emails/a%2Fb%3Fc%20d", seen.get(0));
      assertThrows(MissingApiKeyException.class, () -> SvcClient.create("", base));
      assertThrows(MissingApiKeyException.class, () -> SvcClient.create(null, base));
      SvcClient closed =
          SvcClient.builder().apiKey("svc_test_x").baseUrl("http://127.0.0.1:9")
              .retryPolicy(new RetryPolicy(1, Duration.ofMillis(1), Duration.ofSeconds(1))).build();
      assertInstanceOf(ConnectionException.class, assertThrows(SvcException.class, () -> closed.emails().get("email_x")));
    } finally {
      server.stop(0);
    }
  }

  @Test
  @DisplayName("transport: Retry-After as seconds or an HTTP date")
  void retryAfter() {
    assertEquals(Duration.ofSeconds(3), Transport.parseRetryAfter("3", Instant.now()));
    Instant now = Instant.parse("2015-10-21T07:27:50Z");
    assertEquals(Duration.ofSeconds(10), Transport.parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", now));
    assertEquals(null, Transport.parseRetryAfter("soon", now));
  }
}
