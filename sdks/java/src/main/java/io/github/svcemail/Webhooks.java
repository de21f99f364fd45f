package io.github.svcemail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Verifies webhook requests: both schemes the service sends ({@code X-Service-Signature} and
 * Standard Webhooks), compared in constant time ({@link MessageDigest#isEqual}) over the raw body,
 * within the timestamp window. Pass the body exactly as received: the signature covers those bytes.
 * Headers are matched case-insensitively.
 */
public final class Webhooks {
  private Webhooks() {}

  /** A webhook's timestamp is at most this old… */
  public static final Duration MAX_AGE = Duration.ofSeconds(300);
  /** …and at most this far ahead. */
  public static final Duration MAX_FUTURE = Duration.ofSeconds(30);

  private static final Pattern HEX_SIGNATURE = Pattern.compile("^[0-9a-fA-F]{64}$");
  private static final Pattern BASE64_SIGNATURE = Pattern.compile("^[A-Za-z0-9+/]{43}=$");
  private static final Pattern BASE64_KEY = Pattern.compile("^[A-Za-z0-9+/_-]+={0,2}$");
  private static final Pattern UNIX_SECONDS = Pattern.compile("^\\d{1,12}$");

  /** Checks a request's signature (either scheme) and its timestamp window as of now. */
  public static WebhookScheme verifySignature(byte[] rawBody, Map<String, List<String>> headers, String secret) {
    return verifySignature(rawBody, headers, secret, Instant.now());
  }

  /** {@link #verifySignature(byte[], Map, String)} as of a given time. */
  public static WebhookScheme verifySignature(byte[] rawBody, Map<String, List<String>> headers, String secret, Instant now) {
    if (rawBody == null) throw new IllegalArgumentException("svc: the raw body is required (the bytes as received)");
    if (secret == null || secret.isEmpty()) throw new IllegalArgumentException("svc: the webhook secret is required (whsec_…)");
    List<String> service = values(headers, "X-Service-Signature");
    List<String> standard = values(headers, "webhook-signature");
    if (service.isEmpty() && !standard.isEmpty()) {
      if (standard.size() > 1) throw refuse("malformed_signature", "The webhook-signature header is sent more than once.");
      return verifyStandard(rawBody, headers, standard.get(0), secret, now);
    }
    List<String> timestamps = values(headers, "X-Service-Timestamp");
    if (service.isEmpty()) throw refuse("missing_signature", "The X-Service-Signature header is missing.");
    if (timestamps.isEmpty()) throw refuse("missing_timestamp", "The X-Service-Timestamp header is missing.");
    String timestamp = timestamps.size() == 1 ? timestamps.get(0) : "";
    checkTimestamp(timestamp, "X-Service-Timestamp", now);
    String signature = service.size() == 1 ? service.get(0) : "";
    if (!HEX_SIGNATURE.matcher(signature).matches())
      throw refuse("malformed_signature", "The X-Service-Signature header is not a hex HMAC-SHA256.");
    byte[] expected = hmac(secret.getBytes(StandardCharsets.UTF_8), (timestamp + ".").getBytes(StandardCharsets.UTF_8), rawBody);
    if (!MessageDigest.isEqual(expected, HexFormat.of().parseHex(signature)))
      throw refuse("signature_mismatch", "The signature does not match the body and timestamp for this secret.");
    return WebhookScheme.SERVICE;
  }

  private static WebhookScheme verifyStandard(
      byte[] rawBody, Map<String, List<String>> headers, String signatures, String secret, Instant now) {
    List<String> ids = values(headers, "webhook-id");
    List<String> timestamps = values(headers, "webhook-timestamp");
    if (ids.size() != 1 || ids.get(0).isEmpty()) throw refuse("missing_id", "The webhook-id header is missing.");
    if (timestamps.isEmpty() || timestamps.get(0).isEmpty())
      throw refuse("missing_timestamp", "The webhook-timestamp header is missing.");
    long seconds = checkTimestamp(timestamps.get(0), "webhook-timestamp", now);
    byte[] expected =
        hmac(standardKey(secret), (ids.get(0) + "." + seconds + ".").getBytes(StandardCharsets.UTF_8), rawBody);
    boolean wellFormed = false;
    for (String versioned : signatures.split(" ")) {
      int comma = versioned.indexOf(',');
      if (comma < 0) continue;
      String encoded = versioned.substring(comma + 1);
      if (!"v1".equals(versioned.substring(0, comma)) || !BASE64_SIGNATURE.matcher(encoded).matches()) continue;
      wellFormed = true;
      if (MessageDigest.isEqual(expected, Base64.getDecoder().decode(encoded))) return WebhookScheme.STANDARD;
    }
    if (!wellFormed) throw refuse("malformed_signature", "The webhook-signature header holds no v1 base64 HMAC-SHA256.");
    throw refuse("signature_mismatch", "The signature does not match the id, body and timestamp for this secret.");
  }

  /** The Standard Webhooks key: the bytes after {@code whsec_} (either base64 alphabet), else the secret itself. */
  static byte[] standardKey(String secret) {
    if (secret.startsWith("whsec_")) {
      String encoded = secret.substring("whsec_".length());
      if (BASE64_KEY.matcher(encoded).matches()) {
        String normalized = encoded.replace('-', '+').replace('_', '/').replaceAll("=+$", "");
        try {
          byte[] key = Base64.getDecoder().decode(normalized);
          if (key.length > 0) return key;
        } catch (IllegalArgumentException notBase64) {
          // Falls through to the secret's own bytes, as the service's signer does.
        }
      }
    }
    return secret.getBytes(StandardCharsets.UTF_8);
  }

  private static long checkTimestamp(String value, String name, Instant now) {
    if (!UNIX_SECONDS.matcher(value).matches())
      throw refuse("malformed_timestamp", "The " + name + " header is not a Unix time in seconds.");
    long seconds = Long.parseLong(value);
    long age = now.getEpochSecond() - seconds;
    if (age > MAX_AGE.getSeconds())
      throw refuse("timestamp_too_old", "The timestamp is " + age + " seconds old; at most " + MAX_AGE.getSeconds() + " are accepted.");
    if (-age > MAX_FUTURE.getSeconds())
      throw refuse(
          "timestamp_in_future",
          "The timestamp is " + -age + " seconds in the future; at most " + MAX_FUTURE.getSeconds() + " are accepted.");
    return seconds;
  }

  /** Verifies a request as of now and decodes its body. */
  public static Models.WebhookEvent constructEvent(byte[] rawBody, Map<String, List<String>> headers, String secret) {
    return constructEvent(rawBody, headers, secret, Instant.now());
  }

  /** {@link #constructEvent(byte[], Map, String)} as of a given time. */
  public static Models.WebhookEvent constructEvent(byte[] rawBody, Map<String, List<String>> headers, String secret, Instant now) {
    verifySignature(rawBody, headers, secret, now);
    Models.WebhookEvent event;
    try {
      event = Json.MAPPER.readValue(rawBody, Models.WebhookEvent.class);
    } catch (IOException e) {
      event = null;
    }
    if (event == null || event.getId() == null || event.getId().isEmpty())
      throw refuse("malformed_body", "The webhook body is not a webhook event.");
    return event;
  }

  /** A header's values, its name in any case. */
  private static List<String> values(Map<String, List<String>> headers, String name) {
    List<String> found = new ArrayList<>();
    for (Map.Entry<String, List<String>> entry : headers.entrySet()) {
      if (entry.getKey() != null && entry.getKey().equalsIgnoreCase(name) && entry.getValue() != null) found.addAll(entry.getValue());
    }
    return found;
  }

  private static byte[] hmac(byte[] key, byte[] prefix, byte[] body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      mac.update(prefix);
      return mac.doFinal(body);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
    }
  }

  private static WebhookVerificationException refuse(String reason, String message) {
    return new WebhookVerificationException(reason, message);
  }
}
