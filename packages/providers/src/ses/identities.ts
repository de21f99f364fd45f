import {
  CreateEmailIdentityCommand,
  DeleteEmailIdentityCommand,
  GetEmailIdentityCommand,
  PutEmailIdentityDkimSigningAttributesCommand,
  PutEmailIdentityMailFromAttributesCommand,
  SESv2Client,
  type GetEmailIdentityCommandOutput,
} from "@aws-sdk/client-sesv2";
import type { DomainIdentitySpec, IdentityCheckStatus, IdentityState, SendingIdentities } from "@svc/core";
import { IdentityProviderError } from "@svc/core";

export interface SesIdentitiesOptions {
  region: string;
  /** Another SES endpoint (a local AWS server in tests, a VPC endpoint); the SDK's default otherwise. */
  endpoint?: string;
}

const errorName = (error: unknown) => (typeof error === "object" && error !== null && typeof (error as { name?: unknown }).name === "string" ? (error as { name: string }).name : "");

/** SDK errors as one line an operator can act on, never with credentials or request bodies. */
function asIdentityError(error: unknown): IdentityProviderError {
  if (error instanceof IdentityProviderError) return error;
  const name = errorName(error) || "UnknownError";
  const message = error instanceof Error && error.message ? error.message : String(error);
  return new IdentityProviderError(name, message.slice(0, 300));
}

const STATUSES = new Set<string>(["PENDING", "SUCCESS", "FAILED", "TEMPORARY_FAILURE", "NOT_STARTED"]);
const status = (value: string | undefined): IdentityCheckStatus | null => (value && STATUSES.has(value) ? (value as IdentityCheckStatus) : null);

function toState(output: GetEmailIdentityCommandOutput): IdentityState {
  const dkim = output.DkimAttributes;
  const mailFrom = output.MailFromAttributes;
  return {
    verifiedForSending: output.VerifiedForSendingStatus === true,
    verificationStatus: status(output.VerificationStatus),
    dkim: dkim
      ? { status: status(dkim.Status), signingEnabled: dkim.SigningEnabled === true, origin: dkim.SigningAttributesOrigin ?? null, selector: null }
      : null,
    mailFrom: mailFrom?.MailFromDomain
      ? { domain: mailFrom.MailFromDomain, status: status(mailFrom.MailFromDomainStatus), behaviorOnMxFailure: mailFrom.BehaviorOnMxFailure ?? null }
      : null,
  };
}

/**
 * Domains and test recipients as SES email identities. A domain is created with our own DKIM key
 * and selector (bring-your-own-DKIM): the key leaves the service only here, to SES.
 */
export class SesIdentities implements SendingIdentities {
  readonly provider = "ses";
  private readonly client: SESv2Client;

  constructor(options: SesIdentitiesOptions) {
    this.client = new SESv2Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
    });
  }

  async putDomain(spec: DomainIdentitySpec): Promise<void> {
    const signing = { DomainSigningSelector: spec.dkimSelector, DomainSigningPrivateKey: spec.dkimPrivateKey };
    try {
      try {
        await this.client.send(new CreateEmailIdentityCommand({ EmailIdentity: spec.domain, DkimSigningAttributes: signing }));
      } catch (error) {
        if (errorName(error) !== "AlreadyExistsException") throw error;
        // It exists (created by hand, or by an earlier attempt): make it sign with our key.
        await this.client.send(
          new PutEmailIdentityDkimSigningAttributesCommand({ EmailIdentity: spec.domain, SigningAttributesOrigin: "EXTERNAL", SigningAttributes: signing }),
        );
      }
      if (spec.mailFromDomain) {
        // USE_DEFAULT_VALUE: while the MAIL FROM records are missing SES sends with its own
        // MAIL FROM domain instead of refusing the mail.
        await this.client.send(
          new PutEmailIdentityMailFromAttributesCommand({ EmailIdentity: spec.domain, MailFromDomain: spec.mailFromDomain, BehaviorOnMxFailure: "USE_DEFAULT_VALUE" }),
        );
      }
    } catch (error) {
      throw asIdentityError(error);
    }
  }

  async putAddress(address: string): Promise<void> {
    try {
      await this.client.send(new CreateEmailIdentityCommand({ EmailIdentity: address }));
    } catch (error) {
      if (errorName(error) === "AlreadyExistsException") return;
      throw asIdentityError(error);
    }
  }

  async get(identity: string): Promise<IdentityState | null> {
    try {
      return toState(await this.client.send(new GetEmailIdentityCommand({ EmailIdentity: identity })));
    } catch (error) {
      if (errorName(error) === "NotFoundException") return null;
      throw asIdentityError(error);
    }
  }

  async delete(identity: string): Promise<void> {
    try {
      await this.client.send(new DeleteEmailIdentityCommand({ EmailIdentity: identity }));
    } catch (error) {
      if (errorName(error) === "NotFoundException") return;
      throw asIdentityError(error);
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/** The provider's identities for EMAIL_PROVIDER: SES's, or none for the simulator (checked locally). */
export function createSendingIdentities(env: { EMAIL_PROVIDER: "ses" | "simulator"; AWS_REGION: string; SES_ENDPOINT?: string | undefined }): SesIdentities | null {
  if (env.EMAIL_PROVIDER !== "ses") return null;
  return new SesIdentities({ region: env.AWS_REGION, ...(env.SES_ENDPOINT ? { endpoint: env.SES_ENDPOINT } : {}) });
}
