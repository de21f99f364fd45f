package io.github.svcemail;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;

/**
 * The Java client for the svc transactional email API: every operation of its OpenAPI document,
 * retries under one Idempotency-Key per logical send, typed errors ({@link ApiException} with the
 * status and the code, {@link ConnectionException} when no answer came), and webhook verification
 * ({@link Webhooks}). Thread-safe: make one and share it.
 *
 * <pre>{@code
 * SvcClient svc = SvcClient.builder().apiKey(System.getenv("SVC_API_KEY")).baseUrl("http://localhost:3000").build();
 * }</pre>
 */
public final class SvcClient {
  /** This package's version, sent in the User-Agent. */
  public static final String VERSION = "0.1.0";

  private final EmailsService emails;
  private final ApiKeysService apiKeys;
  private final SuppressionsService suppressions;
  private final WebhooksService webhooks;
  private final TemplatesService templates;
  private final InboundService inbound;
  private final AuditLogService auditLog;
  private final ErasuresService erasures;
  private final DeliverabilityService deliverability;
  private final DmarcService dmarc;
  private final ServiceService service;

  private SvcClient(Transport t) {
    emails = new EmailsService(t);
    apiKeys = new ApiKeysService(t);
    suppressions = new SuppressionsService(t);
    webhooks = new WebhooksService(t);
    templates = new TemplatesService(t);
    inbound = new InboundService(t);
    auditLog = new AuditLogService(t);
    erasures = new ErasuresService(t);
    deliverability = new DeliverabilityService(t);
    dmarc = new DmarcService(t);
    service = new ServiceService(t);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A client with the default timeout and retries; {@link MissingApiKeyException} without a key. */
  public static SvcClient create(String apiKey, String baseUrl) {
    return builder().apiKey(apiKey).baseUrl(baseUrl).build();
  }

  public EmailsService emails() {
    return emails;
  }

  public ApiKeysService apiKeys() {
    return apiKeys;
  }

  public SuppressionsService suppressions() {
    return suppressions;
  }

  public WebhooksService webhooks() {
    return webhooks;
  }

  public TemplatesService templates() {
    return templates;
  }

  public InboundService inbound() {
    return inbound;
  }

  public AuditLogService auditLog() {
    return auditLog;
  }

  public ErasuresService erasures() {
    return erasures;
  }

  public DeliverabilityService deliverability() {
    return deliverability;
  }

  public DmarcService dmarc() {
    return dmarc;
  }

  public ServiceService service() {
    return service;
  }

  /** Configures a client; {@link #build()} refuses without an API key. */
  public static final class Builder {
    private String apiKey;
    private String baseUrl;
    private Duration timeout = Duration.ofSeconds(30);
    private RetryPolicy retryPolicy = RetryPolicy.DEFAULT;
    private HttpClient httpClient;

    private Builder() {}

    /** {@code svc_live_…} or {@code svc_test_…}. */
    public Builder apiKey(String apiKey) {
      this.apiKey = apiKey;
      return this;
    }

    /** Where the API is, e.g. {@code http://localhost:3000}. */
    public Builder baseUrl(String baseUrl) {
      this.baseUrl = baseUrl;
      return this;
    }

    /** Bounds each attempt, reading the answer included. Default 30 s. */
    public Builder timeout(Duration timeout) {
      this.timeout = timeout;
      return this;
    }

    /** Replaces {@link RetryPolicy#DEFAULT}. */
    public Builder retryPolicy(RetryPolicy retryPolicy) {
      this.retryPolicy = retryPolicy;
      return this;
    }

    /** Sends through this client (a proxy's, a test's); give it {@code Redirect.NEVER}, as the default one has. */
    public Builder httpClient(HttpClient httpClient) {
      this.httpClient = httpClient;
      return this;
    }

    public SvcClient build() {
      if (apiKey == null || apiKey.isBlank()) throw new MissingApiKeyException();
      URI base;
      try {
        base = baseUrl == null ? null : URI.create(baseUrl);
      } catch (IllegalArgumentException e) {
        base = null;
      }
      if (base == null || base.getHost() == null || !("http".equals(base.getScheme()) || "https".equals(base.getScheme())))
        throw new IllegalArgumentException("svc: the base URL must be an http(s) URL, e.g. http://localhost:3000");
      HttpClient http =
          httpClient != null
              ? httpClient
              : HttpClient.newBuilder()
                  // A redirect is answered as the error it is: following it would carry the key elsewhere.
                  .followRedirects(HttpClient.Redirect.NEVER)
                  // HTTP/1.1: no h2c upgrade offered to a plain-HTTP server or proxy.
                  .version(HttpClient.Version.HTTP_1_1)
                  .connectTimeout(timeout)
                  .build();
      String trimmed = baseUrl.replaceAll("/+$", "");
      return new SvcClient(new Transport(apiKey, trimmed, http, timeout, retryPolicy, "svc-java/" + VERSION));
    }
  }
}
