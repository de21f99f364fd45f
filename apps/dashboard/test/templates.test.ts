import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  addTestRecipient,
  addUserToWorkspace,
  createRenderPool,
  createTemplate,
  publishTemplate,
  sqlPool,
  updateTemplate,
} from "@svc/core";
import { newId } from "@svc/db";
import { type Agent, createTestDashboard, loggedInAgent, PASSWORD, signedUpAgent, uniqueEmail } from "./support.ts";

/**
 * The template editor's version diff, variables panel and "Send a test", over HTTP as a browser
 * posts its forms: inline errors that change nothing, test sends that go through the pipeline as
 * test-mode email (to verified test recipients only, within the hourly limit), the email page
 * naming its template, and who may do what (CSRF, read-only members, other workspaces).
 */
const dashboard = await createTestDashboard({ DASHBOARD_TEMPLATE_TEST_SENDS_PER_HOUR: "3" });
const { db } = dashboard;
const pool = sqlPool(dashboard.handle);
const renderPool = createRenderPool();
afterAll(async () => {
  await renderPool.close();
  await dashboard.close();
});

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const recipient = `qa-${run}@example.com`;
const domain = `tpl-${run}.example.test`;

let owner: { agent: Agent; email: string; csrf: string };
let workspaceId: string;
let templateId: string;

/** The editor form's fields for these variable rows (as the panel posts them). */
function rowFields(rows: Array<{ name: string; type?: string; required?: boolean; fallback?: string; sample?: string }>) {
  return {
    var_name: rows.map((r) => r.name),
    var_type: rows.map((r) => r.type ?? "string"),
    var_required: rows.map((r) => (r.required ? "required" : "optional")),
    var_fallback: rows.map((r) => r.fallback ?? ""),
    var_sample: rows.map((r) => r.sample ?? ""),
  };
}

/** supertest's form encoder writes arrays as repeated fields, as a browser does. */
function form(fields: Record<string, string | string[]>): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return body.toString();
}

const testEmails = () => db.email.count({ where: { organizationId: workspaceId, environment: "test" } });

beforeAll(async () => {
  owner = await signedUpAgent(dashboard.url, { workspaceName: "Templates" });
  workspaceId = (await db.member.findFirstOrThrow({ where: { user: { email: owner.email } } })).workspaceId;
  await db.domain.create({
    data: {
      id: newId("domain"),
      workspaceId,
      name: domain,
      status: "verified",
      verifiedAt: new Date(),
      provenAt: new Date(),
      records: [],
      verificationToken: "fixture",
      dkimSelector: "svc",
      dkimPublicKey: "fixture",
      dkimPrivateKey: "fixture",
    },
  });
  await addTestRecipient(db, { workspaceId, email: recipient });
  const created = await createTemplate(pool, renderPool, workspaceId, {
    name: "Receipt",
    alias: `receipt-${run}`,
    subject: "Order {{ order }}",
    html: "<h1>Thanks {{ name }}</h1>\n<p>Order {{ order }}</p>\n<p>Unchanged</p>",
    variables: [
      { name: "name", type: "string" },
      { name: "order", type: "number", fallback: 1 },
    ],
  });
  templateId = created.id;
  await publishTemplate(pool, workspaceId, templateId, {});
  await updateTemplate(pool, renderPool, workspaceId, templateId, {
    html: "<h1>Thank you {{ name }}</h1>\n<p>Order {{ order }}</p>\n<p>Unchanged</p>\n<b>new</b>",
  });
  await publishTemplate(pool, workspaceId, templateId, {});
});

describe("version history with a diff", () => {
  it("shows a line diff of two versions, every line escaped", async () => {
    const page = await owner.agent.get(`/templates/${templateId}/diff?from=1&to=2`).expect(200);
    expect(page.text).toContain("Receipt: v1 → v2");
    const htmlPart = /<pre class="diff" data-diff-part="html">([\s\S]*?)<\/pre>/.exec(page.text)?.[1] ?? "";
    expect(htmlPart).toMatch(/data-diff-line="removed">.*&lt;h1&gt;Thanks \{\{ name \}\}&lt;\/h1&gt;/);
    expect(htmlPart).toMatch(/data-diff-line="added">.*&lt;h1&gt;Thank you \{\{ name \}\}&lt;\/h1&gt;/);
    expect(htmlPart).toMatch(/data-diff-line="added">.*&lt;b&gt;new&lt;\/b&gt;/);
    expect(htmlPart).toMatch(/data-diff-line="same">.*Unchanged/);
    expect(htmlPart).not.toContain("<b>new</b>");
    // The subject did not change.
    expect(page.text).not.toContain('data-diff-part="subject"');
  });

  it("compares a version with the saved draft, and refuses sides the template does not have", async () => {
    await updateTemplate(pool, renderPool, workspaceId, templateId, { subject: "Your order {{ order }}" });
    const page = await owner.agent.get(`/templates/${templateId}/diff?from=2&to=draft`).expect(200);
    expect(page.text).toContain("v2 → the draft");
    expect(page.text).toMatch(/data-diff-part="subject">[\s\S]*data-diff-line="added">.*Your order \{\{ order \}\}/);
    const missing = await owner.agent.get(`/templates/${templateId}/diff?from=9&to=draft`).expect(422);
    expect(missing.text).toContain("from: the template has no version 9");
    await owner.agent.get(`/templates/${templateId}/diff?from=x1&to=draft`).expect(422);
    await owner.agent.get(`/templates/${templateId}/diff`).expect(422);
  });
});

describe("the variables panel", () => {
  it("shows each declared variable as a row and saves the rows as typed declarations", async () => {
    const editor = await owner.agent.get(`/templates/${templateId}`).expect(200);
    expect(editor.text).toMatch(/<input id="var-1-name" name="var_name" value="name"/);
    expect(editor.text).toMatch(/<input id="var-2-name" name="var_name" value="order"/);
    await owner.agent
      .post(`/templates/${templateId}`)
      .type("form")
      .send(
        form({
          _csrf: owner.csrf,
          subject: "Your order {{ order }}",
          html: "<h1>Thank you {{ name }}</h1><p>{{ items | size }} items, gift: {{ gift }}</p>",
          text: "",
          ...rowFields([
            { name: "name", required: true, sample: "Ann" },
            { name: "order", type: "number", fallback: "7", sample: "42" },
            { name: "items", type: "list", fallback: '["a"]', sample: '["x", "y"]' },
            { name: "gift", type: "boolean", fallback: "false" },
            { name: "" }, // the blank row
          ]),
        }),
      )
      .expect(200);
    const saved = await db.template.findUniqueOrThrow({ where: { id: templateId } });
    expect(saved.draftVariables).toEqual([
      { name: "name", type: "string" },
      { name: "order", type: "number", fallback: 7 },
      { name: "items", type: "list", fallback: ["a"] },
      { name: "gift", type: "boolean", fallback: false },
    ]);
  });

  it("shows what is wrong next to each field, keeps what was typed, and saves nothing", async () => {
    const before = await db.template.findUniqueOrThrow({ where: { id: templateId } });
    const answer = await owner.agent
      .post(`/templates/${templateId}`)
      .type("form")
      .send(
        form({
          _csrf: owner.csrf,
          subject: "Changed {{ order }}",
          html: "<p>changed</p>",
          text: "",
          ...rowFields([
            { name: "1bad", required: true },
            { name: "order", type: "number", fallback: "seven" },
            { name: "order", type: "string", fallback: "x" },
            { name: "items", type: "object", fallback: "{}", sample: "[not json" },
            { name: "kind", type: "nonsense", fallback: "x" },
          ]),
        }),
      )
      .expect(422);
    expect(answer.text).toContain("Some variables are not valid");
    expect(answer.text).toMatch(/id="var-1-name-error">must be a letter or _/);
    expect(answer.text).toMatch(/id="var-2-fallback-error">must be a number/);
    expect(answer.text).toMatch(/id="var-3-name-error">order is declared more than once/);
    expect(answer.text).toMatch(/id="var-4-sample-error">must be a JSON object/);
    expect(answer.text).toMatch(/id="var-5-type-error">must be one of string/);
    expect(answer.text).toContain('value="1bad" aria-label="Variable 1 name" data-template-part aria-invalid="true"');
    expect(answer.text).toContain("Changed {{ order }}");
    const after = await db.template.findUniqueOrThrow({ where: { id: templateId } });
    expect(after.draftSubject).toBe(before.draftSubject);
    expect(after.draftVariables).toEqual(before.draftVariables);
  });

  it("holds the panel to 100 variables, and refuses a form with more fields than that at the boundary", async () => {
    const before = await db.template.findUniqueOrThrow({ where: { id: templateId } });
    const many = (count: number) =>
      owner.agent
        .post(`/templates/${templateId}`)
        .type("form")
        .send(
          form({
            _csrf: owner.csrf,
            subject: "s",
            html: "h",
            text: "",
            ...rowFields(Array.from({ length: count }, (_, i) => ({ name: `v${i}`, fallback: "x" }))),
          }),
        );
    const over = await many(101).expect(422);
    expect(over.text).toMatch(/id="var-101-name-error">at most 100 variables/);
    await many(130).expect(413);
    const after = await db.template.findUniqueOrThrow({ where: { id: templateId } });
    expect(after.draftVariables).toEqual(before.draftVariables);
  });

  it("previews with the rows' sample values, never a 500 on bad rows", async () => {
    const preview = await owner.agent
      .post(`/templates/${templateId}/preview`)
      .type("form")
      .send(
        form({
          _csrf: owner.csrf,
          subject: "Order {{ order }}",
          html: "<p>{{ name }} {{ order }}</p>",
          text: "",
          ...rowFields([
            { name: "name", required: true, sample: "<b>Ann</b>" },
            { name: "order", type: "number", fallback: "7" },
            { name: "9", type: "list", sample: "{" },
          ]),
        }),
      )
      .expect(200);
    expect(preview.body).toMatchObject({ subject: "Order 7", html: "<p>&lt;b&gt;Ann&lt;/b&gt; 7</p>" });
  });
});

describe("send a test", () => {
  const send = (agent: Agent, csrf: string, fields: Record<string, string | string[]>) =>
    agent
      .post(`/templates/${templateId}/test`)
      .type("form")
      .send(
        form({
          _csrf: csrf,
          subject: "ignored",
          html: "ignored",
          text: "",
          to: recipient,
          from: `Test <test@${domain}>`,
          ...rowFields([
            { name: "name", required: true, sample: "<i>Bo</i>" },
            { name: "order", type: "number", fallback: "7", sample: "42" },
          ]),
          ...fields,
        }),
      );

  it("sends the saved draft rendered with the sample values as a test-mode email through the pipeline", async () => {
    const answer = await send(owner.agent, owner.csrf, { side: "draft" }).expect(200);
    const emailId = /href="\/emails\/(email_[^"]+)" data-test-email/.exec(answer.text)?.[1];
    expect(emailId).toBeDefined();
    const email = await db.email.findUniqueOrThrow({ where: { id: emailId! }, include: { apiKey: true } });
    expect(email).toMatchObject({
      organizationId: workspaceId,
      environment: "test",
      to: [recipient],
      subject: "Your order 42",
      templateId,
      templateVersion: null,
    });
    expect(email.html).toContain("Thank you &lt;i&gt;Bo&lt;/i&gt;");
    expect(email.apiKey).toMatchObject({ name: "Dashboard test sends", environment: "test", scope: "send_only" });
    expect(await dashboard.sendProducer.has(emailId!)).toBe(true);

    const page = await owner.agent.get(`/emails/${emailId}`).expect(200);
    expect(page.text).toMatch(/data-email-template><a href="\/templates\/tmpl_[^"]+">Receipt<\/a>.*· the draft \(a test send\)/);
  });

  it("sends a published version pinned like any templated send, and the email page names its version", async () => {
    const answer = await send(owner.agent, owner.csrf, { side: "2" }).expect(200);
    const emailId = /href="\/emails\/(email_[^"]+)" data-test-email/.exec(answer.text)![1]!;
    const email = await db.email.findUniqueOrThrow({ where: { id: emailId } });
    expect(email).toMatchObject({
      environment: "test",
      templateId,
      templateVersion: 2,
      html: null,
      templateVariables: { name: "<i>Bo</i>", order: 42 },
    });
    const page = await owner.agent.get(`/emails/${emailId}`).expect(200);
    expect(page.text).toContain(`<a href="/templates/${templateId}">Receipt</a>`);
    expect(page.text).toMatch(/data-email-template>.*· v2</);
  });

  it("refuses, storing nothing: a recipient that is not a verified test recipient, a missing required value, a version the template lacks", async () => {
    const before = await testEmails();
    const stranger = await send(owner.agent, owner.csrf, { side: "draft", to: "someone@example.org" }).expect(422);
    expect(stranger.text).toContain("someone@example.org is not a verified test recipient");
    const missing = await send(owner.agent, owner.csrf, {
      side: "2",
      ...rowFields([{ name: "name", required: true }]),
    }).expect(422);
    expect(missing.text).toContain("template.variables.name: is required");
    await send(owner.agent, owner.csrf, { side: "9" }).expect(422);
    await send(owner.agent, owner.csrf, { side: "latest" }).expect(422);
    await send(owner.agent, owner.csrf, { side: "draft", from: "Test <test@not-ours.example>" }).expect(403);
    expect(await testEmails()).toBe(before);
  });

  it("holds a workspace to its hourly limit of test sends", async () => {
    // Two sent above; the limit in this dashboard is 3.
    await send(owner.agent, owner.csrf, { side: "draft" }).expect(200);
    const before = await testEmails();
    const refused = await send(owner.agent, owner.csrf, { side: "draft" }).expect(429);
    expect(refused.text).toContain("At most 3 test sends an hour");
    expect(await testEmails()).toBe(before);
  });

  it("is refused without the CSRF token, to read-only members, and across workspaces", async () => {
    const before = await testEmails();
    await owner.agent
      .post(`/templates/${templateId}/test`)
      .type("form")
      .send(form({ side: "draft", to: recipient, from: `Test <test@${domain}>` }))
      .expect(403);

    const viewerEmail = uniqueEmail("tpl-viewer");
    await addUserToWorkspace(db, { email: viewerEmail, password: PASSWORD, workspaceId, role: "viewer" });
    const viewer = await loggedInAgent(dashboard.url, viewerEmail);
    const editor = await viewer.agent.get(`/templates/${templateId}`).expect(200);
    expect(editor.text).toContain("data-variable-rows");
    expect(editor.text).not.toContain("data-test-send");
    expect(editor.text).not.toContain("Save draft");
    expect(editor.text).not.toContain("data-add-variable");
    await viewer.agent.get(`/templates/${templateId}/diff?from=1&to=2`).expect(200);
    await send(viewer.agent, viewer.csrf, { side: "draft" }).expect(403);
    const draftBefore = await db.template.findUniqueOrThrow({ where: { id: templateId } });
    await viewer.agent
      .post(`/templates/${templateId}`)
      .type("form")
      .send(form({ _csrf: viewer.csrf, subject: "viewer", html: "viewer", ...rowFields([]) }))
      .expect(403);
    await viewer.agent.post(`/templates/${templateId}/publish`).type("form").send({ _csrf: viewer.csrf }).expect(403);
    const draftAfter = await db.template.findUniqueOrThrow({ where: { id: templateId } });
    expect(draftAfter.draftSubject).toBe(draftBefore.draftSubject);
    expect(draftAfter.publishedVersion).toBe(draftBefore.publishedVersion);

    const other = await signedUpAgent(dashboard.url, { workspaceName: "Other" });
    await send(other.agent, other.csrf, { side: "draft" }).expect(404);
    await other.agent.get(`/templates/${templateId}/diff?from=1&to=2`).expect(404);
    await other.agent.get(`/templates/${templateId}`).expect(404);
    expect(await testEmails()).toBe(before);
  });
});
