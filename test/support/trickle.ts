import { connect } from "node:net";

export interface TrickleResult {
  /** Milliseconds from the first byte sent until the server closed the connection. */
  closedAfterMs: number;
  /** What the server wrote before closing (a 408 status line, or nothing). */
  answer: string;
}

/**
 * How long an app under test may take to close a trickling request whose configured deadline
 * is under a second. Far below the defaults (15 s for headers, 30 s for the request), so only the
 * configured deadline can close it sooner; loose because an app in a busy Jest worker can be
 * seconds late. The runtime's own test pins the deadline's timing in an otherwise idle server.
 */
export const APP_CLOSE_BOUND_MS = 10_000;

/**
 * A real socket that sends a POST's headers (whole, or one byte at a time when `trickleHeaders`)
 * and then its declared body one byte every `intervalMs`, never finishing, until the server
 * closes the connection. Rejects if the server has not closed it after `giveUpMs`.
 */
export function trickleRequest(
  url: string,
  options: { path?: string; intervalMs?: number; giveUpMs: number; trickleHeaders?: boolean },
): Promise<TrickleResult> {
  const { hostname, port } = new URL(url);
  const head = `POST ${options.path ?? "/"} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const started = Date.now();
    let answer = "";
    let sent = 0;
    const pending = options.trickleHeaders ? head : "";
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept a trickling request open for ${options.giveUpMs} ms`));
    }, options.giveUpMs);
    // Trickling starts once connected: a byte written before the head would go out ahead of it.
    socket.on("connect", () => {
      if (!options.trickleHeaders) socket.write(head);
      timer = setInterval(() => {
        if (socket.destroyed) return;
        socket.write(sent < pending.length ? pending[sent++]! : "x");
      }, options.intervalMs ?? 100);
    });
    socket.setEncoding("utf8").on("data", (chunk: string) => (answer += chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
  });
}
