import {
  type ApiKeyAuthenticator,
  AppError,
  type AuthenticatedKey,
  hashApiKey,
  refuseUnlessSourceAllowed,
  type SourceRefusalRecorder,
  scopeAllows,
} from "@svc/core";
import { SmtpReply } from "../replies.ts";
import type { AuthFailureSource, AuthThrottle } from "./throttle.ts";

/** The one AUTH user name; the password is an API key with the send permission. */
export const SMTP_USERNAME = "svc";

/** What an authenticated connection carries (smtp-server's `session.user`). Never the key itself. */
export interface SmtpUser {
  /** smtp-server logs `user.username`. */
  username: typeof SMTP_USERNAME;
  /** The key is looked up again by this before each message (see `recheck`). */
  keyHash: string;
  keyId: string;
}

const INVALID_KEY_MESSAGE = "Invalid or missing API key.";

/**
 * SMTP AUTH (PLAIN and LOGIN) against API keys, with the REST API's checks and answers: the key
 * must exist, be unrevoked and carry the `emails:send` permission. Failed attempts are throttled
 * per client address and, once the presented key is known to be one, per key (AuthThrottle),
 * shared by every relay process. A key bound to source networks is refused from outside them
 * at AUTH and again at each MAIL FROM, as the REST API refuses it; that refusal is not counted
 * as a failed attempt, so a leaked key used from elsewhere cannot lock its owner's key out.
 */
export class SmtpAuthenticator {
  constructor(
    private readonly keys: ApiKeyAuthenticator,
    private readonly throttle: AuthThrottle,
    private readonly refusals: SourceRefusalRecorder,
  ) {}

  async login(input: { username: string; password: string; clientAddress: string }): Promise<SmtpUser> {
    const { password, clientAddress } = input;
    await this.refuseWhileThrottled({ clientAddress });
    let auth: AuthenticatedKey;
    try {
      auth = await this.keys.authenticateKey(password);
    } catch (error) {
      if (error instanceof AppError && error.code === "unauthorized") {
        // No key has this hash: only the address counts it.
        await this.throttle.countFailure({ clientAddress });
        throw new SmtpReply(535, "5.7.8", error.message);
      }
      throw error;
    }
    const source = { clientAddress, keyId: auth.keyId };
    await this.refuseWhileThrottled(source);
    const refusal =
      input.username.toLowerCase() !== SMTP_USERNAME ? new SmtpReply(535, "5.7.8", INVALID_KEY_MESSAGE) : sendPermissionRefusal(auth);
    if (refusal) {
      await this.throttle.countFailure(source);
      throw refusal;
    }
    await refuseUnlessSourceAllowed(auth, clientAddress, "smtp", this.refusals);
    return { username: SMTP_USERNAME, keyHash: hashApiKey(password), keyId: auth.keyId };
  }

  private async refuseWhileThrottled(source: AuthFailureSource): Promise<void> {
    const wait = await this.throttle.waitSeconds(source);
    if (wait > 0) throw new SmtpReply(421, "4.7.0", `Too many failed authentication attempts; try again in ${wait} seconds.`);
  }

  /**
   * The connection's key as it is now: a connection may live for hours, and a revocation, a scope
   * or a plan change must apply to its next message as it would to the next REST request.
   */
  async recheck(user: SmtpUser, clientAddress: string): Promise<AuthenticatedKey> {
    let auth: AuthenticatedKey;
    try {
      auth = await this.keys.authenticateKeyHash(user.keyHash);
    } catch (error) {
      if (error instanceof AppError && error.code === "unauthorized") throw new SmtpReply(535, "5.7.8", error.message);
      throw error;
    }
    const refusal = sendPermissionRefusal(auth);
    if (refusal) throw refusal;
    await refuseUnlessSourceAllowed(auth, clientAddress, "smtp", this.refusals);
    return auth;
  }
}

function sendPermissionRefusal(auth: AuthenticatedKey): SmtpReply | null {
  if (scopeAllows(auth.scope, "emails:send")) return null;
  return new SmtpReply(535, "5.7.8", `This API key (scope ${auth.scope}) lacks the emails:send permission required for this request.`);
}
