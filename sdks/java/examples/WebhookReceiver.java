import com.sun.net.httpserver.HttpServer;
import io.github.svcemail.WebhookHandler;
import java.net.InetSocketAddress;

/**
 * A webhook receiver on the JDK's own HTTP server:
 *
 * <pre>
 * SVC_WEBHOOK_SECRET=whsec_… java -cp target/classes:jackson-databind.jar:jackson-core.jar:jackson-annotations.jar examples/WebhookReceiver.java
 * </pre>
 *
 * <p>WebhookHandler verifies each request on its raw body before anything else, answers 400 to one
 * that fails, and 200 once the receiver returns: slow work belongs in a queue, since a receiver
 * that takes more than 10 seconds is retried. Deliveries are at least once: dedupe on the event's
 * id (also the X-Service-Delivery-Id header).
 */
public final class WebhookReceiver {
  public static void main(String[] args) throws Exception {
    String secret = System.getenv("SVC_WEBHOOK_SECRET");
    if (secret == null || secret.isEmpty()) {
      System.err.println("set SVC_WEBHOOK_SECRET to the subscription's signing secret");
      System.exit(2);
    }
    String port = System.getenv().getOrDefault("PORT", "8000");
    HttpServer server = HttpServer.create(new InetSocketAddress(Integer.parseInt(port)), 0);
    server.createContext("/webhooks/svc", new WebhookHandler(secret, (event, raw, exchange) ->
        System.out.printf("%s %s for %s%n", event.getId(), event.getData().getEvent().getType(), event.getData().getEmailId())));
    server.start();
    System.out.println("listening on :" + port + "/webhooks/svc");
  }
}
