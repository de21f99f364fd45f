import type { FileStore } from "../files/store.ts";
import type { SqlClient } from "../sql.ts";
import { selectEmailRecipientsWindow, selectWorkspaceEmailIds } from "../stores/emails.ts";
import type { ErasureRow } from "../stores/erasures.ts";
import { deleteFileDeletions, selectFileDeletionsOfErasure } from "../stores/fileDeletions.ts";
import { deleteInboundAttachmentsOf } from "../stores/inboundAttachments.ts";
import { deleteWorkspaceInboundEmails, selectInboundAddressesWindow } from "../stores/inboundEmails.ts";
import { replaceSuppressedAddresses } from "../stores/suppressions.ts";
import { deleteTestRecipientsByAddress } from "../stores/testRecipients.ts";
import { replaceTopicSuppressedAddresses } from "../stores/topicSuppressions.ts";
import { deleteAttemptsOfInbound } from "../stores/webhookAttempts.ts";
import { deleteDeliveriesOfInbound } from "../stores/webhookDeliveries.ts";
import { deleteEmailsWithHistory, redactEmails } from "./emailRows.ts";
import type { ErasedAddresses } from "./matching.ts";
import { mergeDeltas, type ReceiptDelta } from "./receipt.ts";

/** What every step of one erasure's run is given. */
export interface StepContext {
  erasure: ErasureRow;
  addresses: ErasedAddresses;
  /** Finds any erased address in text (built once a run: it may hold thousands of addresses). */
  anyAddress: RegExp | null;
  /** Files in an object store (their objects are recorded, then deleted by the `objects` step), or null with PostgreSQL's. */
  objectStore: FileStore | null;
  /** Rows examined (or deleted) per statement. */
  batchSize: number;
}

/** What one batch did: its counts, where the step stands now, and whether the step is finished. */
export interface BatchResult {
  delta: ReceiptDelta;
  cursor: unknown;
  finished: boolean;
}

/**
 * Runs one batch: `work` in one transaction with the batch's progress written in it (the runner's
 * `inBatch`). Answers what the batch did.
 */
export type InBatch = (work: (client: SqlClient) => Promise<BatchResult>) => Promise<BatchResult>;

export interface ErasureStep {
  name: string;
  /** One batch of the step, from `cursor` (null at its start). */
  runBatch(context: StepContext, cursor: unknown, inBatch: InBatch): Promise<BatchResult>;
}

const NOTHING: BatchResult = { delta: {}, cursor: null, finished: true };

/** The emails asked for by id: each deleted whole, whoever its recipients. */
const emailsById: ErasureStep = {
  name: "emails_by_id",
  async runBatch({ erasure, objectStore, batchSize }, _cursor, inBatch) {
    if (erasure.emailIds.length === 0) return NOTHING;
    return inBatch(async (client) => {
      const ids = (await selectWorkspaceEmailIds(client, erasure.workspaceId, erasure.emailIds)).slice(0, batchSize);
      const delta = await deleteEmailsWithHistory(client, erasure.workspaceId, ids, objectStore ? erasure.id : null);
      return { delta, cursor: null, finished: ids.length < batchSize };
    });
  },
};

interface EmailCursor {
  createdAt: string;
  id: string;
}

/**
 * A walk over every email of the workspace, newest first, a window at a time: an email whose
 * recipients are all erased addresses goes whole; one with other recipients stays, redacted.
 */
const emailsByAddress: ErasureStep = {
  name: "emails",
  async runBatch({ erasure, addresses, objectStore, batchSize }, cursor, inBatch) {
    if (addresses.size === 0) return NOTHING;
    const at = cursor as EmailCursor | null;
    return inBatch(async (client) => {
      const window = await selectEmailRecipientsWindow(
        client,
        erasure.workspaceId,
        at ? { createdAt: new Date(at.createdAt), id: at.id } : null,
        batchSize,
      );
      const whole: string[] = [];
      const partly: string[] = [];
      const found = new Set<string>();
      for (const email of window) {
        const recipients = [...email.to, ...email.cc, ...email.bcc];
        const erased = recipients.map((recipient) => addresses.erasedOf(recipient));
        if (erased.every((address) => address === null)) continue;
        for (const address of erased) if (address !== null) found.add(address);
        (erased.every((address) => address !== null) ? whole : partly).push(email.id);
      }
      const removed = await deleteEmailsWithHistory(client, erasure.workspaceId, whole, objectStore ? erasure.id : null);
      const redacted = await redactEmails(client, erasure.workspaceId, partly, addresses, found);
      const last = window[window.length - 1];
      return {
        delta: mergeDeltas(removed, redacted),
        cursor: last ? { createdAt: last.createdAt.toISOString(), id: last.id } : at,
        finished: window.length < batchSize,
      };
    });
  },
};

interface InboundCursor {
  receivedAt: string;
  id: string;
}

/**
 * A walk over every received message of the workspace, oldest first: one from or to an erased
 * address (envelope, From, To, Cc or any header) goes whole, with its files and deliveries: its
 * raw bytes cannot be rewritten.
 */
const inboundByAddress: ErasureStep = {
  name: "inbound",
  async runBatch({ erasure, addresses, anyAddress: pattern, batchSize }, cursor, inBatch) {
    if (addresses.size === 0) return NOTHING;
    const at = cursor as InboundCursor | null;
    return inBatch(async (client) => {
      const window = await selectInboundAddressesWindow(
        client,
        erasure.workspaceId,
        at ? { receivedAt: new Date(at.receivedAt), id: at.id } : null,
        batchSize,
      );
      const matched = window
        .filter(
          (message) =>
            addresses.erasedOf(message.mailFrom) !== null ||
            (message.from !== null && addresses.mentioned(message.from, pattern)) ||
            message.rcptTo.some((recipient) => addresses.erasedOf(recipient) !== null) ||
            addresses.mentioned(message.to, pattern) ||
            addresses.mentioned(message.cc, pattern) ||
            addresses.mentioned(message.headers, pattern),
        )
        .map((message) => message.id);
      const webhook_attempts = await deleteAttemptsOfInbound(client, matched);
      const webhook_deliveries = await deleteDeliveriesOfInbound(client, matched);
      const inbound_attachments = await deleteInboundAttachmentsOf(client, matched);
      const gone = await deleteWorkspaceInboundEmails(client, erasure.workspaceId, matched, erasure.id);
      const last = window[window.length - 1];
      return {
        delta: { removed: { inbound_emails: gone.messages, inbound_attachments, webhook_deliveries, webhook_attempts } },
        cursor: last ? { receivedAt: last.receivedAt.toISOString(), id: last.id } : at,
        finished: window.length < batchSize,
      };
    });
  },
};

/** Suppressions of erased addresses (address-wide and per topic) keep suppressing, under the address's token. */
const suppressions: ErasureStep = {
  name: "suppressions",
  async runBatch({ erasure, addresses, batchSize }, cursor, inBatch) {
    const from = typeof cursor === "number" ? cursor : 0;
    const chunk = erasure.addresses.slice(from, from + batchSize);
    if (chunk.length === 0) return NOTHING;
    return inBatch(async (client) => {
      const tokens = chunk.map((address) => addresses.tokenOf(address));
      const replaced =
        (await replaceSuppressedAddresses(client, erasure.workspaceId, chunk, tokens)) +
        (await replaceTopicSuppressedAddresses(client, erasure.workspaceId, chunk, tokens));
      return {
        delta: { redacted: { suppressions: replaced } },
        cursor: from + chunk.length,
        finished: from + chunk.length >= erasure.addresses.length,
      };
    });
  },
};

/** The workspace's test recipients with erased addresses. */
const testRecipients: ErasureStep = {
  name: "test_recipients",
  async runBatch({ erasure }, _cursor, inBatch) {
    if (erasure.addresses.length === 0) return NOTHING;
    return inBatch(async (client) => ({
      delta: { removed: { test_recipients: await deleteTestRecipientsByAddress(client, erasure.workspaceId, erasure.addresses) } },
      cursor: null,
      finished: true,
    }));
  },
};

/** Entries of `file_deletions` deleted per batch: one DeleteObjects call holds up to 1,000 keys. */
const OBJECT_ENTRIES_PER_BATCH = 100;

/**
 * The object-store files of the rows the erasure deleted (recorded with their rows), deleted
 * before the erasure completes. The objects go first, then their entries with the count: a stop
 * in between deletes them again next time (deleting a missing object is no error) and counts once.
 */
const objects: ErasureStep = {
  name: "objects",
  async runBatch({ erasure, objectStore }, _cursor, inBatch) {
    if (!objectStore) return NOTHING;
    return inBatch(async (client) => {
      const entries = await selectFileDeletionsOfErasure(client, erasure.id, OBJECT_ENTRIES_PER_BATCH);
      const of = (kind: "emails" | "inbound") => entries.filter((entry) => entry.kind === kind);
      await objectStore.deleteEmailFiles(
        of("emails").map((entry) => ({ workspaceId: entry.workspaceId, emailId: entry.ownerId, count: entry.count })),
      );
      await objectStore.deleteInboundFiles(
        of("inbound").map((entry) => ({ workspaceId: entry.workspaceId, inboundId: entry.ownerId, count: entry.count })),
      );
      await deleteFileDeletions(
        client,
        entries.map((entry) => entry.id),
      );
      const files =
        of("emails").reduce((sum, entry) => sum + entry.count, 0) + of("inbound").reduce((sum, entry) => sum + entry.count + 1, 0);
      return { delta: { objectsDeleted: files }, cursor: null, finished: entries.length < OBJECT_ENTRIES_PER_BATCH };
    });
  },
};

/** In order; an erasure's `step` names the one in progress. */
export const ERASURE_STEPS: readonly ErasureStep[] = [emailsById, emailsByAddress, inboundByAddress, suppressions, testRecipients, objects];
