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
   * Creates the domain identity with our DKIM key and selector and sets its MAIL FROM domain.
   * Repairs an identity that exists already (same key, MAIL FROM), so it is safe to repeat.
   */
  putDomain(spec: DomainIdentitySpec): Promise<void>;
  /** Creates an email-address identity (the provider mails it a confirmation link); an existing one is kept. */
  putAddress(address: string): Promise<void>;
  /** The identity's states; null when the provider has no such identity. */
  get(identity: string): Promise<IdentityState | null>;
  /** Deletes the identity; a missing one is not an error. */
  delete(identity: string): Promise<void>;
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
