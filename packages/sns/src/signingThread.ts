import { Worker } from "node:worker_threads";
import { SIGNATURE_ALGORITHMS, type SignatureVersion } from "./message.ts";
import { stringToSignFor, type UnsignedSnsMessage } from "./signature.ts";

/**
 * What the thread is called in `/proc/<pid>/task/*\/comm` on Linux (15 characters at most), so
 * that its CPU, which is SNS's work and not the host process's, can be told apart.
 */
export const SIGNING_THREAD_NAME = "svc-sns-signer";

/**
 * The thread's program, plain CommonJS so that it runs the same under tsx, a build and Jest. It
 * holds the key, names itself where the OS lets it, and answers each text with its signature.
 */
const SIGNER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { createPrivateKey, sign } = require("node:crypto");
try {
  require("node:fs").writeFileSync("/proc/thread-self/comm", workerData.threadName);
} catch {
  // Not Linux, or no /proc: the thread keeps its default name.
}
const key = createPrivateKey(workerData.privateKeyPem);
parentPort.on("message", ({ id, algorithm, text }) => {
  try {
    parentPort.postMessage({ id, signature: sign(algorithm, Buffer.from(text, "utf8"), key).toString("base64") });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message) });
  }
});
`;

type Answer = { id: number; signature: string } | { id: number; error: string };

/**
 * Signs SNS messages the way SNS does, on a thread of its own: an RSA signature costs most of a
 * millisecond, which on the caller's event loop would hold up everything else it serves. One
 * thread per key; its CPU shows apart from the host process's under SIGNING_THREAD_NAME.
 */
export class SigningThread {
  private worker: Worker | null = null;
  private failure: Error | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(signature: string): void; reject(error: Error): void }>();

  constructor(private readonly privateKeyPem: string) {}

  /** The message with its SignatureVersion and Signature, as signSnsMessage gives it. */
  async sign<M extends UnsignedSnsMessage>(
    message: M,
    version: SignatureVersion = "2",
  ): Promise<M & { SignatureVersion: SignatureVersion; Signature: string }> {
    const signature = await this.signText(stringToSignFor(message, version), SIGNATURE_ALGORITHMS[version]);
    return { ...message, SignatureVersion: version, Signature: signature };
  }

  /** Stops the thread; signatures still pending are refused. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failure = new Error("The SNS signing thread is closed.");
    this.refusePending(this.failure);
    if (worker) await worker.terminate();
  }

  private signText(text: string, algorithm: string): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    // The thread keeps the process alive only while a caller waits for it.
    if (this.pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, algorithm, text });
    });
  }

  private start(): Worker {
    const worker = new Worker(SIGNER_SOURCE, {
      eval: true,
      workerData: { privateKeyPem: this.privateKeyPem, threadName: SIGNING_THREAD_NAME },
    });
    worker.on("message", (answer: Answer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (this.pending.size === 0) worker.unref();
      if ("signature" in answer) waiting.resolve(answer.signature);
      else waiting.reject(new Error(`SNS signing failed: ${answer.error}`));
    });
    // A thread that cannot start (an unreadable key) or dies refuses what it had; the next
    // signature starts a new one.
    worker.on("error", (error) => this.lose(worker, new Error(`The SNS signing thread failed: ${error.message}`)));
    worker.on("exit", () => this.lose(worker, new Error("The SNS signing thread stopped.")));
    this.worker = worker;
    return worker;
  }

  private lose(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.refusePending(error);
  }

  private refusePending(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
