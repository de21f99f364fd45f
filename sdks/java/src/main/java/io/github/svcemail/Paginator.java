package io.github.svcemail;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Walks a listing a page at a time as you iterate ({@code for (Email email : client.emails().list(params))});
 * an error while fetching a page is thrown from the iteration.
 */
public final class Paginator<T> implements Iterable<T> {
  /** One page: its items and the cursor of the next, null at the end. */
  record Page<T>(List<T> items, String next) {}

  @FunctionalInterface
  interface Fetch<T> {
    Page<T> page(String after);
  }

  private final String start;
  private final Fetch<T> fetch;

  Paginator(String start, Fetch<T> fetch) {
    this.start = start;
    this.fetch = fetch;
  }

  @Override
  public Iterator<T> iterator() {
    return new Iterator<>() {
      private List<T> items = List.of();
      private int index;
      private String after = start;
      private boolean started;

      @Override
      public boolean hasNext() {
        while (index >= items.size()) {
          if (started && after == null) return false;
          started = true;
          Page<T> page = fetch.page(after);
          items = page.items() == null ? List.of() : page.items();
          index = 0;
          after = items.isEmpty() ? null : page.next();
          if (items.isEmpty()) return false;
        }
        return true;
      }

      @Override
      public T next() {
        if (!hasNext()) throw new NoSuchElementException();
        return items.get(index++);
      }
    };
  }

  public Stream<T> stream() {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED), false);
  }
}
