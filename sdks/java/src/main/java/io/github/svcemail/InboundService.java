package io.github.svcemail;

import io.github.svcemail.Models.Inbound;
import io.github.svcemail.Models.InboundSummary;
import io.github.svcemail.Models.ListInboundParams;
import io.github.svcemail.Models.ListInboundResponse;

/** Messages received for the workspace's receiving domains. */
public final class InboundService {
  private final Transport t;

  InboundService(Transport t) {
    this.t = t;
  }

  /** One page, newest first; pass the previous page's {@code nextCursor} as {@code after}. */
  @OperationId("listInbound")
  public ListInboundResponse listPage(ListInboundParams params) {
    return Transport.decode(t.call(Call.of("listInbound").query(params.toQuery())), ListInboundResponse.class);
  }

  /** Every received message, newest first. */
  public Paginator<InboundSummary> list(ListInboundParams params) {
    return new Paginator<>(
        params.getAfter(),
        after -> {
          ListInboundResponse page = listPage(params.setAfter(after));
          return new Paginator.Page<>(page.getData(), page.getNextCursor());
        });
  }

  /** One message with its text, HTML, headers and verdicts. */
  @OperationId("getInbound")
  public Inbound get(String id) {
    return Transport.decode(t.call(Call.of("getInbound").path("id", id)), Inbound.class);
  }

  /** The message exactly as it arrived (message/rfc822 bytes). */
  @OperationId("getInboundRaw")
  public byte[] raw(String id) {
    return t.call(Call.of("getInboundRaw").path("id", id)).body();
  }

  /** Attachment {@code index} (its position in {@code get(id).getAttachments()}, from 0) with its content type. */
  @OperationId("getInboundAttachment")
  public Binary attachment(String id, int index) {
    if (index < 0) throw new IllegalArgumentException("svc: index is the attachment's position, a whole number from 0");
    Transport.Answer got = t.call(Call.of("getInboundAttachment").path("id", id).path("n", Integer.toString(index)));
    String type = got.header("Content-Type");
    return new Binary(got.body(), type == null ? "application/octet-stream" : type);
  }
}
