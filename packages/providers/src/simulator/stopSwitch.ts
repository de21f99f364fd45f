import type { ClientRequest } from "node:http";

/**
 * What the simulator has in flight (pauses and HTTP requests), so that close() can end it all at
 * once. Why not an AbortSignal passed to every pause and request: Node's EventTarget checks a
 * new listener against every listener already registered, so with thousands of emails waiting
 * for their events each registration would walk thousands of others, a cost that grows with the
 * backlog. Here registering is a Set insertion.
 */
export class StopSwitch {
  private readonly pauses = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  private readonly requests = new Set<ClientRequest>();
  private stopped = false;

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Resolves true after `ms`, or false at once (or as soon as) the switch is thrown. */
  pause(ms: number): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.pauses.delete(entry);
          resolve(true);
        }, ms),
        wake: () => resolve(false),
      };
      this.pauses.add(entry);
    });
  }

  /** Destroys `request` if the switch is thrown before it ends. */
  track(request: ClientRequest): void {
    if (this.stopped) {
      request.destroy(new Error("stopped"));
      return;
    }
    this.requests.add(request);
    request.once("close", () => this.requests.delete(request));
  }

  stop(): void {
    this.stopped = true;
    for (const entry of this.pauses) {
      clearTimeout(entry.timer);
      entry.wake();
    }
    this.pauses.clear();
    for (const request of this.requests) request.destroy(new Error("stopped"));
    this.requests.clear();
  }
}
