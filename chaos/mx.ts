/**
 * A bare SMTP client for attacking the MX receiver: the dialogue up to DATA, then a body written
 * straight to the socket in chunks (never held whole), stopping as soon as the server answers or
 * hangs up. A real client would give up or declare SIZE; an attacker does neither.
 */
import { connect, type Socket } from "node:net";

export interface SmtpReply {
  code: number;
  /** The whole reply, lines joined (e.g. `552 5.3.4 The message exceeds …`). */
  text: string;
}

/** One SMTP connection with its replies read as they come. */
export class SmtpSession {
  private buffer = "";
  private readonly replies: SmtpReply[] = [];
  private waiter: ((reply: SmtpReply | null) => void) | null = null;
  closed = false;

  private constructor(readonly socket: Socket) {
    let lines: string[] = [];
    socket.on("data", (chunk: Buffer) => {
      this.buffer += chunk.toString("latin1");
      for (let end = this.buffer.indexOf("\r\n"); end >= 0; end = this.buffer.indexOf("\r\n")) {
        const line = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        lines.push(line);
        // `250-…` continues a reply; `250 …` ends it.
        if (/^\d{3}(?: |$)/.test(line)) {
          this.push({ code: Number(line.slice(0, 3)), text: lines.join(" | ") });
          lines = [];
        }
      }
    });
    const close = () => {
      this.closed = true;
      const waiter = this.waiter;
      this.waiter = null;
      waiter?.(null);
    };
    socket.on("close", close);
    socket.on("error", close);
  }

  private push(reply: SmtpReply): void {
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = null;
      waiter(reply);
    } else this.replies.push(reply);
  }

  static open(port: number, timeoutMs = 30_000): Promise<SmtpSession> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      socket.setTimeout(timeoutMs, () => socket.destroy(new Error("SMTP socket timed out")));
      socket.once("connect", () => resolve(new SmtpSession(socket)));
      socket.once("error", reject);
    });
  }

  /** A reply that already arrived, without waiting. */
  pending(): SmtpReply | null {
    return this.replies.shift() ?? null;
  }

  /** The next reply; null when the server closed first or none came within `timeoutMs`. */
  next(timeoutMs = 60_000): Promise<SmtpReply | null> {
    const ready = this.replies.shift();
    if (ready) return Promise.resolve(ready);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        resolve(null);
      }, timeoutMs);
      this.waiter = (reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
    });
  }

  async command(line: string, timeoutMs?: number): Promise<SmtpReply | null> {
    if (this.closed) return null;
    this.socket.write(`${line}\r\n`);
    return this.next(timeoutMs);
  }

  /** Writes a chunk, waiting for the socket to drain; false once the server answered or closed. */
  async write(chunk: Buffer): Promise<boolean> {
    if (this.closed || this.replies.length > 0) return false;
    if (!this.socket.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          this.socket.off("drain", done);
          this.socket.off("close", done);
          resolve();
        };
        this.socket.on("drain", done);
        this.socket.on("close", done);
      });
    }
    return !this.closed && this.replies.length === 0;
  }

  close(): void {
    this.socket.destroy();
  }
}

export interface DataOutcome {
  /** The server's answer to the message (or to whatever it answered early); null: it closed without one. */
  reply: SmtpReply | null;
  /** What the dialogue before DATA got when it failed (e.g. a 421 with every slot taken). */
  refusedBefore: SmtpReply | null;
  bytesWritten: number;
  /** The server answered before the whole body was written. */
  answeredEarly: boolean;
}

/**
 * EHLO, MAIL FROM (no SIZE), RCPT TO, DATA; then `body` chunk by chunk until `totalBytes` are
 * written or the server answers or hangs up, then the final dot; the reply to the message.
 * `abort()` true makes it stop writing and hang up (the suite's guard of the machine).
 */
export async function sendData(
  port: number,
  options: {
    from: string;
    to: string;
    /** The head of the message (headers and the start of the body). */
    head: Buffer;
    /** Repeated until `totalBytes` (head included) are written; lines must not start with a dot. */
    chunk: Buffer;
    totalBytes: number;
    abort?: () => boolean;
    replyTimeoutMs?: number;
  },
): Promise<DataOutcome> {
  let session: SmtpSession;
  try {
    session = await SmtpSession.open(port);
  } catch {
    return { reply: null, refusedBefore: null, bytesWritten: 0, answeredEarly: false };
  }
  try {
    const steps = [null, "EHLO attacker.chaos.example", `MAIL FROM:<${options.from}>`, `RCPT TO:<${options.to}>`, "DATA"];
    for (const step of steps) {
      const reply = step === null ? await session.next(30_000) : await session.command(step, 30_000);
      const expected = step === null ? 220 : step === "DATA" ? 354 : 250;
      if (!reply || reply.code !== expected) return { reply: null, refusedBefore: reply, bytesWritten: 0, answeredEarly: false };
    }
    let written = 0;
    let open = await session.write(options.head);
    written += options.head.length;
    while (open && written < options.totalBytes) {
      if (options.abort?.()) {
        session.close();
        return { reply: null, refusedBefore: null, bytesWritten: written, answeredEarly: false };
      }
      const piece =
        options.totalBytes - written >= options.chunk.length ? options.chunk : options.chunk.subarray(0, options.totalBytes - written);
      open = await session.write(piece);
      written += piece.length;
    }
    const early = session.pending();
    if (early) return { reply: early, refusedBefore: null, bytesWritten: written, answeredEarly: true };
    if (session.closed) return { reply: null, refusedBefore: null, bytesWritten: written, answeredEarly: true };
    session.socket.write("\r\n.\r\n");
    const reply = await session.next(options.replyTimeoutMs ?? 120_000);
    return { reply, refusedBefore: null, bytesWritten: written, answeredEarly: false };
  } finally {
    session.close();
  }
}

/** A message's head for `to`, its body base64 lines (as an attachment would be): lines of 76 characters. */
export function messageParts(to: string, from: string): { head: Buffer; chunk: Buffer } {
  const head = Buffer.from(
    [
      `From: Attacker <${from}>`,
      `To: <${to}>`,
      "Subject: large",
      `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@attacker.chaos.example>`,
      "MIME-Version: 1.0",
      "Content-Type: application/octet-stream",
      "Content-Transfer-Encoding: base64",
      "",
      "",
    ].join("\r\n"),
  );
  const line = `${"QUJD".repeat(19)}\r\n`; // 76 base64 characters ("ABC" repeated)
  const chunk = Buffer.from(line.repeat(Math.ceil((1024 * 1024) / line.length)));
  return { head, chunk };
}
