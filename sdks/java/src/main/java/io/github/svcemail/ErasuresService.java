package io.github.svcemail;

import io.github.svcemail.Models.CreateErasureRequest;
import io.github.svcemail.Models.Erasure;
import io.github.svcemail.Models.ErasureReceiptDocument;
import io.github.svcemail.Models.ListErasuresParams;
import java.util.List;

/** Forgets people: every copy of their addresses in the workspace (full-access keys). */
public final class ErasuresService {
  private final Transport t;

  ErasuresService(Transport t) {
    this.t = t;
  }

  /** Starts erasing the addresses (or the emails, by id) given; poll {@link #get} for its status. Not repeated after a lost answer. */
  @OperationId("createErasure")
  public Erasure create(CreateErasureRequest erasure) {
    return Transport.decode(t.call(Call.of("createErasure").body(erasure)), Erasure.class);
  }

  /** One erasure with its status and, once completed, its receipt's counts. */
  @OperationId("getErasure")
  public Erasure get(String id) {
    return Transport.decode(t.call(Call.of("getErasure").path("id", id)), Erasure.class);
  }

  /** One page, newest first; pass the last id of the previous page as {@code after}. */
  @OperationId("listErasures")
  public List<Erasure> listPage(ListErasuresParams params) {
    return Transport.decodeList(t.call(Call.of("listErasures").query(params.toQuery())), Erasure.class);
  }

  /** A completed erasure's receipt: what was removed, by table and object count. */
  @OperationId("getErasureReceipt")
  public ErasureReceiptDocument receipt(String id) {
    return Transport.decode(t.call(Call.of("getErasureReceipt").path("id", id)), ErasureReceiptDocument.class);
  }
}
