import { randomUUID } from "node:crypto";
import type { SendEmailResponse } from "@aws-sdk/client-sesv2";
import { AwsError, type AwsLocalRoutes } from "../server.ts";
import type { SentAttachmentState } from "../state.ts";
import { takeQuota } from "./account.ts";
import { publishSendingEvents } from "./events.ts";
import { aggregateStatus } from "./tenants.ts";
import { notFound, optionalObject, optionalString, requireName } from "./validation.ts";

/**
 * SES v2 SendEmail, as far as who may send: the account must be enabled and within its quota
 * (`account.ts`), a named tenant must exist and be allowed to send (SendingPausedException
 * otherwise, as for a paused account), a named configuration set must exist. The message is recorded in `state.ses.sentEmails`; nothing
 * is delivered and its content is not checked (aws-ses-v2-local is the emulator that renders
 * and stores messages). Sent through a configuration set, its sending events go to the set's SNS
 * event destinations after the answer (`events.ts`).
 */

function addressList(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string"))
    throw new AwsError("BadRequestException", `${field} must be a list of addresses.`);
  return value as string[];
}

/** Simple content's attachments with their bytes (the JSON protocol carries a blob as base64). */
function attachmentsOf(value: unknown): SentAttachmentState[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new AwsError("BadRequestException", "Attachments must be a list.");
  return value.map((item: { FileName?: unknown; ContentType?: unknown; RawContent?: unknown }) => {
    if (typeof item?.RawContent !== "string") throw new AwsError("BadRequestException", "An attachment needs RawContent.");
    return {
      fileName: typeof item.FileName === "string" ? item.FileName : null,
      contentType: typeof item.ContentType === "string" ? item.ContentType : null,
      content: Buffer.from(item.RawContent, "base64"),
    };
  });
}

/** Simple content's custom headers, as the `mail` object of its events lists them. */
function headersOf(value: unknown): Array<{ name: string; value: string }> {
  if (!Array.isArray(value)) return [];
  return value
    .filter((header): header is { Name: string; Value: string } => typeof header?.Name === "string" && typeof header?.Value === "string")
    .map(({ Name, Value }) => ({ name: Name, value: Value }));
}

export function sending(routes: AwsLocalRoutes): void {
  routes.ses("POST", "/v2/email/outbound-emails", ({ body, state, baseUrl }): SendEmailResponse => {
    state.calls.push("ses:SendEmail");
    const from = optionalString(body.FromEmailAddress, "FromEmailAddress");
    if (!from) throw new AwsError("BadRequestException", "FromEmailAddress is required.");
    const destination = optionalObject<Record<string, unknown>>(body.Destination, "Destination") ?? {};
    const to = addressList(destination.ToAddresses, "ToAddresses");
    const cc = addressList(destination.CcAddresses, "CcAddresses");
    const bcc = addressList(destination.BccAddresses, "BccAddresses");
    if (to.length + cc.length + bcc.length === 0)
      throw new AwsError("BadRequestException", "Destination must name at least one recipient.");
    if (state.ses.account.SendingEnabled === false) throw new AwsError("SendingPausedException", "Sending is paused for this account.");

    const tenantName = body.TenantName === undefined ? null : requireName(body.TenantName, "TenantName");
    if (tenantName !== null) {
      const tenant = state.ses.tenants.get(tenantName);
      if (!tenant) throw notFound(`Tenant <${tenantName}>`);
      if (aggregateStatus(tenant) === "DISABLED")
        throw new AwsError("SendingPausedException", `Sending is paused for tenant <${tenantName}>.`);
    }
    const configurationSetName =
      body.ConfigurationSetName === undefined ? null : requireName(body.ConfigurationSetName, "ConfigurationSetName");
    if (configurationSetName !== null && !state.ses.configurationSets.has(configurationSetName))
      throw notFound(`Configuration set <${configurationSetName}>`);

    const simple = optionalObject<{
      Subject?: { Data?: unknown };
      Body?: { Html?: { Data?: unknown } };
      Headers?: unknown;
      Attachments?: unknown;
    }>(optionalObject<{ Simple?: unknown }>(body.Content, "Content")?.Simple, "Simple");
    // Who may send is checked before the quota: a refused message takes none of it.
    takeQuota(state, to.length + cc.length + bcc.length);
    const messageId = `awslocal-${randomUUID()}`;
    const subject = typeof simple?.Subject?.Data === "string" ? simple.Subject.Data : null;
    const tags = Array.isArray(body.EmailTags) ? (body.EmailTags as Array<{ Name: string; Value: string }>) : [];
    state.ses.sentEmails.push({
      messageId,
      tenantName,
      from,
      to,
      cc,
      bcc,
      subject,
      configurationSetName,
      tags,
      attachments: attachmentsOf(simple?.Attachments),
    });
    if (configurationSetName !== null) {
      publishSendingEvents(state, baseUrl, {
        messageId,
        acceptedAt: new Date(),
        configurationSetName,
        mail: {
          // SES reports the message's tags, ours (the email id) among them.
          emailId: "",
          from,
          replyTo: addressList(body.ReplyToAddresses, "ReplyToAddresses"),
          to,
          cc,
          bcc,
          subject: subject ?? "",
          headers: headersOf(simple?.Headers),
          tags: tags.map(({ Name, Value }) => ({ name: Name, value: Value })),
          html: typeof simple?.Body?.Html?.Data === "string" ? simple.Body.Html.Data : null,
        },
      });
    }
    return { MessageId: messageId };
  });
}
