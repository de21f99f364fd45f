import type { RequestHandler, Response } from "express";

/**
 * Single sends (POST /emails) between their arrival and their row's insert: the company that an
 * insert may wait for at moderate load (DATABASE_GROUP_COMMIT_MS). A send stops counting when it
 * hands its row over (`arrived`) or when its response ends without one (a refusal, a replay).
 * While none is on its way, an insert goes at once: a client that sends one email at a time and
 * waits for each answer never waits for company.
 */
export class SendsOnTheirWay {
  private onTheirWay = 0;

  /** Whether another send is on its way to its insert. */
  get any(): boolean {
    return this.onTheirWay > 0;
  }

  /** Middleware: counts the request from now on. */
  readonly count: RequestHandler = (_req, res, next) => {
    let counted = true;
    this.onTheirWay += 1;
    const arrived = () => {
      if (!counted) return;
      counted = false;
      this.onTheirWay -= 1;
    };
    res.locals.sendArrived = arrived;
    res.once("close", arrived);
    next();
  };

  /** The request's row is being handed to the insert now. */
  arrived(res: Response): void {
    (res.locals.sendArrived as (() => void) | undefined)?.();
  }
}
