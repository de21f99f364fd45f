/**
 * The provider's side of a sending domain or a test recipient: with SES, an email identity.
 * Core only knows this interface; `@svc/providers` implements it for SES. With the simulator
 * there is none (null), and everything is checked locally.
 */

/** SES's verification states (DKIM, MAIL FROM and the identity itself share them). */
export type IdentityCheckStatus = "PENDING" | "SUCCESS" | "FAILED" | "TEMPORARY_FAILURE" | "NOT_STARTED";

/** What the provider says about one identity, as `GetEmailIdentity` answers it. */
export interface IdentityState {
  /** The provider sends from this identity. */
  verifiedForSending: boolean;
  /** The identity's own verification (for a BYODKIM domain: the DKIM check). */
  verificationStatus: IdentityCheckStatus | null;
  dkim: { status: IdentityCheckStatus | null; signingEnabled: boolean; origin: string | null; selector: string | null } | null;
  mailFrom: { domain: string; status: IdentityCheckStatus | null; behaviorOnMxFailure: string | null } | null;
  /**
   * This install created the identity (or an operator adopted it): only then may the install
   * change or delete it. Anything else on the account (an identity verified by hand for another
   * application) is read, never written.
   */
  ours: boolean;
}

export interface DomainIdentitySpec {
  domain: string;
  dkimSelector: string;
  /** Base64 of the DER private key (PEM without its armour): the form SES's BYODKIM takes. */
  dkimPrivateKey: string;
  mailFromDomain: string | null;
}

export interface SendingIdentities {
  /** `ses`: shown with the states, so a reader knows whose states they are. */
  readonly provider: string;
  /**
   * Creates the domain identity, marked as ours, with this DKIM key and selector and MAIL FROM
   * domain, unless one exists already: an existing identity of ours is left as it is (another
   * claim of the name may have made it; the claim that proves the name re-keys it with
   * `putDomain`). Throws `IdentityNotOursError`, having called nothing but reads, when the
   * existing identity is not ours.
   */
  createDomain(spec: DomainIdentitySpec): Promise<"created" | "exists">;
  /**
   * Makes our domain identity sign with this key and selector and use this MAIL FROM domain,
   * creating it if it is missing; only what differs is written, so it is safe to repeat. Throws
   * `IdentityNotOursError` (nothing written) when the identity exists and is not ours.
   */
  putDomain(spec: DomainIdentitySpec): Promise<void>;
  /**
   * Creates an email-address identity marked as ours (the provider mails it a confirmation link);
   * an existing one of ours is kept; one not ours throws `IdentityNotOursError`.
   */
  putAddress(address: string): Promise<void>;
  /** The identity's states; null when the provider has no such identity. */
  get(identity: string): Promise<IdentityState | null>;
  /**
   * Deletes the identity if it is ours: `absent` when there is none, `not_ours` (nothing
   * written) when it is someone else's.
   */
  delete(identity: string): Promise<"deleted" | "absent" | "not_ours">;
}

/** The failure of a provider call, said in a line an operator can act on. */
export class IdentityProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "IdentityProviderError";
  }
}

/**
 * The identity exists at the provider and this install did not create it (nor did an operator
 * adopt it): the install leaves it alone.
 */
export class IdentityNotOursError extends IdentityProviderError {
  constructor(readonly identity: string) {
    super("NotOurs", `${identity} already exists in the SES account and was not created by this installation.`);
    this.name = "IdentityNotOursError";
  }
}
