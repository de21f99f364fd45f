/**
 * Rejects with `Error(failure)` (or the error `failure` makes) if `work` has not settled within
 * `ms`; the timer never outlives it.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, failure: string | (() => Error)): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(typeof failure === "string" ? new Error(failure) : failure()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
