import { once } from "node:events";
import type { Response } from "express";

/** Waits until the socket takes more data, or the client goes away (then resolves false). */
async function drained(res: Response): Promise<boolean> {
  if (res.destroyed) return false;
  const closed = once(res, "close").then(() => false);
  const drain = once(res, "drain").then(() => true);
  return Promise.race([drain, closed]);
}

/**
 * Writes batches of items as one JSON array, batch by batch, honouring backpressure: memory
 * holds one batch however long the array is. The first batch is read before anything is sent,
 * so a failure there is still an ordinary error answer; a failure later cuts the connection
 * (the error handler does that once headers are out).
 */
export async function streamJsonArray(res: Response, batches: AsyncGenerator<unknown[], void, void>): Promise<void> {
  const first = await batches.next();
  res.status(200).type("application/json");
  let written = 0;
  const writeBatch = async (items: unknown[]): Promise<boolean> => {
    if (items.length === 0) return true;
    const chunk = (written === 0 ? "" : ",") + items.map((item) => JSON.stringify(item)).join(",");
    written += items.length;
    return res.write(chunk) || drained(res);
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
    await batches.return();
  }
}
