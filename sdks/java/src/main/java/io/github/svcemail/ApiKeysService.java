package io.github.svcemail;

import io.github.svcemail.Models.ApiKey;
import java.util.List;

/** Lists and revokes the workspace's key records. */
public final class ApiKeysService {
  private final Transport t;

  ApiKeysService(Transport t) {
    this.t = t;
  }

  /** Every key record of the workspace (never a key itself). */
  @OperationId("listApiKeys")
  public List<ApiKey> list() {
    return Transport.decodeList(t.call(Call.of("listApiKeys")), ApiKey.class);
  }

  /** Revokes at once; revoking twice keeps the first time. */
  @OperationId("revokeApiKey")
  public ApiKey revoke(String id) {
    return Transport.decode(t.call(Call.of("revokeApiKey").path("id", id)), ApiKey.class);
  }
}
