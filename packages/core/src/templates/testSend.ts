import type { DbHandle } from "@svc/db";
import { newId } from "@svc/db";
import { bareAddress, parseAddress } from "../addresses/parse.ts";
import { parseSendEmailInput, type SendEmailInput } from "../emails/input.ts";
import { queueEmail } from "../emails/queue.ts";
import { AppError, notFound } from "../errors.ts";
import { displayHint, generateApiKey, hashApiKey } from "../keys/format.ts";
import { type Queryable, sqlPool } from "../sql.ts";
import { withKeyedAdvisoryLock } from "../stores/advisoryLocks.ts";
import { findActiveApiKeyByName, insertApiKey } from "../stores/apiKeys.ts";
import { countEmailsOfKeyNameSince } from "../stores/emails.ts";
import { selectTemplate } from "../stores/templates.ts";
import { selectTestRecipientAddresses } from "../stores/testRecipients.ts";
import { findWorkspace } from "../stores/workspaces.ts";
import type { TemplateSide } from "./diff.ts";
import type { RenderPool } from "./renderPool.ts";
import { renderTemplate } from "./service.ts";
import { VARIABLE_LIMITS } from "./variables.ts";

/**
 * "Send a test" of the dashboard's template editor: the draft or a published version, rendered
 * with the editor's sample values, sent through the normal pipeline as a test-mode email. So it
 * goes only to the workspace's verified test recipients (the sender's rule for test keys, checked
 * here first so the person sees why), it is listed with the workspace's emails, and it counts
 * against the daily send limit like any send.
 *
 * Test-mode emails belong to a test key: the workspace's key named TEMPLATE_TEST_SENDS.keyName
 * (test environment, send-only), made on the first test send. Its secret is thrown away at once:
 * nobody can call the API with it, and revoking it only means the next test send makes another.
 */
export const TEMPLATE_TEST_SENDS = {
  keyName: "Dashboard test sends",
  /** Test sends per workspace in any hour, by default (the dashboard's DASHBOARD_TEMPLATE_TEST_SENDS_PER_HOUR). */
  perHour: 20,
} as const;

/** The advisory lock family of test sends (one lock per workspace). */
const TEST_SEND_LOCK_NAMESPACE = 0x7e57;

export interface TemplateTestSend {
  /** The template's id or alias. */
  template: string;
  /** What to send: the saved draft, or a published version. */
  side: TemplateSide;
  from: string;
  to: string;
  variables: Record<string, unknown>;
}

async function testKeyOf(handle: DbHandle, workspaceId: string): Promise<string> {
  const existing = await findActiveApiKeyByName(handle.prisma, workspaceId, TEMPLATE_TEST_SENDS.keyName, "test");
  if (existing) return existing.id;
  const secret = generateApiKey("test");
  const created = await insertApiKey(handle.prisma, {
    id: newId("apiKey"),
    workspaceId,
    name: TEMPLATE_TEST_SENDS.keyName,
    environment: "test",
    scope: "send_only",
    displayHint: displayHint(secret),
    keyHash: hashApiKey(secret),
  });
  return created.id;
}

/** The send: the draft rendered now (it has no version to pin), or a version pinned like any templated send. */
async function inputOf(
  pool: Queryable,
  renderPool: RenderPool,
  workspaceId: string,
  templateId: string,
  send: TemplateTestSend,
): Promise<SendEmailInput> {
  if (send.side !== "draft")
    return parseSendEmailInput({
      from: send.from,
      to: [send.to],
      template: { id: templateId, version: send.side, variables: send.variables },
    });
  const rendered = await renderTemplate(pool, renderPool, workspaceId, templateId, { variables: send.variables });
  const input = parseSendEmailInput({
    from: send.from,
    to: [send.to],
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
  });
  input.template = {
    reference: { id: templateId, alias: null, version: null },
    variables: send.variables,
    pinned: { templateId, version: null, variables: send.variables, subject: rendered.subject },
  };
  return input;
}

/**
 * Queues one test send and answers its email id (the caller enqueues its send job). A template
 * of another workspace is a 404; a recipient that is not a verified test recipient, a version the
 * template does not have, a missing or mistyped sample value or a failed render is a 422; over the
 * hourly limit is a 429. Nothing is stored when refused.
 */
export async function sendTemplateTest(
  handle: DbHandle,
  renderPool: RenderPool,
  workspaceId: string,
  send: TemplateTestSend,
  options: { perHour?: number; now?: Date } = {},
): Promise<{ emailId: string }> {
  const pool = sqlPool(handle);
  const template = await selectTemplate(pool, workspaceId, send.template);
  if (!template) throw notFound("Template");
  const workspace = await findWorkspace(handle.prisma, workspaceId);
  if (!workspace) throw notFound("Workspace");

  const to = parseAddress(send.to);
  if (!to) throw new AppError("validation_failed", "to: must be an email address.");
  const [verified] = await selectTestRecipientAddresses(pool, workspaceId, [bareAddress(send.to)]);
  if (!verified)
    throw new AppError(
      "validation_failed",
      `to: ${bareAddress(send.to)} is not a verified test recipient of this workspace (Test recipients).`,
    );

  if (Buffer.byteLength(JSON.stringify(send.variables)) > VARIABLE_LIMITS.maxValuesBytes)
    throw new AppError(
      "validation_failed",
      `variables: the sample values must be at most ${VARIABLE_LIMITS.maxValuesBytes / 1024} KB as JSON.`,
    );
  const input = await inputOf(pool, renderPool, workspaceId, template.id, send);
  const perHour = options.perHour ?? TEMPLATE_TEST_SENDS.perHour;
  const since = new Date((options.now ?? new Date()).getTime() - 3_600_000);
  // One test send of a workspace at a time, so the count and the insert make an exact limit (and
  // the first ones make one key between them).
  const run = await withKeyedAdvisoryLock(pool, TEST_SEND_LOCK_NAMESPACE, workspaceId, async () => {
    const recent = await countEmailsOfKeyNameSince(pool, workspaceId, { name: TEMPLATE_TEST_SENDS.keyName, environment: "test" }, since);
    if (recent >= perHour)
      throw new AppError(
        "rate_limited",
        `At most ${perHour} test sends an hour per workspace; try again later or send with a test API key.`,
      );
    const apiKeyId = await testKeyOf(handle, workspaceId);
    return queueEmail(handle, { workspaceId, apiKeyId, environment: "test", plan: workspace.plan }, input);
  });
  if (!run.locked) throw new AppError("rate_limited", "Another test send of this workspace is under way; try again in a moment.");
  return { emailId: run.value.emailId };
}
