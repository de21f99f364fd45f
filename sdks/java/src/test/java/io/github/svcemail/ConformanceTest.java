package io.github.svcemail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.github.svcemail.Models.BatchEntry;
import io.github.svcemail.Models.CreateWebhookSubscriptionRequest;
import io.github.svcemail.Models.CreatedWebhookSubscription;
import io.github.svcemail.Models.DmarcReport;
import io.github.svcemail.Models.Email;
import io.github.svcemail.Models.EmailWithEvents;
import io.github.svcemail.Models.ListDmarcReportsParams;
import io.github.svcemail.Models.ListDmarcReportsResponse;
import io.github.svcemail.Models.ListEmailsParams;
import io.github.svcemail.Models.ListTopicSuppressionsParams;
import io.github.svcemail.Models.ScheduleChange;
import io.github.svcemail.Models.SendEmailRequest;
import io.github.svcemail.Models.SummarizeDmarcParams;
import io.github.svcemail.Models.SummarizeDmarcResponse;
import io.github.svcemail.Models.TopicSuppression;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The conformance scenarios (sdks/conformance/scenarios.json) against the real service, run by
 * sdks/test/conformance.test.ts. Without its environment every scenario fails: one that cannot run
 * is never a pass.
 */
class ConformanceTest {
  private static final RetryPolicy QUICK_RETRIES = new RetryPolicy(3, Duration.ofMillis(50), Duration.ofSeconds(5));

  private static String env(String name) {
    String value = System.getenv(name);
    if (value == null || value.isEmpty()) fail(name + " is not set: the conformance tests run from sdks/test/conformance.test.ts");
    return value;
  }

  private static String key(String scope) {
    return env(Map.of("send-only", "SVC_CONFORMANCE_KEY_SEND_ONLY", "read-only", "SVC_CONFORMANCE_KEY_READ_ONLY", "full-access",
        "SVC_CONFORMANCE_KEY_FULL_ACCESS").get(scope));
  }

  private static SvcClient client(String scope) {
    return SvcClient.create(key(scope), env("SVC_CONFORMANCE_BASE_URL"));
  }

  private static SvcClient proxied(String scope, String fault, String token, RetryPolicy retries) {
    return SvcClient.builder().apiKey(key(scope)).baseUrl(env("SVC_CONFORMANCE_PROXY_URL") + "/" + fault + "/" + token)
        .retryPolicy(retries).build();
  }

  private static String token() {
    return UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  private static SendEmailRequest email(String... to) {
    return new SendEmailRequest()
        .setFrom("Conformance <hello@" + env("SVC_CONFORMANCE_DOMAIN") + ">")
        .setTo(to.length == 0 ? List.of("someone@example.org") : List.of(to))
        .setSubject("java " + token())
        .setText("Hi");
  }

  /** What the proxy saw under a token: [{method, path, idempotencyKey, status, at}], of one method or all. */
  private static List<JsonNode> seen(String token, String method) throws Exception {
    HttpResponse<byte[]> answer = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create(env("SVC_CONFORMANCE_PROXY_URL") + "/_seen/" + token)).build(),
        HttpResponse.BodyHandlers.ofByteArray());
    List<JsonNode> matching = new ArrayList<>();
    for (JsonNode request : Json.MAPPER.readTree(answer.body())) {
      if (method == null || request.get("method").asText().equals(method)) matching.add(request);
    }
    return matching;
  }

  private static ApiException expectApiError(int status, String code, Runnable call) {
    ApiException error = assertThrows(ApiException.class, call::run);
    assertEquals(status, error.getStatus(), error.getMessage());
    assertEquals(code, error.getCode(), error.getMessage());
    return error;
  }

  private static List<Email> emailsTo(String recipient) {
    return client("read-only").emails().listPage(new ListEmailsParams().setTo(recipient));
  }

  @Test
  @DisplayName("missing-api-key")
  void missingApiKey() throws Exception {
    String token = token();
    String proxy = env("SVC_CONFORMANCE_PROXY_URL") + "/pass/" + token;
    MissingApiKeyException error = assertThrows(MissingApiKeyException.class, () -> SvcClient.create("", proxy));
    assertTrue(error.getMessage().contains("API key"), error.getMessage());
    assertEquals(List.of(), seen(token, null));
  }

  @Test
  @DisplayName("send-and-read")
  void sendAndRead() {
    SendEmailRequest message = email();
    SendResult sent = client("send-only").emails().send(message);
    assertTrue(sent.id().startsWith("email_"), sent.id());
    assertEquals("queued", sent.status());
    assertFalse(sent.replayed());
    EmailWithEvents read = client("read-only").emails().get(sent.id());
    assertEquals(sent.id(), read.getId());
    assertEquals(message.getSubject(), read.getSubject());
    assertEquals(List.of("someone@example.org"), read.getTo());
  }

  @Test
  @DisplayName("batch-strict")
  void batchStrict() {
    String recipient = "strict-" + token() + "@example.org";
    ApiException error = expectApiError(422, "validation_failed",
        () -> client("send-only").emails().batch(List.of(email(recipient), email("not-an-address")), BatchMode.STRICT));
    List<Models.ErrorError> refused = error.batchErrors();
    assertEquals(1, refused.size());
    assertEquals(1L, refused.get(0).getIndex());
    assertEquals("validation_failed", refused.get(0).getCode());
    assertEquals(List.of(), emailsTo(recipient), "sent anyway");
  }

  @Test
  @DisplayName("batch-permissive")
  void batchPermissive() {
    BatchResult result = client("send-only").emails().batch(List.of(email(), email("not-an-address")), BatchMode.PERMISSIVE);
    BatchEntry first = result.entries().get(0);
    BatchEntry second = result.entries().get(1);
    assertTrue(first.getId() != null && first.getId().startsWith("email_"), String.valueOf(first.getId()));
    assertEquals("queued", first.getStatus());
    assertEquals("validation_failed", second.getCode());
    assertNotNull(second.getError());
  }

  @Test
  @DisplayName("schedule-and-cancel")
  void scheduleAndCancel() {
    EmailsService emails = client("full-access").emails();
    SendResult scheduled = emails.send(email().setScheduledAt(Instant.now().plus(1, ChronoUnit.HOURS).toString()));
    assertEquals("scheduled", scheduled.status());
    Instant later = Instant.now().plus(2, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
    ScheduleChange moved = emails.reschedule(scheduled.id(), later);
    assertEquals("scheduled", moved.getStatus());
    assertEquals(later, Instant.parse(moved.getScheduledAt()));
    assertEquals("canceled", emails.cancel(scheduled.id()).getStatus());
    assertEquals("canceled", emails.get(scheduled.id()).getStatus());
    expectApiError(409, "conflict", () -> emails.cancel(scheduled.id()));
  }

  @Test
  @DisplayName("list-pages")
  void listPages() throws Exception {
    String recipient = "list-" + token() + "@example.org";
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 5; i++) ids.add(client("send-only").emails().send(email(recipient)).id());
    String token = token();
    List<Email> listed = new ArrayList<>();
    for (Email email : proxied("full-access", "pass", token, RetryPolicy.DEFAULT).emails()
        .list(new ListEmailsParams().setTo(recipient).setLimit(2L))) listed.add(email);
    assertEquals(ids.stream().sorted().collect(Collectors.toList()),
        listed.stream().map(Email::getId).sorted().collect(Collectors.toList()));
    List<String> created = listed.stream().map(Email::getCreatedAt).collect(Collectors.toList());
    List<String> newestFirst = new ArrayList<>(created);
    newestFirst.sort((a, b) -> b.compareTo(a));
    assertEquals(newestFirst, created, "not newest first");
    assertEquals(3, seen(token, "GET").size(), "pages fetched");
  }

  @Test
  @DisplayName("retry-503-same-key")
  void retry503SameKey() throws Exception {
    String token = token();
    String recipient = "retry-" + token + "@example.org";
    SendResult sent = proxied("full-access", "503-once", token, QUICK_RETRIES).emails().send(email(recipient));
    List<JsonNode> posts = seen(token, "POST");
    assertEquals(2, posts.size(), posts.toString());
    assertEquals(503, posts.get(0).get("status").asInt());
    assertEquals(202, posts.get(1).get("status").asInt());
    assertFalse(posts.get(0).get("idempotencyKey").isNull());
    assertEquals(posts.get(0).get("idempotencyKey"), posts.get(1).get("idempotencyKey"));
    List<Email> emails = emailsTo(recipient);
    assertEquals(1, emails.size());
    assertEquals(sent.id(), emails.get(0).getId());
  }

  @Test
  @DisplayName("retry-429-retry-after")
  void retry429RetryAfter() throws Exception {
    String token = token();
    SendResult sent = proxied("send-only", "429-once", token, RetryPolicy.DEFAULT).emails().send(email());
    assertEquals("queued", sent.status());
    List<JsonNode> posts = seen(token, "POST");
    assertEquals(2, posts.size(), posts.toString());
    assertEquals(429, posts.get(0).get("status").asInt());
    assertEquals(202, posts.get(1).get("status").asInt());
    assertEquals(posts.get(0).get("idempotencyKey"), posts.get(1).get("idempotencyKey"));
    long waited = posts.get(1).get("at").asLong() - posts.get(0).get("at").asLong();
    assertTrue(waited >= 990, "waited " + waited + " ms; Retry-After said 1 s");
  }

  @Test
  @DisplayName("retry-dropped-connection")
  void retryDroppedConnection() throws Exception {
    String token = token();
    String recipient = "dropped-" + token + "@example.org";
    SendResult sent = proxied("full-access", "drop-once", token, QUICK_RETRIES).emails().send(email(recipient));
    assertTrue(sent.replayed(), "want the stored result of the first attempt");
    List<JsonNode> posts = seen(token, "POST");
    assertEquals(2, posts.size(), posts.toString());
    assertTrue(posts.get(0).get("status").isNull());
    assertEquals(202, posts.get(1).get("status").asInt());
    assertEquals(posts.get(0).get("idempotencyKey"), posts.get(1).get("idempotencyKey"));
    List<Email> emails = emailsTo(recipient);
    assertEquals(1, emails.size());
    assertEquals(sent.id(), emails.get(0).getId());
  }

  @Test
  @DisplayName("non-json-error")
  void nonJsonError() {
    expectApiError(502, "unknown",
        () -> proxied("read-only", "html-502", token(), RetryPolicy.NONE).emails().listPage(new ListEmailsParams()));
  }

  @Test
  @DisplayName("error-401")
  void error401() {
    SvcClient unknown = SvcClient.create("svc_live_" + "x".repeat(32), env("SVC_CONFORMANCE_BASE_URL"));
    expectApiError(401, "unauthorized", () -> unknown.emails().listPage(new ListEmailsParams()));
  }

  @Test
  @DisplayName("error-403")
  void error403() {
    expectApiError(403, "forbidden", () -> client("send-only").apiKeys().list());
  }

  @Test
  @DisplayName("dmarc")
  void dmarc() {
    DmarcService dmarc = client("read-only").dmarc();
    ListDmarcReportsResponse page = dmarc.listReportsPage(new ListDmarcReportsParams().setDomain("example.org"));
    assertEquals(List.of(), page.getData());
    assertNull(page.getNextCursor());
    List<String> listed = new ArrayList<>();
    for (DmarcReport report : dmarc.listReports(new ListDmarcReportsParams().setDomain("example.org").setLimit(1L))) {
      listed.add(report.getId());
    }
    assertEquals(List.of(), listed);
    expectApiError(404, "not_found", () -> dmarc.getReport("dmr_doesnotexist"));
    SummarizeDmarcResponse summary =
        dmarc.summary(new SummarizeDmarcParams().setFrom("2026-01-01T00:00:00Z").setTo("2026-01-08T00:00:00Z"));
    assertEquals(List.of("2026-01-01T00:00:00.000Z", "2026-01-08T00:00:00.000Z"), List.of(summary.getFrom(), summary.getTo()));
    assertEquals(
        List.of(0L, 0L, 0L),
        List.of(summary.getTotals().getMessages(), summary.getTotals().getAligned(), summary.getTotals().getNotAligned()));
    assertEquals(List.of(List.of(), List.of(), Map.of()), List.of(summary.getSources(), summary.getDaily(), summary.getRefused()));
  }

  @Test
  @DisplayName("topic-suppressions")
  void topicSuppressions() {
    String address = "java+x/y?z@example.org";
    List<String> listed = new ArrayList<>();
    for (TopicSuppression entry : client("read-only").suppressions()
        .listTopics(new ListTopicSuppressionsParams().setAddress("java+").setLimit(1L))) {
      listed.add(entry.getTopic() + " " + entry.getAddress());
    }
    assertEquals(List.of("digest " + address, "news.letter " + address), listed);
    SuppressionsService suppressions = client("full-access").suppressions();
    TopicSuppression removed = suppressions.removeTopic("news.letter", address);
    assertEquals(List.of("news.letter", address), List.of(removed.getTopic(), removed.getAddress()));
    expectApiError(404, "not_found", () -> suppressions.removeTopic("news.letter", address));
    assertEquals(List.of("digest"),
        suppressions.listTopicsPage(new ListTopicSuppressionsParams().setAddress("java+")).stream()
            .map(TopicSuppression::getTopic).collect(Collectors.toList()));
  }

  @Test
  @DisplayName("error-404")
  void error404() {
    expectApiError(404, "not_found", () -> client("read-only").emails().get("email_doesnotexist"));
  }

  @Test
  @DisplayName("error-422")
  void error422() {
    expectApiError(422, "validation_failed", () -> client("send-only").emails().send(email().setTo(List.of())));
  }

  @Test
  @DisplayName("error-429")
  void error429() {
    ApiException error = expectApiError(429, "rate_limited",
        () -> proxied("read-only", "429-always", token(), RetryPolicy.NONE).emails().listPage(new ListEmailsParams()));
    assertEquals(Duration.ofSeconds(1), error.getRetryAfter().orElse(null));
  }

  private record Delivery(Models.WebhookEvent event, byte[] raw, Map<String, List<String>> headers) {}

  @Test
  @DisplayName("webhook-delivery")
  void webhookDelivery() throws Exception {
    WebhooksService webhooks = client("full-access").webhooks();
    BlockingQueue<Delivery> deliveries = new ArrayBlockingQueue<>(4);
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.start();
    CreatedWebhookSubscription subscription = webhooks.create(new CreateWebhookSubscriptionRequest()
        .setUrl("http://127.0.0.1:" + server.getAddress().getPort() + "/hook").setEvents(List.of(Models.EventType.DELIVERED)));
    try {
      server.createContext("/hook", new WebhookHandler(subscription.getSecret(),
          (event, raw, exchange) -> deliveries.add(new Delivery(event, raw, Map.copyOf(exchange.getRequestHeaders())))));
      Models.WebhookDeliveryDetail sent = webhooks.test(subscription.getId(), Models.EventType.DELIVERED);
      Delivery got = deliveries.poll(30, TimeUnit.SECONDS);
      assertNotNull(got, "no delivery within 30 s");
      assertEquals(sent.getId(), got.event().getId());
      assertEquals(Models.EventType.DELIVERED, got.event().getData().getEvent().getType());
      Map<String, List<String>> service = only(got.headers(), "x-service-");
      Map<String, List<String>> standard = only(got.headers(), "webhook-");
      assertEquals(WebhookScheme.SERVICE, Webhooks.verifySignature(got.raw(), service, subscription.getSecret()));
      assertEquals(WebhookScheme.STANDARD, Webhooks.verifySignature(got.raw(), standard, subscription.getSecret()));
      byte[] tampered = new String(got.raw(), StandardCharsets.UTF_8).replaceFirst("delivered", "bounced").getBytes(StandardCharsets.UTF_8);
      assertNotEquals(new String(got.raw(), StandardCharsets.UTF_8), new String(tampered, StandardCharsets.UTF_8));
      List<Object[]> refusals = List.of(
          new Object[] {tampered, service, subscription.getSecret()},
          new Object[] {tampered, standard, subscription.getSecret()},
          new Object[] {got.raw(), service, "whsec_" + "A".repeat(43)});
      for (Object[] c : refusals) {
        @SuppressWarnings("unchecked")
        Map<String, List<String>> headers = (Map<String, List<String>>) c[1];
        WebhookVerificationException refused = assertThrows(WebhookVerificationException.class,
            () -> Webhooks.constructEvent((byte[]) c[0], headers, (String) c[2]));
        assertEquals("signature_mismatch", refused.getReason());
        for (List<String> values : got.headers().values()) {
          for (String value : values) {
            if (value.length() > 20) assertFalse(refused.getMessage().contains(value), "the error holds a header value");
          }
        }
      }
    } finally {
      server.stop(0);
      webhooks.delete(subscription.getId());
    }
  }

  private static Map<String, List<String>> only(Map<String, List<String>> headers, String prefix) {
    Map<String, List<String>> kept = new TreeMap<>();
    headers.forEach((name, values) -> {
      if (name.toLowerCase().startsWith(prefix)) kept.put(name, values);
    });
    return kept;
  }
}
