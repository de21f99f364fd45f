package io.github.svcemail;

import io.github.svcemail.Models.DeliverabilityBreakdown;
import io.github.svcemail.Models.GetDeliverabilityParams;

/** Where the workspace's mail lands: outcomes by mailbox provider, bounces by cause. */
public final class DeliverabilityService {
  private final Transport t;

  DeliverabilityService(Transport t) {
    this.t = t;
  }

  /** The last {@code days} UTC days (7 unless given, at most 30). */
  @OperationId("getDeliverability")
  public DeliverabilityBreakdown get(GetDeliverabilityParams params) {
    return Transport.decode(t.call(Call.of("getDeliverability").query(params.toQuery())), DeliverabilityBreakdown.class);
  }
}
