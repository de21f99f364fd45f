import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, startApi } from "./harness.ts";

/**
 * POST /templates/{id}/render runs a tenant's template: it has its own rate per workspace, and the
 * render runs in the render pool, off the event loop, within its budget.
 */
const handle = openTestDb();
let api: ApiInstance;
let a: WorkspaceFixture;
let b: WorkspaceFixture;

/** Long enough that the other worker has started (from source, through tsx) before the bomb ends. */
const BUDGET_MS = 6_000;
const RENDERS_PER_MINUTE = 4;

beforeAll(async () => {
  api = await startApi({ API_TEMPLATE_RENDERS_PER_MINUTE: String(RENDERS_PER_MINUTE), TEMPLATE_RENDER_BUDGET_MS: String(BUDGET_MS) });
  a = await createWorkspaceFixture(handle);
  b = await createWorkspaceFixture(handle);
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

const post = (key: string, path: string, body: unknown = {}) =>
  request(api.url)
    .post(path)
    .set(bearer(key))
    .send(body as object);

/** Nested loops over a list (a billion turns, no allocation) that LiquidJS runs until the render's time limit stops them. */
const BOMB = "{% for a in xs %}{% for b in xs %}{% for c in xs %}{% endfor %}{% endfor %}{% endfor %}";
const XS = Array.from({ length: 1000 }, (_, i) => i);

async function template(fx: WorkspaceFixture, alias: string, html: string, variable?: string, type = "string"): Promise<void> {
  const variables = variable ? [{ name: variable, type }] : [];
  const created = await post(fx.keys["full-access"], "/templates", { name: alias, alias, subject: "Hi", html, variables });
  expect(created.status).toBe(201);
}

describe("POST /templates/{id}/render", () => {
  it("a render bomb of one workspace answers 422 naming the budget, while another workspace's requests and renders are answered meanwhile", async () => {
    await template(a, "bomb", BOMB, "xs", "list");
    await template(b, "hello", "<p>Hello {{ name }}</p>", "name");
    // Both workers started, so that the bomb's time is the render's, not a worker's start.
    expect((await post(b.keys["read-only"], "/templates/hello/render", { variables: { name: "warm" } })).status).toBe(200);

    let bombAnswered = false;
    const bomb = post(a.keys["read-only"], "/templates/bomb/render", { variables: { xs: XS } }).then((answer) => {
      bombAnswered = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const list = await request(api.url).get("/templates").set(bearer(b.keys["read-only"]));
    expect(list.status).toBe(200);
    const rendered = await post(b.keys["read-only"], "/templates/hello/render", { variables: { name: "Bo" } });
    expect(rendered.status).toBe(200);
    expect(rendered.body.html).toBe("<p>Hello Bo</p>");
    expect(bombAnswered).toBe(false);

    const answer = await bomb;
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("validation_failed");
    expect(answer.body.error).toContain(`longer than its budget of ${BUDGET_MS} ms`);
  });

  it("a draft slow to parse is parsed off the event loop: another workspace's requests are answered meanwhile", async () => {
    const writer = await createWorkspaceFixture(handle);
    let saved = false;
    const heavy = post(writer.keys["full-access"], "/templates", {
      name: "heavy",
      alias: "heavy",
      subject: "Hi",
      html: "{{ x }}".repeat(40_000),
    }).then((answer) => {
      saved = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await request(api.url).get("/templates").set(bearer(b.keys["read-only"]))).status).toBe(200);
    expect(saved).toBe(false);
    const answer = await heavy;
    expect([answer.status, answer.body.error]).toEqual([201, undefined]);
  });

  it("answers 429 render_rate_limited with Retry-After past the workspace's render rate; another workspace is not counted", async () => {
    const fresh = await createWorkspaceFixture(handle);
    const other = await createWorkspaceFixture(handle);
    await template(fresh, "note", "<p>{{ n }}</p>", "n");
    await template(other, "note", "<p>{{ n }}</p>", "n");
    for (let n = 0; n < RENDERS_PER_MINUTE; n++) {
      const answer = await post(fresh.keys["read-only"], "/templates/note/render", { variables: { n: String(n) } });
      expect(answer.status).toBe(200);
    }
    const refused = await post(fresh.keys["read-only"], "/templates/note/render", { variables: { n: "9" } });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("render_rate_limited");
    expect(refused.body.error).toContain(`${RENDERS_PER_MINUTE} times a minute`);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // Other requests of the workspace are not counted against it.
    expect((await request(api.url).get("/templates").set(bearer(fresh.keys["read-only"]))).status).toBe(200);
    expect((await post(other.keys["read-only"], "/templates/note/render", { variables: { n: "1" } })).status).toBe(200);
  });
});
