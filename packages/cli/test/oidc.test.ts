import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it, jest } from "@jest/globals";
import { listAuditLog, sqlPool } from "@svc/core";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { CLI_TEST_TIMEOUT_MS, runCli, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

const _ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const handle = openTestDb();
const db = handle.prisma;
afterAll(async () => {
  await db.oidcSettings.deleteMany({});
  await handle.close();
});

/** The CLI with `input` on its standard input (the client secret), as an operator pipes it. */
const runWithStdin = (args: string[], input: string) => runCli(args, {}, input);

const SECRET = "the-client-secret-from-the-provider";

describe("svc oidc", () => {
  it("configures the provider with the secret from stdin, stored sealed, printed and audited never", async () => {
    const configured = await runWithStdin(
      [
        "oidc",
        "configure",
        "--issuer",
        "https://login.example.com/",
        "--client-id",
        "svc",
        "--name",
        "Example SSO",
        "--client-secret-stdin",
      ],
      `${SECRET}\n`,
    );
    expect(configured.code).toBe(0);
    expect(JSON.parse(configured.stdout)).toEqual({ issuerUrl: "https://login.example.com", clientId: "svc", displayName: "Example SSO" });
    const row = await db.oidcSettings.findUniqueOrThrow({ where: { id: "default" } });
    expect(row.clientSecretSealed).toMatch(/^v1\./);
    expect(row.clientSecretSealed).not.toContain(SECRET);

    const shown = await runCliJson(["oidc", "show"]);
    expect(shown).toMatchObject({ configured: true, issuerUrl: "https://login.example.com", clientId: "svc" });
    expect(JSON.stringify(shown)).not.toContain(SECRET);

    const entries = (await listAuditLog(sqlPool(handle), { installWide: true }, { limit: 100 })).data.filter(
      (e) => e.action === "oidc.configured",
    );
    expect(entries[0]!.changes).toMatchObject({ issuer: "https://login.example.com", clientSecret: "[changed]" });
    expect(JSON.stringify(entries)).not.toContain(SECRET);
  });

  it("refuses a plain-http issuer off this machine, a bad domain or role, or an unknown workspace, changing nothing; turns sign-in off and on, audited", async () => {
    const before = await db.oidcSettings.findUniqueOrThrow({ where: { id: "default" } });
    const insecure = await runWithStdin(
      ["oidc", "configure", "--issuer", "http://login.example.com", "--client-id", "other", "--client-secret-stdin"],
      SECRET,
    );
    expect(insecure.code).toBe(1);
    expect(insecure.stderr).toContain("must be https");
    expect((await db.oidcSettings.findUniqueOrThrow({ where: { id: "default" } })).clientId).toBe(before.clientId);

    const workspace = await runCliJson<{ id: string }>(["workspace", "create", "--name", "SSO"]);
    const badDomain = await runCli(["oidc", "allow-domain", "--domain", "not a domain", "--workspace", workspace.id, "--role", "viewer"]);
    expect(badDomain.code).toBe(1);
    const badRole = await runCli(["oidc", "allow-domain", "--domain", "example.com", "--workspace", workspace.id, "--role", "god"]);
    expect(badRole.code).toBe(1);
    const unknown = await runCli(["oidc", "allow-domain", "--domain", "example.com", "--workspace", "org_nope", "--role", "viewer"]);
    expect(unknown.code).toBe(1);
    expect(await db.oidcDomain.count({ where: { domain: "example.com" } })).toBe(0);

    const allowed = await runCliJson(["oidc", "allow-domain", "--domain", "Example.COM", "--workspace", workspace.id, "--role", "viewer"]);
    expect(allowed).toEqual({ domain: "example.com", workspaceId: workspace.id, role: "viewer" });
    expect(await runCliJson(["oidc", "disallow-domain", "--domain", "example.com"])).toEqual({ removed: true });
    // Off and on again, keeping the settings; each change recorded once.
    const started = Date.now();
    expect(await runCliJson(["oidc", "disable"])).toEqual({ enabled: false, changed: true });
    expect(await runCliJson(["oidc", "show"])).toMatchObject({ configured: true, enabled: false, clientId: before.clientId });
    expect(await runCliJson(["oidc", "enable"])).toEqual({ enabled: true, changed: true });
    const switches = (await listAuditLog(sqlPool(handle), { installWide: true }, { limit: 100 })).data.filter(
      (e) => e.action === "oidc.enabled_changed" && e.actor.type === "operator" && Date.parse(e.at) >= started,
    );
    expect(switches.map((e) => e.changes)).toEqual([
      { enabled: true, changed: true },
      { enabled: false, changed: true },
    ]);
    expect(await runCliJson(["oidc", "remove"])).toEqual({ removed: true });
    expect(await runCliJson(["oidc", "show"])).toMatchObject({ configured: false });
    const nothingToEnable = await runCli(["oidc", "enable"]);
    expect(nothingToEnable.code).toBe(1);
    expect(nothingToEnable.stderr).toContain("No single sign-on provider is configured");
  });
});
