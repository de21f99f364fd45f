package io.github.svcemail;

import io.github.svcemail.Models.AddSuppressionRequest;
import io.github.svcemail.Models.ListSuppressionsParams;
import io.github.svcemail.Models.ListTopicSuppressionsParams;
import io.github.svcemail.Models.RemoveSuppressionParams;
import io.github.svcemail.Models.Suppression;
import io.github.svcemail.Models.TopicSuppression;
import java.util.List;

/** The addresses the workspace never sends to. */
public final class SuppressionsService {
  private final Transport t;

  SuppressionsService(Transport t) {
    this.t = t;
  }

  /** One page in address order; {@code after} is the last address of the previous page. */
  @OperationId("listSuppressions")
  public List<Suppression> listPage(ListSuppressionsParams params) {
    return Transport.decodeList(t.call(Call.of("listSuppressions").query(params.toQuery())), Suppression.class);
  }

  /** Every entry matching {@code params}, in address order. */
  public Paginator<Suppression> list(ListSuppressionsParams params) {
    long limit = params.getLimit() == null ? EmailsService.DEFAULT_PAGE_SIZE : params.getLimit();
    return new Paginator<>(
        params.getAfter(),
        after -> {
          List<Suppression> page = listPage(params.setLimit(limit).setAfter(after));
          return new Paginator.Page<>(page, page.size() < limit ? null : page.get(page.size() - 1).getAddress());
        });
  }

  /** Adds a manual entry; {@code created} is false when the address was already listed. */
  @OperationId("addSuppression")
  public SuppressionAdded add(AddSuppressionRequest entry) {
    Transport.Answer got = t.call(Call.of("addSuppression").body(entry));
    return new SuppressionAdded(got.status() == 201, Transport.decode(got, Suppression.class));
  }

  /** Removes an entry; one added by a complaint needs {@code confirmComplaint}. */
  @OperationId("removeSuppression")
  public Suppression remove(String address, boolean confirmComplaint) {
    RemoveSuppressionParams params = new RemoveSuppressionParams().setConfirm(confirmComplaint ? "complaint" : null);
    return Transport.decode(t.call(Call.of("removeSuppression").path("address", address).query(params.toQuery())), Suppression.class);
  }

  /**
   * One page of topic suppressions (one-click unsubscribes) in (topic, address) order; {@code afterTopic} and
   * {@code afterAddress} are the previous page's last entry.
   */
  @OperationId("listTopicSuppressions")
  public List<TopicSuppression> listTopicsPage(ListTopicSuppressionsParams params) {
    return Transport.decodeList(t.call(Call.of("listTopicSuppressions").query(params.toQuery())), TopicSuppression.class);
  }

  /** Every topic suppression matching {@code params}, in (topic, address) order. */
  public Paginator<TopicSuppression> listTopics(ListTopicSuppressionsParams params) {
    long limit = params.getLimit() == null ? EmailsService.DEFAULT_PAGE_SIZE : params.getLimit();
    // The paginator carries one cursor: the (topic, address) pair joined by a space, which no topic holds.
    String start = params.getAfterTopic() == null ? null : params.getAfterTopic() + " " + params.getAfterAddress();
    return new Paginator<>(
        start,
        after -> {
          int space = after == null ? -1 : after.indexOf(' ');
          params.setLimit(limit)
              .setAfterTopic(space < 0 ? null : after.substring(0, space))
              .setAfterAddress(space < 0 ? null : after.substring(space + 1));
          List<TopicSuppression> page = listTopicsPage(params);
          if (page.size() < limit) return new Paginator.Page<>(page, null);
          TopicSuppression last = page.get(page.size() - 1);
          return new Paginator.Page<>(page, last.getTopic() + " " + last.getAddress());
        });
  }

  /** Removes a topic suppression: the address gets that topic's emails again. */
  @OperationId("removeTopicSuppression")
  public TopicSuppression removeTopic(String topic, String address) {
    return Transport.decode(
        t.call(Call.of("removeTopicSuppression").path("topic", topic).path("address", address)), TopicSuppression.class);
  }
}
