import type { Response } from "express";

/**
 * Waits for the socket to take more data, with one set of listeners for the whole stream: a
 * listener pair per back-pressured write would pile up (Node warns past ten) and outlive the
 * writes they were for. `wait` resolves true on `drain`, false once the response is closed or
 * failed; it never rejects, so a response error cannot escape as an unhandled rejection.
 */
function backpressure(res: Response) {
  let gone = res.destroyed;
  let waiting: ((writable: boolean) => void) | null = null;
  const settle = (writable: boolean) => {
    const resolve = waiting;
    waiting = null;
    resolve?.(writable);
  };
  const onDrain = () => settle(true);
  const onGone = () => {
    gone = true;
    settle(false);
  };
  res.on("drain", onDrain);
  res.on("close", onGone);
  res.on("error", onGone);
  return {
    wait(): Promise<boolean> {
      if (gone) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => (waiting = resolve));
    },
    dispose() {
      res.off("drain", onDrain);
      res.off("close", onGone);
      res.off("error", onGone);
    },
  };
}

/**
 * Writes batches of items as one JSON array, batch by batch, honouring backpressure: memory
 * holds one batch however long the array is. The first batch is read before anything is sent,
 * so a failure there is still an ordinary error answer; a failure later cuts the connection
 * (the error handler does that once headers are out).
 */
export async function streamJsonArray(res: Response, batches: AsyncGenerator<Iterable<unknown>, void, void>): Promise<void> {
  const first = await batches.next();
  res.status(200).type("application/json");
  const socket = backpressure(res);
  let written = 0;
  const writeBatch = async (items: Iterable<unknown>): Promise<boolean> => {
    // Each item is serialised as it is reached, so only its JSON outlives it (see EmailBatch).
    const parts: string[] = [];
    for (const item of items) parts.push(JSON.stringify(item));
    if (parts.length === 0) return true;
    const chunk = (written === 0 ? "" : ",") + parts.join(",");
    written += parts.length;
    return res.write(chunk) || socket.wait();
  };
  try {
    res.write("[");
    if (!first.done && !(await writeBatch(first.value))) return;
    if (!first.done) {
      for await (const batch of batches) {
        if (!(await writeBatch(batch))) return; // client gone: stop reading from the database
      }
    }
    res.end("]");
  } finally {
    socket.dispose();
    await batches.return();
  }
}
