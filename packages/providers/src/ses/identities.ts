import {
  CreateEmailIdentityCommand,
  DeleteEmailIdentityCommand,
  GetEmailIdentityCommand,
  type GetEmailIdentityCommandOutput,
  PutEmailIdentityDkimSigningAttributesCommand,
  PutEmailIdentityMailFromAttributesCommand,
  SESv2Client,
  type Tag,
  TagResourceCommand,
} from "@aws-sdk/client-sesv2";
import type { DomainIdentitySpec, IdentityCheckStatus, IdentityState, SendingIdentities } from "@svc/core";
import { IdentityNotOursError, IdentityProviderError } from "@svc/core";

export interface SesIdentitiesOptions {
  region: string;
  /** Another SES endpoint (a local AWS server in tests, a VPC endpoint); the SDK's default otherwise. */
  endpoint?: string;
  /**
   * The install's id (`inst_…`, from `installationId`): every identity this install creates is
   * tagged `svc:install=<id>`, and only identities so tagged are ever changed or deleted.
   */
  installId: string | (() => Promise<string>);
}

/** The tag that marks an identity as created (or adopted) by an install. */
export const INSTALL_TAG_KEY = "svc:install";

const errorName = (error: unknown) =>
  typeof error === "object" && error !== null && typeof (error as { name?: unknown }).name === "string"
    ? (error as { name: string }).name
    : "";

/** SDK errors as one line an operator can act on, never with credentials or request bodies. */
function asIdentityError(error: unknown): IdentityProviderError {
  if (error instanceof IdentityProviderError) return error;
  const name = errorName(error) || "UnknownError";
  const message = error instanceof Error && error.message ? error.message : String(error);
  return new IdentityProviderError(name, message.slice(0, 300));
}

const STATUSES = new Set<string>(["PENDING", "SUCCESS", "FAILED", "TEMPORARY_FAILURE", "NOT_STARTED"]);
const status = (value: string | undefined): IdentityCheckStatus | null =>
  value && STATUSES.has(value) ? (value as IdentityCheckStatus) : null;

const isOurs = (tags: readonly Tag[] | undefined, installId: string) =>
  (tags ?? []).some((tag) => tag.Key === INSTALL_TAG_KEY && tag.Value === installId);

function toState(output: GetEmailIdentityCommandOutput, installId: string): IdentityState {
  const dkim = output.DkimAttributes;
  // With our own key (BYODKIM) SES answers the selector as the one token.
  const selector = dkim?.SigningAttributesOrigin === "EXTERNAL" ? (dkim.Tokens?.[0] ?? null) : null;
  const mailFrom = output.MailFromAttributes;
  return {
    verifiedForSending: output.VerifiedForSendingStatus === true,
    verificationStatus: status(output.VerificationStatus),
    dkim: dkim
      ? {
          status: status(dkim.Status),
          signingEnabled: dkim.SigningEnabled === true,
          origin: dkim.SigningAttributesOrigin ?? null,
          selector,
        }
      : null,
    mailFrom: mailFrom?.MailFromDomain
      ? {
          domain: mailFrom.MailFromDomain,
          status: status(mailFrom.MailFromDomainStatus),
          behaviorOnMxFailure: mailFrom.BehaviorOnMxFailure ?? null,
        }
      : null,
    ours: isOurs(output.Tags, installId),
  };
}

/**
 * Domains and test recipients as SES email identities. A domain is created with our own DKIM key
 * and selector (bring-your-own-DKIM): the key leaves the service only here, to SES.
 *
 * SES keeps one identity per name for the whole account, which other applications may share:
 * every identity this install creates carries its install tag (given at CreateEmailIdentity, read
 * back from GetEmailIdentity), and an identity without it is only ever read.
 */
export class SesIdentities implements SendingIdentities {
  readonly provider = "ses";
  private readonly client: SESv2Client;
  private readonly region: string;
  private installIdOnce: Promise<string> | null = null;

  constructor(private readonly options: SesIdentitiesOptions) {
    this.region = options.region;
    this.client = new SESv2Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
    });
  }

  private installId(): Promise<string> {
    const { installId } = this.options;
    if (typeof installId === "string") return Promise.resolve(installId);
    this.installIdOnce ??= installId().catch((error: unknown) => {
      this.installIdOnce = null;
      throw error;
    });
    return this.installIdOnce;
  }

  private async installTags(): Promise<Tag[]> {
    return [{ Key: INSTALL_TAG_KEY, Value: await this.installId() }];
  }

  private async read(identity: string): Promise<GetEmailIdentityCommandOutput | null> {
    try {
      return await this.client.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
    } catch (error) {
      if (errorName(error) === "NotFoundException") return null;
      throw error;
    }
  }

  /** The identity as it is now; throws `IdentityNotOursError` when it exists and is not ours. */
  private async readOurs(identity: string): Promise<GetEmailIdentityCommandOutput | null> {
    const output = await this.read(identity);
    if (output && !isOurs(output.Tags, await this.installId())) throw new IdentityNotOursError(identity);
    return output;
  }

  /** CreateEmailIdentity with our tag; false when the name exists already (a concurrent create). */
  private async create(identity: string, signing?: { DomainSigningSelector: string; DomainSigningPrivateKey: string }): Promise<boolean> {
    try {
      await this.client.send(
        new CreateEmailIdentityCommand({
          EmailIdentity: identity,
          Tags: await this.installTags(),
          ...(signing ? { DkimSigningAttributes: signing } : {}),
        }),
      );
      return true;
    } catch (error) {
      if (errorName(error) === "AlreadyExistsException") return false;
      throw error;
    }
  }

  private async putMailFrom(spec: DomainIdentitySpec, current: GetEmailIdentityCommandOutput | null): Promise<void> {
    if (!spec.mailFromDomain || current?.MailFromAttributes?.MailFromDomain?.toLowerCase() === spec.mailFromDomain) return;
    // USE_DEFAULT_VALUE: while the MAIL FROM records are missing SES sends with its own
    // MAIL FROM domain instead of refusing the mail.
    await this.client.send(
      new PutEmailIdentityMailFromAttributesCommand({
        EmailIdentity: spec.domain,
        MailFromDomain: spec.mailFromDomain,
        BehaviorOnMxFailure: "USE_DEFAULT_VALUE",
      }),
    );
  }

  async createDomain(spec: DomainIdentitySpec): Promise<"created" | "exists"> {
    const signing = { DomainSigningSelector: spec.dkimSelector, DomainSigningPrivateKey: spec.dkimPrivateKey };
    try {
      if (await this.readOurs(spec.domain)) return "exists";
      if (!(await this.create(spec.domain, signing))) {
        // Created by someone else in between: ours (another claim's) is kept as it is.
        await this.readOurs(spec.domain);
        return "exists";
      }
      await this.putMailFrom(spec, null);
      return "created";
    } catch (error) {
      throw asIdentityError(error);
    }
  }

  async putDomain(spec: DomainIdentitySpec): Promise<void> {
    const signing = { DomainSigningSelector: spec.dkimSelector, DomainSigningPrivateKey: spec.dkimPrivateKey };
    try {
      let current = await this.readOurs(spec.domain);
      if (!current && !(await this.create(spec.domain, signing))) current = await this.readOurs(spec.domain);
      const dkim = current?.DkimAttributes;
      if (current && (dkim?.SigningAttributesOrigin !== "EXTERNAL" || dkim.Tokens?.[0] !== spec.dkimSelector)) {
        // Ours, signing with another key (another claim's, or SES's own): sign with this one.
        await this.client.send(
          new PutEmailIdentityDkimSigningAttributesCommand({
            EmailIdentity: spec.domain,
            SigningAttributesOrigin: "EXTERNAL",
            SigningAttributes: signing,
          }),
        );
      }
      await this.putMailFrom(spec, current);
    } catch (error) {
      throw asIdentityError(error);
    }
  }

  async putAddress(address: string): Promise<void> {
    try {
      if (await this.readOurs(address)) return;
      if (!(await this.create(address))) await this.readOurs(address);
    } catch (error) {
      throw asIdentityError(error);
    }
  }

  async get(identity: string): Promise<IdentityState | null> {
    try {
      const output = await this.read(identity);
      return output ? toState(output, await this.installId()) : null;
    } catch (error) {
      throw asIdentityError(error);
    }
  }

  async delete(identity: string): Promise<"deleted" | "absent" | "not_ours"> {
    try {
      const output = await this.read(identity);
      if (!output) return "absent";
      if (!isOurs(output.Tags, await this.installId())) return "not_ours";
      await this.client.send(new DeleteEmailIdentityCommand({ EmailIdentity: identity }));
      return "deleted";
    } catch (error) {
      if (errorName(error) === "NotFoundException") return "absent";
      throw asIdentityError(error);
    }
  }

  /**
   * An operator's explicit consent: tags an identity this install did not create as ours, so that
   * the workspace that proves its name may re-key it, and removing it deletes it. The account id
   * names the identity's ARN (the one `svc ses setup` recorded).
   */
  async adopt(identity: string, accountId: string): Promise<"adopted" | "already_ours" | "absent"> {
    try {
      const output = await this.read(identity);
      if (!output) return "absent";
      if (isOurs(output.Tags, await this.installId())) return "already_ours";
      const arn = `arn:aws:ses:${this.region}:${accountId}:identity/${identity}`;
      await this.client.send(new TagResourceCommand({ ResourceArn: arn, Tags: await this.installTags() }));
      return "adopted";
    } catch (error) {
      throw asIdentityError(error);
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/** The provider's identities for EMAIL_PROVIDER: SES's, or none for the simulator (checked locally). */
export function createSendingIdentities(
  env: { EMAIL_PROVIDER: "ses" | "simulator"; AWS_REGION: string; SES_ENDPOINT?: string | undefined },
  installId: SesIdentitiesOptions["installId"],
): SesIdentities | null {
  if (env.EMAIL_PROVIDER !== "ses") return null;
  return new SesIdentities({ region: env.AWS_REGION, installId, ...(env.SES_ENDPOINT ? { endpoint: env.SES_ENDPOINT } : {}) });
}
