import type { SqlClient } from "../sql.ts";
import { deleteAttachmentContentsOfEmails } from "../stores/emailAttachments.ts";
import { deleteEventsOfEmails, selectEventPayloadsOfEmails, updateEventPayloads } from "../stores/emailEvents.ts";
import { deleteWorkspaceEmails, type RedactableEmail, selectRedactableEmails, updateRedactedEmails } from "../stores/emails.ts";
import { deleteIdempotencyKeysOfEmails } from "../stores/idempotencyKeys.ts";
import { deleteAttemptsOfEmails, selectAttemptTextsOfEmails, updateAttemptTexts } from "../stores/webhookAttempts.ts";
import { deleteDeliveriesOfEmails, selectDeliveryTextsOfEmails, updateDeliveryTexts } from "../stores/webhookDeliveries.ts";
import type { ErasedAddresses } from "./matching.ts";
import type { ReceiptDelta } from "./receipt.ts";

/**
 * Deletes whole emails of the workspace with everything that hangs off them, children first so
 * that each table's count is its own: attempts, deliveries, events, attachment bytes, idempotency
 * records, then the rows (recording their object-store files for `recordFilesFor`, an erasure).
 */
export async function deleteEmailsWithHistory(
  client: SqlClient,
  workspaceId: string,
  emailIds: readonly string[],
  recordFilesFor: string | null,
): Promise<ReceiptDelta> {
  if (emailIds.length === 0) return {};
  const webhook_attempts = await deleteAttemptsOfEmails(client, emailIds);
  const webhook_deliveries = await deleteDeliveriesOfEmails(client, emailIds);
  const email_events = await deleteEventsOfEmails(client, emailIds);
  const email_attachments = await deleteAttachmentContentsOfEmails(client, emailIds);
  const idempotency_keys = await deleteIdempotencyKeysOfEmails(client, workspaceId, emailIds);
  const gone = await deleteWorkspaceEmails(client, workspaceId, emailIds, recordFilesFor);
  return {
    removed: { emails: gone.emails, email_events, webhook_deliveries, webhook_attempts, email_attachments, idempotency_keys },
    // Counted when the objects are deleted (the objects step), not when they are recorded.
  };
}

/**
 * Keeps emails that had other recipients, with every erased address in them (recipients, bodies,
 * headers, variables, events' payloads, webhook bodies and answers) replaced by its token; their
 * idempotency records go (they answer with the email as it was asked for). Only rows that change
 * are written and counted.
 */
export async function redactEmails(
  client: SqlClient,
  workspaceId: string,
  emailIds: readonly string[],
  addresses: ErasedAddresses,
  found: ReadonlySet<string>,
): Promise<ReceiptDelta> {
  if (emailIds.length === 0) return {};
  const pattern = addresses.pattern(found);
  const redact = (text: string) => addresses.redactText(text, pattern);
  const redactNullable = (text: string | null) => (text === null ? null : redact(text));

  const emails = (await selectRedactableEmails(client, workspaceId, emailIds)).map(
    (email): RedactableEmail => ({
      ...email,
      to: addresses.redactRecipients(email.to),
      cc: addresses.redactRecipients(email.cc),
      bcc: addresses.redactRecipients(email.bcc),
      replyTo: addresses.redactRecipients(email.replyTo),
      subject: redact(email.subject),
      html: redactNullable(email.html),
      text: redactNullable(email.text),
      headers: redact(email.headers),
      templateVariables: redactNullable(email.templateVariables),
      suppressedRecipients: redactNullable(email.suppressedRecipients),
    }),
  );
  const redactedEmails = await updateRedactedEmails(client, workspaceId, emails);

  const events = (await selectEventPayloadsOfEmails(client, emailIds))
    .map((event) => ({ id: event.id, payloadJson: redact(event.payloadJson), changed: addresses.mentioned(event.payloadJson, pattern) }))
    .filter((event) => event.changed);
  await updateEventPayloads(client, events);

  const deliveries = (await selectDeliveryTextsOfEmails(client, emailIds))
    .filter((delivery) => addresses.mentioned(delivery.body, pattern) || addresses.mentioned(delivery.lastError, pattern))
    .map((delivery) => ({ id: delivery.id, body: redact(delivery.body), lastError: redactNullable(delivery.lastError) }));
  await updateDeliveryTexts(client, deliveries);

  const attempts = (await selectAttemptTextsOfEmails(client, emailIds))
    .filter((attempt) => addresses.mentioned(attempt.responseExcerpt, pattern) || addresses.mentioned(attempt.error, pattern))
    .map((attempt) => ({ id: attempt.id, responseExcerpt: redactNullable(attempt.responseExcerpt), error: redactNullable(attempt.error) }));
  await updateAttemptTexts(client, attempts);

  const idempotency_keys = await deleteIdempotencyKeysOfEmails(client, workspaceId, emailIds);
  return {
    removed: { idempotency_keys },
    redacted: {
      emails: redactedEmails,
      email_events: events.length,
      webhook_deliveries: deliveries.length,
      webhook_attempts: attempts.length,
    },
  };
}
