import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/** A WebAuthn challenge answers within this time or not at all. */
const CHALLENGE_TTL_SECONDS = 300;

/**
 * WebAuthn challenges between the options request and the answer, in Redis under the hash of
 * who asked (a session id, or an anonymous visitor's CSRF cookie) and what for. Taking one
 * deletes it, so an answer (and a replay of it) is checked against a challenge at most once.
 * Losing Redis's data only makes a person press the button again.
 */
export class ChallengeStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(purpose: string, owner: string): string {
    return `${this.prefix}:webauthn:${purpose}:${createHash("sha256").update(owner).digest("hex").slice(0, 40)}`;
  }

  async put(purpose: string, owner: string, challenge: string): Promise<void> {
    await this.redis.set(this.key(purpose, owner), challenge, "EX", CHALLENGE_TTL_SECONDS);
  }

  async take(purpose: string, owner: string): Promise<string | null> {
    return this.redis.getdel(this.key(purpose, owner));
  }
}
