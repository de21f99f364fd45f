/**
 * Each SES region's 24-hour sending quota, as one sender sees it, in its own memory: SES's
 * Max24HourSend and SentLast24Hours as the last GetAccount of that region read them (`record`),
 * plus the recipients this sender handed to the region since (`take`), less what of its own sends
 * counted in that read has left the window since. No Redis and no statement per email: each
 * region's account is read every refresh, which also brings in what other senders sent there.
 *
 * An email that does not fit waits until enough of this sender's sends leave the window, or,
 * when its own counts cannot tell (others' sends), until the region's next read. A refusal for
 * the quota from SES (`spent`) holds the region until its next read, whatever was counted.
 */

interface Bucket {
  at: number;
  recipients: number;
}

interface RegionQuota {
  /** Null until the first read: unknown, so not held (SES refuses a send past its quota). */
  max: number | null;
  sentAtRead: number;
  readAt: number;
  /** Spent by SES's word until the next read. */
  spentUntilRead: boolean;
  /** Recipients this sender handed off since the read (not in its count). */
  takenSinceRead: number;
  /** Recipients of this sender's sends counted in the read that have left the window since. */
  leftSinceRead: number;
  /** This sender's sends within the window, oldest first, grouped into buckets. */
  sends: Bucket[];
}

export interface RegionQuotaOptions {
  /** SES's 24 hours (shorter in tests, as aws-local can play it). */
  windowMs: number;
  /** How often each region's account is read: the wait when the counts cannot foresee room. */
  refreshMs: number;
}

/** The window's sends are kept in this many buckets at most: the resume time is as fine as one. */
const BUCKETS = 1_440;

export class RegionQuotas {
  private readonly regions = new Map<string, RegionQuota>();
  private readonly bucketMs: number;

  constructor(
    regions: readonly string[],
    private readonly options: RegionQuotaOptions,
  ) {
    for (const region of regions)
      this.regions.set(region, {
        max: null,
        sentAtRead: 0,
        readAt: 0,
        spentUntilRead: false,
        takenSinceRead: 0,
        leftSinceRead: 0,
        sends: [],
      });
    this.bucketMs = Math.max(1, Math.floor(options.windowMs / BUCKETS));
  }

  /** What a read of the region's account said (Max24HourSend below 0 or null: unlimited). */
  record(region: string, account: { max24HourSend: number | null; sentLast24Hours: number | null }, now: number): void {
    const quota = this.regions.get(region);
    if (!quota) return;
    this.drop(quota, now);
    quota.max = account.max24HourSend === null || account.max24HourSend < 0 ? -1 : account.max24HourSend;
    quota.sentAtRead = account.sentLast24Hours ?? 0;
    quota.readAt = now;
    quota.spentUntilRead = false;
    quota.takenSinceRead = 0;
    quota.leftSinceRead = 0;
  }

  /** SES refused a send there for its daily quota: none goes there until a read finds room. */
  spent(region: string): void {
    const quota = this.regions.get(region);
    if (quota) quota.spentUntilRead = true;
  }

  /** The region took an email of `recipients`. */
  take(region: string, recipients: number, now: number): void {
    const quota = this.regions.get(region);
    if (!quota) return;
    quota.takenSinceRead += recipients;
    const last = quota.sends[quota.sends.length - 1];
    const at = now - (now % this.bucketMs);
    if (last && last.at === at) last.recipients += recipients;
    else quota.sends.push({ at, recipients });
  }

  /** Null when the region has room for `recipients` now; else when to look again. */
  resumeAt(region: string, recipients: number, now: number): number | null {
    const quota = this.regions.get(region);
    if (!quota) return null;
    // A read that is overdue (the region does not answer) is looked for a refresh from now.
    const due = quota.readAt + this.options.refreshMs;
    const nextRead = due > now ? due : now + this.options.refreshMs;
    if (quota.spentUntilRead) return nextRead;
    if (quota.max === null || quota.max < 0) return null;
    this.drop(quota, now);
    const used = Math.max(0, quota.sentAtRead - quota.leftSinceRead) + quota.takenSinceRead;
    const over = used + recipients - quota.max;
    if (over <= 0) return null;
    // Our sends leave the window oldest first: the first moment enough of them have.
    let freed = 0;
    for (const send of quota.sends) {
      freed += send.recipients;
      if (freed >= over) return Math.min(send.at + this.bucketMs + this.options.windowMs, nextRead);
    }
    return nextRead;
  }

  private drop(quota: RegionQuota, now: number): void {
    const windowStart = now - this.options.windowMs;
    while (quota.sends.length > 0 && quota.sends[0]!.at + this.bucketMs <= windowStart) {
      const gone = quota.sends.shift()!;
      if (gone.at <= quota.readAt) quota.leftSinceRead += gone.recipients;
    }
  }
}
