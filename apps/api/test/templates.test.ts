import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, startApi } from "./harness.ts";

/** /templates through the API (every answer is checked against the OpenAPI document by the harness). */
const handle = openTestDb();
let api: ApiInstance;
let fx: WorkspaceFixture;
let other: WorkspaceFixture;

beforeAll(async () => {
  api = await startApi();
  fx = await createWorkspaceFixture(handle);
  other = await createWorkspaceFixture(handle);
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

const as = (key: string) => ({
  get: (path: string) => request(api.url).get(path).set(bearer(key)),
  post: (path: string, body: unknown = {}) =>
    request(api.url)
      .post(path)
      .set(bearer(key))
      .send(body as object),
  patch: (path: string, body: unknown) =>
    request(api.url)
      .patch(path)
      .set(bearer(key))
      .send(body as object),
  delete: (path: string) => request(api.url).delete(path).set(bearer(key)),
});

const invite = {
  name: "Invitation",
  alias: "invite",
  subject: "{{ inviter }} invited you",
  html: "<p>Join {{ team }}{% if note %}: {{ note }}{% endif %}</p>",
  variables: [
    { name: "inviter", type: "string" },
    { name: "team", type: "string", fallback: "the team" },
    { name: "note", type: "string", fallback: "" },
  ],
};

describe("/templates", () => {
  it("creates, edits the draft, publishes versions, rolls back, lists, renders and deletes", async () => {
    const full = as(fx.keys["full-access"]);
    const created = await full.post("/templates", invite);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^tmpl_/),
      alias: "invite",
      publishedVersion: null,
      draft: { subject: invite.subject },
    });
    expect((await full.post("/templates", invite)).status).toBe(409);

    expect((await full.post("/templates/invite/publish")).body).toMatchObject({ version: 1, subject: invite.subject });
    const edited = await full.patch("/templates/invite", { subject: "Welcome from {{ inviter }}" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ publishedVersion: 1, draft: { subject: "Welcome from {{ inviter }}", html: invite.html } });
    expect((await full.post("/templates/invite/publish")).body.version).toBe(2);
    const rollback = await full.post("/templates/invite/publish", { fromVersion: 1 });
    expect(rollback.status).toBe(201);
    expect(rollback.body).toMatchObject({ version: 3, subject: invite.subject });
    expect((await full.post("/templates/invite/publish", { fromVersion: 9 })).status).toBe(422);

    const versions = await full.get(`/templates/${created.body.id}/versions`);
    expect(versions.body.data.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect((await full.get("/templates")).body).toMatchObject({
      data: [expect.objectContaining({ alias: "invite", publishedVersion: 3 })],
      hasMore: false,
    });

    const rendered = await full.post("/templates/invite/render", { variables: { inviter: "Ann & Bo", note: "<b>hi</b>" } });
    expect(rendered.status).toBe(200);
    expect(rendered.body).toEqual({
      subject: "Welcome from Ann & Bo",
      html: "<p>Join the team: &lt;b&gt;hi&lt;/b&gt;</p>",
      text: "Join the team: <b>hi</b>",
    });
    const missing = await full.post("/templates/invite/render", { version: 1, variables: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.error).toContain("template.variables.inviter: is required");

    const copy = await full.post("/templates/invite/duplicate", { alias: "invite-copy" });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      name: "Invitation (copy)",
      alias: "invite-copy",
      publishedVersion: null,
      draft: { subject: "Welcome from {{ inviter }}" },
    });
    expect((await full.post("/templates/invite/duplicate", { alias: "invite-copy" })).status).toBe(409);

    expect((await full.delete("/templates/invite")).body).toEqual({ id: created.body.id, deleted: true });
    expect((await full.get("/templates/invite")).status).toBe(404);
  });

  it("refuses a draft that does not parse, bad declarations and unknown fields with a 422 naming them", async () => {
    const full = as(fx.keys["full-access"]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ html: "{% if %}" }, "html:"],
      [{ html: "{{ x | no_such_filter }}" }, "undefined filter"],
      [{ variables: [{ name: "a", type: "date" }] }, "variables.0.type"],
      [{ variables: [{ name: "a", type: "number", fallback: "1" }] }, "variables.0.fallback: must be a number"],
      [
        {
          variables: [
            { name: "a", type: "string" },
            { name: "a", type: "string" },
          ],
        },
        "declared more than once",
      ],
      [{ alias: "Not An Alias" }, "alias:"],
      [{ script: "x" }, "unknown field(s): script"],
      [{ layoutId: "tmpl_nope" }, "layoutId: no template"],
    ];
    for (const [change, message] of cases) {
      const answer = await full.post("/templates", { ...invite, alias: "bad", ...change });
      expect(answer.status).toBe(422);
      expect(answer.body.error).toContain(message);
    }
    expect((await full.get("/templates/bad")).status).toBe(404);
  });

  it("a layout wraps the HTML at {{ content }}; its published HTML is copied into the version", async () => {
    const full = as(fx.keys["full-access"]);
    await full.post("/templates", {
      name: "Layout",
      alias: "layout",
      subject: "-",
      html: "<main>{{ content }}</main><footer>{{ team }}</footer>",
    });
    const wrapped = await full.post("/templates", {
      name: "Wrapped",
      alias: "wrapped",
      subject: "Hi",
      html: "<p>{{ team }}</p>",
      layoutId: (await full.get("/templates/layout")).body.id,
      variables: [{ name: "team", type: "string" }],
    });
    expect(wrapped.status).toBe(201);
    expect((await full.post("/templates/wrapped/publish")).status).toBe(422);
    await full.post("/templates/layout/publish");
    expect((await full.post("/templates/wrapped/publish")).body.layoutHtml).toBe("<main>{{ content }}</main><footer>{{ team }}</footer>");
    const rendered = await full.post("/templates/wrapped/render", { version: 1, variables: { team: "<Ops>" } });
    expect(rendered.body.html).toBe("<main><p>&lt;Ops&gt;</p></main><footer>&lt;Ops&gt;</footer>");
  });

  it("a layout given by alias is stored as the layout's id: renaming the alias or reusing it for another template changes nothing", async () => {
    const full = as(fx.keys["full-access"]);
    const layout = await full.post("/templates", { name: "Frame", alias: "frame", subject: "-", html: "<div>{{ content }}</div>" });
    await full.post("/templates/frame/publish");
    const created = await full.post("/templates", { name: "Framed", alias: "framed", subject: "Hi", html: "<p>hi</p>", layoutId: "frame" });
    expect(created.status).toBe(201);
    expect(created.body.layoutId).toBe(layout.body.id);
    const other = await full.post("/templates", { name: "Other", alias: "other-frame", subject: "-", html: "<b>{{ content }}</b>" });
    const patched = await full.patch(`/templates/${other.body.id}`, { layoutId: "frame" });
    expect(patched.body.layoutId).toBe(layout.body.id);
    // The alias moves on: the templates keep the layout they named.
    await full.patch("/templates/frame", { alias: "frame-old" });
    await full.patch(`/templates/${other.body.id}`, { alias: "frame" });
    expect((await full.get("/templates/framed")).body.layoutId).toBe(layout.body.id);
    expect((await full.post("/templates/framed/render")).body.html).toBe("<div><p>hi</p></div>");
    // A template named by its own alias is still itself.
    const self = await full.patch("/templates/framed", { layoutId: "framed" });
    expect(self.status).toBe(422);
    expect(self.body.error).toContain("cannot be its own layout");
  });

  it("keeps workspaces apart and follows the key's scope", async () => {
    const full = as(fx.keys["full-access"]);
    await full.post("/templates", { ...invite, alias: "private" });
    expect((await as(other.keys["full-access"]).get("/templates/private")).status).toBe(404);
    expect((await as(other.keys["full-access"]).patch("/templates/private", { name: "mine" })).status).toBe(404);
    expect((await as(other.keys["full-access"]).delete("/templates/private")).status).toBe(404);
    // Another workspace may use the same alias.
    expect((await as(other.keys["full-access"]).post("/templates", { ...invite, alias: "private" })).status).toBe(201);

    expect((await as(fx.keys["send-only"]).get("/templates/private")).status).toBe(403);
    expect((await as(fx.keys["read-only"]).get("/templates/private")).status).toBe(200);
    expect((await as(fx.keys["read-only"]).post("/templates/private/publish")).status).toBe(403);
    expect((await as(fx.keys["read-only"]).patch("/templates/private", { name: "x" })).status).toBe(403);
  });
});
