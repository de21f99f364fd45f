import type { Logger } from "@svc/logger";
import type { SesAccountView } from "@svc/providers";
import type { SendGate } from "@svc/queues";

/**
 * Reads the SES account (GetAccount) at start and every `intervalMs` after, and gives what it
 * says to the shared send gate: the 24-hour quota (Max24HourSend, SentLast24Hours), counted in
 * Redis by every sender between reads, and whether the account may send at all. Each sender
 * reads; the last read wins, which is as fresh as any. A failed read changes nothing: the last
 * record stands until it is three reads old, and then the quota is unknown (SES itself refuses
 * a send past it, which holds the mail as well).
 */
export class AccountWatch {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly read: () => Promise<SesAccountView>,
    private readonly gate: Pick<SendGate, "recordAccount">,
    private readonly intervalMs: number,
    private readonly log: Logger,
  ) {}

  /** Records `first` (the read at start, which also gave the send rate) and starts the timer. */
  async start(first: SesAccountView | null): Promise<void> {
    if (first) await this.record(first).catch((error: unknown) => this.log.warn({ err: error }, "could not record the SES account"));
    this.timer = setInterval(() => {
      this.running = this.readOnce();
    }, this.intervalMs);
    this.timer.unref();
  }

  private async record(account: SesAccountView): Promise<void> {
    await this.gate.recordAccount({
      max24HourSend: account.max24HourSend ?? -1,
      sentLast24Hours: account.sentLast24Hours ?? 0,
      sendingEnabled: account.sendingEnabled,
    });
    if (!account.sendingEnabled) this.log.warn("the SES account's sending is paused (GetAccount SendingEnabled false); emails wait");
  }

  async readOnce(): Promise<SesAccountView | null> {
    try {
      const account = await this.read();
      await this.record(account);
      return account;
    } catch (error) {
      this.log.warn({ err: error }, "could not read the SES account (GetAccount); its quota stays as last read");
      return null;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
