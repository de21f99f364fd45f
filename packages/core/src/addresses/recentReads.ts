/**
 * Remembers what `read` gave for the most recent values, so that a value read again is not
 * parsed again. Addresses repeat: a workspace sends from a few `from` values, and each email's
 * addresses are read at several steps (validation, suppression checks, the provider's encoding).
 * Bounded twice, so that no caller can grow it: values longer than `longestValue` (no valid
 * mailbox is that long) are read but not kept, and past `entries` values the oldest goes. What
 * it keeps is shared between callers, so `read` must return frozen (or primitive) results.
 */
export function rememberRecentReads<R>(
  read: (value: string) => R,
  limits: { entries: number; longestValue: number },
): (value: string) => R {
  const recent = new Map<string, R>();
  return (value) => {
    if (recent.has(value)) return recent.get(value) as R;
    const result = read(value);
    if (value.length > limits.longestValue) return result;
    if (recent.size >= limits.entries) recent.delete(recent.keys().next().value as string);
    recent.set(value, result);
    return result;
  };
}

/** The bound the address readers share: far more distinct addresses than a process reads between two repeats of one. */
export const RECENT_ADDRESS_READS = { entries: 1_000, longestValue: 512 } as const;
