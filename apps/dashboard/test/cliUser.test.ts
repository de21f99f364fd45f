import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "@jest/globals";
import { createWorkspace } from "@svc/core";
import request from "supertest";
import { TEST_DATABASE_URL, TEST_REDIS_URL } from "../../../test/support/env.ts";
import { createTestDashboard, csrfFrom, uniqueEmail } from "./support.ts";

/**
 * A private install: sign-up is off, and the operator adds people with `svc user create`
 * (a real child process, password on standard input); they then log in to the dashboard.
 */
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const dashboard = await createTestDashboard({ DASHBOARD_SIGNUP: "false" });
const db = dashboard.db;
afterAll(() => dashboard.close());

function svc(args: string[], stdin: string | null): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(`${ROOT}node_modules/.bin/tsx`, [`${ROOT}packages/cli/src/main.ts`, ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: process.env.HOME ?? "/tmp",
        DATABASE_URL: TEST_DATABASE_URL,
        REDIS_URL: TEST_REDIS_URL,
        LOG_LEVEL: "silent",
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? "");
  });
}

describe("svc user create", () => {
  it("adds a user with the password from stdin, who can then log in to the dashboard with that role", async () => {
    const workspace = await createWorkspace(db, { name: "Private install" });
    const email = uniqueEmail("operator-made");
    const created = await svc(
      ["user", "create", "--email", email, "--password-stdin", "--workspace", workspace.id, "--role", "admin"],
      "operator chosen password\n",
    );
    expect(created).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(created.stdout)).toMatchObject({ email, workspaceId: workspace.id, role: "admin", created: true });
    expect(created.stdout).not.toContain("operator chosen password");

    const agent = request.agent(dashboard.url);
    const form = await agent.get("/login").expect(200);
    expect(form.text).toContain("Accounts on this server are created by invitation.");
    // The trailing newline of `echo` is not part of the password.
    await agent
      .post("/login")
      .type("form")
      .send({ _csrf: csrfFrom(form.text), email, password: "operator chosen password" })
      .expect(303);
    const page = await agent.get("/api-keys").expect(200);
    expect(page.text).toContain("Private install");
    expect(page.text).toContain("Create API key");

    // The same person added to a second workspace keeps their password.
    const second = await createWorkspace(db, { name: "Second private" });
    const again = await svc(["user", "create", "--email", email, "--workspace", second.id, "--role", "viewer"], null);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: false, role: "viewer" });
  });

  it("refuses bad input with a message and a non-zero exit, creating nothing", async () => {
    const workspace = await createWorkspace(db, { name: "Strict" });
    const email = uniqueEmail("refused");
    const cases: Array<[string[], string | null, RegExp]> = [
      [
        ["--email", email, "--password-stdin", "--workspace", workspace.id, "--role", "superuser"],
        "long enough password",
        /role: must be one of owner, admin, viewer/,
      ],
      [["--email", email, "--password-stdin", "--workspace", workspace.id, "--role", "viewer"], "short\n", /at least 10 characters/],
      [["--email", email, "--workspace", workspace.id, "--role", "viewer"], null, /Password: required for a new user/],
      [
        ["--email", "not-an-email", "--password-stdin", "--workspace", workspace.id, "--role", "viewer"],
        "long enough password",
        /valid email address/,
      ],
      [
        ["--email", email, "--password-stdin", "--workspace", "org_missing", "--role", "viewer"],
        "long enough password",
        /Workspace not found/,
      ],
      [["--password-stdin", "--workspace", workspace.id, "--role", "viewer"], "long enough password", /--email/],
    ];
    for (const [args, stdin, message] of cases) {
      const result = await svc(["user", "create", ...args], stdin);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(message);
    }
    expect(await db.user.count({ where: { email } })).toBe(0);
  });
});
