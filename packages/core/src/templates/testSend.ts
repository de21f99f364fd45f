import type { DbHandle } from "@svc/db";
import { newId } from "@svc/db";
import { bareAddress, parseAddress } from "../addresses/parse.ts";
import { parseSendEmailInput } from "../emails/input.ts";
import { queueEmail } from "../emails/queue.ts";
import { AppError, notFound } from "../errors.ts";
import { displayHint, generateApiKey, hashApiKey } from "../keys/format.ts";
import { sqlPool } from "../sql.ts";
import { findActiveApiKeyByName, insertApiKey } from "../stores/apiKeys.ts";
import { countEmailsOfKeyNameSince } from "../stores/emails.ts";
import { selectTemplate } from "../stores/templates.ts";
import { selectTestRecipientAddresses } from "../stores/testRecipients.ts";
import { findWorkspace } from "../stores/workspaces.ts";
import type { TemplateSide } from "./diff.ts";
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

/**
 * Queues one test send and answers its email id (the caller enqueues its send job). A template
 * of another workspace is a 404; a recipient that is not a verified test recipient, a version the
 * template does not have, a missing or mistyped sample value or a failed render is a 422; over the
 * hourly limit is a 429. Nothing is stored when refused.
 */
export async function sendTemplateTest(
  handle: DbHandle,
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

  const perHour = options.perHour ?? TEMPLATE_TEST_SENDS.perHour;
  const since = new Date((options.now ?? new Date()).getTime() - 3_600_000);
  const recent = await countEmailsOfKeyNameSince(pool, workspaceId, { name: TEMPLATE_TEST_SENDS.keyName, environment: "test" }, since);
  if (recent >= perHour)
    throw new AppError("rate_limited", `At most ${perHour} test sends an hour per workspace; try again later or send with a test API key.`);

  if (Buffer.byteLength(JSON.stringify(send.variables)) > VARIABLE_LIMITS.maxValuesBytes)
    throw new AppError(
      "validation_failed",
      `variables: the sample values must be at most ${VARIABLE_LIMITS.maxValuesBytes / 1024} KB as JSON.`,
    );
  let input: ReturnType<typeof parseSendEmailInput>;
  if (send.side === "draft") {
    // The draft has no version to pin: it is rendered now, with the same checks as a send.
    const rendered = await renderTemplate(pool, workspaceId, template.id, { variables: send.variables });
    input = parseSendEmailInput({ from: send.from, to: [send.to], subject: rendered.subject, html: rendered.html, text: rendered.text });
    input.template = {
      reference: { id: template.id, alias: null, version: null },
      variables: send.variables,
      pinned: { templateId: template.id, version: null, variables: send.variables, subject: rendered.subject },
    };
  } else {
    input = parseSendEmailInput({
      from: send.from,
      to: [send.to],
      template: { id: template.id, version: send.side, variables: send.variables },
    });
  }
  const apiKeyId = await testKeyOf(handle, workspaceId);
  const queued = await queueEmail(handle, { workspaceId, apiKeyId, environment: "test", plan: workspace.plan }, input);
  return { emailId: queued.emailId };
}
