import type { Redis } from "ioredis";

/** A provider's acceptance of an email: which provider, and the message id it gave. */
export interface Acceptance {
  emailId: string;
  provider: string;
  providerMessageId: string;
}

/**
 * Acceptances a sender could not record in PostgreSQL while the email's claim lasted (PostgreSQL
 * away longer than the lease), kept in Redis, where every sender finds them. The sender that
 * claims such an email next records the acceptance instead of handing the email off a second
 * time. One key per email, only while PostgreSQL is away, each expiring after `ttlMs`: the longest
 * the email could still be handed off.
 */
export class UnrecordedAcceptances {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  private key(emailId: string): string {
    return `${this.prefix}:unrecorded-acceptance:${emailId}`;
  }

  async keep(acceptance: Acceptance): Promise<void> {
    const value = JSON.stringify({ provider: acceptance.provider, providerMessageId: acceptance.providerMessageId });
    await this.redis.set(this.key(acceptance.emailId), value, "PX", this.ttlMs);
  }

  /** The acceptance kept for the email, if any (a value not of ours reads as none). */
  async find(emailId: string): Promise<Acceptance | null> {
    const value = await this.redis.get(this.key(emailId));
    if (value === null) return null;
    try {
      const { provider, providerMessageId } = JSON.parse(value) as Partial<Acceptance>;
      if (typeof provider !== "string" || typeof providerMessageId !== "string") return null;
      return { emailId, provider, providerMessageId };
    } catch {
      return null;
    }
  }

  async drop(emailId: string): Promise<void> {
    await this.redis.del(this.key(emailId));
  }
}
