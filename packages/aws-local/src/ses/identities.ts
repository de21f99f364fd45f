import { createPrivateKey } from "node:crypto";
import type {
  BehaviorOnMxFailure,
  CreateEmailIdentityResponse,
  DkimAttributes,
  GetEmailIdentityResponse,
  Tag,
} from "@aws-sdk/client-sesv2";
import { AwsError, type AwsLocalRoutes } from "../server.ts";
import type { EmailIdentityState } from "../state.ts";
import { notFound, optionalObject, optionalString } from "./validation.ts";

/**
 * SES v2 email identities: domains (with bring-your-own-DKIM signing attributes and a custom
 * MAIL FROM domain) and email addresses (SES would mail them a confirmation link).
 *
 * Nothing here reads DNS or sends mail: an identity starts PENDING, as at SES, and a test plays
 * SES's own verification by changing its state (`state.ses.identities`).
 */

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;
const ADDRESS = /^[^\s@]{1,64}@([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;
const SELECTOR = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const BEHAVIOURS: readonly BehaviorOnMxFailure[] = ["USE_DEFAULT_VALUE", "REJECT_MESSAGE"];

/** SES treats identities case-insensitively. */
const identityKey = (name: string) => name.toLowerCase();

function parseIdentity(value: unknown): { name: string; type: "DOMAIN" | "EMAIL_ADDRESS" } {
  if (typeof value !== "string") throw new AwsError("BadRequestException", "EmailIdentity is required.");
  const name = value.toLowerCase();
  if (ADDRESS.test(name)) return { name: value, type: "EMAIL_ADDRESS" };
  if (DOMAIN.test(name)) return { name: value, type: "DOMAIN" };
  throw new AwsError("BadRequestException", `Invalid email identity <${value}>.`);
}

/** The key SES's BYODKIM takes: base64 of a DER RSA private key (PKCS#1 or PKCS#8) of 1024 or 2048 bits. */
function checkPrivateKey(base64: string): void {
  const der = Buffer.from(base64, "base64");
  for (const type of ["pkcs8", "pkcs1"] as const) {
    try {
      const key = createPrivateKey({ key: der, format: "der", type });
      const bits = key.asymmetricKeyDetails?.modulusLength;
      if (key.asymmetricKeyType === "rsa" && (bits === 1024 || bits === 2048)) return;
    } catch {
      // try the next encoding
    }
  }
  throw new AwsError("BadRequestException", "DomainSigningPrivateKey must be a base64-encoded 1024- or 2048-bit RSA private key.");
}

function signingAttributes(value: unknown): { selector: string; privateKey: string } {
  const attributes =
    optionalObject<{ DomainSigningSelector?: unknown; DomainSigningPrivateKey?: unknown }>(value, "SigningAttributes") ?? {};
  const selector = optionalString(attributes.DomainSigningSelector, "DomainSigningSelector");
  const privateKey = optionalString(attributes.DomainSigningPrivateKey, "DomainSigningPrivateKey");
  if (!selector || !SELECTOR.test(selector))
    throw new AwsError("BadRequestException", "DomainSigningSelector must be a DNS label of at most 63 characters.");
  if (!privateKey) throw new AwsError("BadRequestException", "DomainSigningPrivateKey is required.");
  checkPrivateKey(privateKey);
  return { selector, privateKey };
}

function dkimAttributes(identity: EmailIdentityState): DkimAttributes {
  const dkim = identity.dkim;
  if (!dkim) return { SigningEnabled: false, Status: "NOT_STARTED" };
  return {
    SigningEnabled: dkim.signingEnabled,
    Status: dkim.status,
    SigningAttributesOrigin: dkim.origin,
    Tokens: dkim.selector ? [dkim.selector] : [],
    ...(dkim.privateKey ? { CurrentSigningKeyLength: "RSA_2048_BIT" as const } : {}),
  };
}

function getResponse(identity: EmailIdentityState): GetEmailIdentityResponse {
  return {
    IdentityType: identity.type,
    FeedbackForwardingStatus: true,
    VerifiedForSendingStatus: identity.verifiedForSending,
    VerificationStatus: identity.verificationStatus,
    DkimAttributes: dkimAttributes(identity),
    ...(identity.mailFrom
      ? {
          MailFromAttributes: {
            MailFromDomain: identity.mailFrom.domain,
            MailFromDomainStatus: identity.mailFrom.status,
            BehaviorOnMxFailure: identity.mailFrom.behaviorOnMxFailure,
          },
        }
      : {}),
    Policies: {},
    Tags: identity.tags,
  };
}

function findIdentity(identities: Map<string, EmailIdentityState>, name: string): EmailIdentityState {
  const identity = identities.get(identityKey(name));
  if (!identity) throw notFound(`Email identity <${name}>`);
  return identity;
}

export function identities(routes: AwsLocalRoutes): void {
  routes.ses("POST", "/v2/email/identities", ({ body, state }): CreateEmailIdentityResponse => {
    state.calls.push("ses:CreateEmailIdentity");
    const { name, type } = parseIdentity(body.EmailIdentity);
    if (state.ses.identities.has(identityKey(name)))
      throw new AwsError("AlreadyExistsException", `Email identity <${name}> already exists.`);
    const identity: EmailIdentityState = {
      identity: name,
      type,
      verifiedForSending: false,
      verificationStatus: "PENDING",
      tags: Array.isArray(body.Tags) ? (body.Tags as Tag[]) : [],
    };
    if (body.DkimSigningAttributes !== undefined) {
      if (type !== "DOMAIN") throw new AwsError("BadRequestException", "DkimSigningAttributes apply to domain identities only.");
      const { selector, privateKey } = signingAttributes(body.DkimSigningAttributes);
      identity.dkim = { origin: "EXTERNAL", selector, privateKey, status: "PENDING", signingEnabled: true };
    } else if (type === "DOMAIN") {
      // Easy DKIM: SES's own keys, published by the owner as three CNAMEs.
      identity.dkim = { origin: "AWS_SES", status: "PENDING", signingEnabled: true };
    } else {
      // SES mails the address a confirmation link; a test plays the click.
      state.ses.confirmationsSent.push(name);
    }
    state.ses.identities.set(identityKey(name), identity);
    return { IdentityType: type, VerifiedForSendingStatus: false, DkimAttributes: dkimAttributes(identity) };
  });

  routes.ses("GET", "/v2/email/identities/{EmailIdentity}", ({ params, state }) => {
    state.calls.push("ses:GetEmailIdentity");
    return getResponse(findIdentity(state.ses.identities, params.EmailIdentity!));
  });

  routes.ses("DELETE", "/v2/email/identities/{EmailIdentity}", ({ params, state }) => {
    state.calls.push("ses:DeleteEmailIdentity");
    const identity = findIdentity(state.ses.identities, params.EmailIdentity!);
    state.ses.identities.delete(identityKey(identity.identity));
    return {};
  });

  routes.ses("PUT", "/v2/email/identities/{EmailIdentity}/mail-from", ({ params, body, state }) => {
    state.calls.push("ses:PutEmailIdentityMailFromAttributes");
    const identity = findIdentity(state.ses.identities, params.EmailIdentity!);
    const domain = optionalString(body.MailFromDomain, "MailFromDomain");
    const behaviour = optionalString(body.BehaviorOnMxFailure, "BehaviorOnMxFailure") ?? "USE_DEFAULT_VALUE";
    if (!BEHAVIOURS.includes(behaviour as BehaviorOnMxFailure))
      throw new AwsError("BadRequestException", `BehaviorOnMxFailure must be one of ${BEHAVIOURS.join(", ")}.`);
    if (!domain) {
      delete identity.mailFrom;
      return {};
    }
    const parent = identity.type === "DOMAIN" ? identity.identity.toLowerCase() : identity.identity.split("@")[1]!.toLowerCase();
    if (!DOMAIN.test(domain.toLowerCase()) || !domain.toLowerCase().endsWith(`.${parent}`)) {
      throw new AwsError("BadRequestException", `MailFromDomain must be a subdomain of ${parent}.`);
    }
    identity.mailFrom = { domain, behaviorOnMxFailure: behaviour as BehaviorOnMxFailure, status: "PENDING" };
    return {};
  });

  routes.ses("PUT", "/v2/email/identities/{EmailIdentity}/dkim/signing", ({ params, body, state }) => {
    state.calls.push("ses:PutEmailIdentityDkimSigningAttributes");
    const identity = findIdentity(state.ses.identities, params.EmailIdentity!);
    if (identity.type !== "DOMAIN") throw new AwsError("BadRequestException", "DKIM signing attributes apply to domain identities only.");
    const origin = optionalString(body.SigningAttributesOrigin, "SigningAttributesOrigin");
    if (origin === "EXTERNAL") {
      const { selector, privateKey } = signingAttributes(body.SigningAttributes);
      identity.dkim = { origin: "EXTERNAL", selector, privateKey, status: "PENDING", signingEnabled: true };
    } else if (origin === "AWS_SES") {
      identity.dkim = { origin: "AWS_SES", status: "PENDING", signingEnabled: true };
    } else {
      throw new AwsError("BadRequestException", "SigningAttributesOrigin must be EXTERNAL or AWS_SES.");
    }
    // A new key must be verified again before SES signs with it.
    identity.verifiedForSending = false;
    identity.verificationStatus = "PENDING";
    return { DkimStatus: identity.dkim.status, DkimTokens: identity.dkim.selector ? [identity.dkim.selector] : [] };
  });
}
