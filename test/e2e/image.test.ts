import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv, webhookSecretEnv } from "@svc/config";
import {
  addInboundRoute,
  addReceivingDomain,
  createDnsResolver,
  createWebhookSubscription,
  EVENT_TYPES,
  SecretBox,
  verifyReceivingDomain,
} from "@svc/core";
import { verifyWebhook } from "@svc/webhooks";
import { z } from "zod";
import { composeDown, composeUp, readComposeFile } from "../../infra/scripts/compose-up.ts";
import {
  buildImage,
  IMAGE_CACHE,
  IMAGE_REPOSITORY,
  imageExists,
  imageInputsHash,
  imageSize,
  passedRecord,
  podmanRunArgs,
} from "../../infra/scripts/containers.ts";
import { startDnsServer, type TestDnsServer } from "../support/dns-server.ts";
import { TEST_DATABASE_URL, TEST_REDIS_URL } from "../support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { type AppName, freePort, type Stack, startStack } from "../support/stack.ts";
import { queuedIdIn, swaks } from "../support/swaks.ts";

/**
 * The production image (infra/docker/Dockerfile) built with buildah and run with podman: the
 * migration, then every app from its bundle in its own container against the local PostgreSQL
 * and Redis, and one email each through the REST API, the SMTP relay and the MX receiver reaching
 * a signed webhook; what the image holds (no compiler, no development dependency, a non-root user)
 * and its size. A build takes minutes, so it runs when the image's inputs changed since the last
 * image that passed (infra/scripts/containers.ts, IMAGE_INPUTS); otherwise that image is run.
 */
const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const APPS: AppName[] = ["ingest", "api", "sender", "dispatcher", "dashboard", "smtp", "inbound"];
/** What the image holds is a Debian base (about 190 MB), the runtime packages and one bundle per process with its source map. */
const MAX_IMAGE_BYTES = 800 * 1024 * 1024;
const COMPILERS = ["gcc", "cc", "g++", "c++", "make", "python3", "tsc", "esbuild"];

const TESTS = 10;
const hash = imageInputsHash();
const image = `${IMAGE_REPOSITORY}:${hash}`;
const handle = openTestDb();
let stack: Stack;
let fx: WorkspaceFixture;
let dns: TestDnsServer;
let receiver: Server;
let secret: string;
let receivingDomain: string;
/** Tests that passed: all of them, and the image's inputs are recorded as passing. */
let passed = 0;
const hooks: Array<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> = [];

/** A command in the image (its entrypoint replaced), answered with its output. */
async function inImage(script: string): Promise<string> {
  const { stdout } = await run("podman", [...podmanRunArgs(), "--entrypoint", "sh", image, "-c", script], { maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const hookFor = (id: string, type: string) =>
  waitFor(`the ${type} webhook of ${id}`, async () =>
    hooks.find((hook) => hook.headers["x-service-event-type"] === type && hook.body.toString().includes(id)),
  );

beforeAll(async () => {
  if (existsSync(passedRecord(hash)) && imageExists(image)) {
    process.stdout.write(
      `\n*** image test: the image of these inputs (${hash}) passed on ${readFileSync(passedRecord(hash), "utf8").trim()}; not rebuilt, run again as ${image} ***\n\n`,
    );
  } else {
    const started = Date.now();
    const built = await buildImage({ tag: image });
    if (built.code !== 0) throw new Error(`buildah could not build the image:\n${built.output.slice(-8_000)}`);
    process.stdout.write(`\n*** image test: built ${image} in ${Math.round((Date.now() - started) / 1000)} s ***\n\n`);
  }

  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      hooks.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  dns = await startDnsServer();

  // The migration first, as a deployment runs it.
  const migrated = await run("podman", [...podmanRunArgs(), "--env", `DATABASE_URL=${TEST_DATABASE_URL}`, image, "infra/dist/migrate.js"]);
  expect(migrated.stdout).toContain(`Database ready: ${new URL(TEST_DATABASE_URL).pathname.slice(1)}`);

  stack = await startStack({
    apps: APPS,
    runtime: { image },
    env: {
      INBOUND_PORT: String(await freePort()),
      DNS_SERVERS: dns.address,
      DNS_TIMEOUT_MS: "500",
      INBOUND_HOSTNAME: "mx.svc.test",
      LOG_LEVEL: "warn",
    },
  });
  fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
  const box = new SecretBox(loadEnv(z.object(webhookSecretEnv), stack.env).WEBHOOK_SECRET_KEY);
  ({ secret } = await createWebhookSubscription(
    handle.prisma,
    box,
    {
      workspaceId: fx.workspaceId,
      url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`,
      events: [...EVENT_TYPES],
    },
    { allowPrivate: true },
  ));

  // A receiving domain, verified through the test DNS server, with a route for support@.
  receivingDomain = `in.${fx.domain}`;
  let domain = await addReceivingDomain(
    handle.prisma,
    { workspaceId: fx.workspaceId, domain: receivingDomain },
    { mxHost: "mx.svc.test", region: "us-east-1" },
  );
  const ownership = domain.records.find((record) => record.purpose === "ownership")!;
  dns.setTxt(ownership.name, [ownership.value]);
  dns.setMx(receivingDomain, [{ priority: 10, exchange: "mx.svc.test" }]);
  domain = await verifyReceivingDomain(handle.prisma, domain.id, {
    resolver: createDnsResolver({ servers: [dns.address], timeoutMs: 500 }),
    workspaceId: fx.workspaceId,
  });
  expect(domain.status).toBe("verified");
  await addInboundRoute(handle.prisma, { receivingDomainId: domain.id, address: "support", workspaceId: fx.workspaceId });
}, 40 * 60_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  await dns?.close();
  await handle.close();
});

describe("the production image (buildah build, podman run)", () => {
  it("runs as the unprivileged node user", async () => {
    const { stdout } = await run("podman", ["image", "inspect", "--format", "{{.Config.User}}", image]);
    expect(stdout.trim()).toBe("node");
    expect((await inImage("id -u; id -un")).trim().split("\n")).toEqual(["1000", "node"]);
    passed++;
  });

  it("holds no compiler or build tool", async () => {
    const found = await inImage(
      `for tool in ${COMPILERS.join(" ")}; do command -v "$tool" || true; done; ls /usr/bin | grep -E '^(gcc|g\\+\\+|cc|clang|python3)' || true`,
    );
    expect(found.trim()).toBe("");
    passed++;
  });

  it("holds only the root's runtime dependencies: no development dependency in node_modules", async () => {
    const [top, store] = (await inImage("cd /app/node_modules && ls -d -- * @*/* 2>/dev/null; echo ---; ls -1 .pnpm"))
      .split("---")
      .map((part) => part.split("\n").filter(Boolean));
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    const devOnly = Object.keys(manifest.devDependencies).filter((name) => !name.startsWith("@svc/") && name !== "@prisma/client");
    const forbidden = [...devOnly, "jest", "typescript", "@swc/core", "@biomejs/biome", "esbuild", "tsx", "ts-node"];
    // At the top level a package is `<name>` or `@scope/name`; in the virtual store `<name>@<version>…` or `@scope+name@<version>…`.
    const present = forbidden.filter(
      (name) => top!.includes(name) || store!.some((entry) => entry.startsWith(`${name.replace("/", "+")}@`)),
    );
    expect(present).toEqual([]);
    // The runtime ones are there: the argon2 addon, the driver, and the migration tool (prisma's CLI runs `migrate deploy`).
    expect(top).toEqual(expect.arrayContaining(["argon2", "pg", "prisma", "tinypool", "@prisma/adapter-pg"]));
    passed++;
  });

  it("reports its size, within what its contents need", () => {
    const bytes = imageSize(image);
    process.stdout.write(`*** image test: ${image} is ${(bytes / 1024 / 1024).toFixed(0)} MB ***\n`);
    expect(bytes).toBeGreaterThan(150 * 1024 * 1024);
    expect(bytes).toBeLessThan(MAX_IMAGE_BYTES);
    passed++;
  });

  it("runs every app from its bundle, in containers of the image", () => {
    for (const app of APPS) {
      const child = stack.apps[app]!.child;
      expect(child.spawnargs).toEqual(expect.arrayContaining([image, `apps/${app}/dist/main.js`]));
    }
    passed++;
  });

  it("carries an email sent through the REST API to a signed webhook", async () => {
    const sent = await fetch(`${stack.apiUrl}/emails`, {
      method: "POST",
      headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
      body: JSON.stringify({ from: `Acme <hello@${fx.domain}>`, to: ["someone@example.com"], subject: "From the image", text: "Hi" }),
    });
    expect(sent.status).toBe(202);
    const { id } = (await sent.json()) as { id: string };
    const hook = await hookFor(id, "delivered");
    expect(verifyWebhook({ rawBody: hook.body, headers: hook.headers, secret })).toMatchObject({ ok: true });
    passed++;
  });

  it("carries an email sent through the SMTP relay (STARTTLS, key as password) to a signed webhook", async () => {
    const relay = await swaks([
      "--server",
      "127.0.0.1",
      "--port",
      stack.env.SMTP_PORT!,
      "--tls",
      "--tls-verify",
      "--tls-ca-path",
      path.join(stack.env.SMTP_TLS_DIR!, "tls-localhost.pem"),
      "--auth",
      "PLAIN",
      "--auth-user",
      "svc",
      "--auth-password",
      fx.keys["send-only"],
      "--from",
      `hello@${fx.domain}`,
      "--to",
      "someone+smtp@example.com",
      "--header",
      "Subject: Relayed from the image",
    ]);
    expect(relay.code).toBe(0);
    const id = queuedIdIn(relay.transcript);
    const hook = await hookFor(id, "delivered");
    expect(verifyWebhook({ rawBody: hook.body, headers: hook.headers, secret })).toMatchObject({ ok: true });
    passed++;
  });

  it("carries mail received by the MX receiver to a signed webhook", async () => {
    const subject = `Inbound ${Date.now()}`;
    const received = await swaks([
      "--server",
      "127.0.0.1",
      "--port",
      stack.env.INBOUND_PORT!,
      "--helo",
      "client.test",
      "--from",
      "customer@example.org",
      "--to",
      `support@${receivingDomain}`,
      "--header",
      `Subject: ${subject}`,
    ]);
    expect(received.code).toBe(0);
    const inboundId = /stored as (inb_[A-Za-z0-9]+)/.exec(received.replies.join("\n"))?.[1];
    expect(inboundId).toBeDefined();
    const hook = await hookFor(inboundId!, "received");
    expect(verifyWebhook({ rawBody: hook.body, headers: hook.headers, secret })).toMatchObject({ ok: true });
    passed++;
  });
});

describe("a Dockerfile with a COPY removed", () => {
  it(
    "builds (its other layers from the cache) but fails the smoke: the migration cannot start",
    async () => {
      const dockerfile = readFileSync(path.join(root, "infra/docker/Dockerfile"), "utf8");
      const removed = "COPY --from=build /out ./\n";
      expect(dockerfile).toContain(removed);
      const broken = path.join(os.tmpdir(), `svc-Dockerfile-without-out-${process.pid}`);
      writeFileSync(broken, dockerfile.replace(removed, ""));
      const tag = `${IMAGE_REPOSITORY}:${hash}-without-out`;
      const built = await buildImage({ dockerfile: broken, tag });
      expect(built.code).toBe(0);
      const migrated = await run("podman", [
        ...podmanRunArgs(),
        "--env",
        `DATABASE_URL=${TEST_DATABASE_URL}`,
        tag,
        "infra/dist/migrate.js",
      ]).then(
        () => ({ code: 0, stderr: "" }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(migrated.code).not.toBe(0);
      expect(migrated.stderr).toContain("Cannot find module '/app/infra/dist/migrate.js'");
      await run("podman", ["rmi", "--force", tag]);
      passed++;
    },
    20 * 60_000,
  );
});

describe("docker compose up (docker-compose.yml's services started with podman by infra/scripts/compose-up.ts)", () => {
  const project = `svc-test-${process.pid}`;
  afterAll(() => composeDown(project));

  it("carries an email sent through the REST API to a signed webhook", async () => {
    // The containers above stop first: the compose file's apps listen on their own ports.
    await stack.stop();
    const webhookKey = loadEnv(z.object(webhookSecretEnv), stack.env).WEBHOOK_SECRET_KEY;
    // The compose file requires it from the environment (\${WEBHOOK_SECRET_KEY:?…}).
    process.env.WEBHOOK_SECRET_KEY = webhookKey;
    const started = composeUp(
      {
        image,
        // No registry here for the postgres and redis images: the machine's own, under those names.
        useHost: ["postgres", "redis"],
        // This test's database and Redis db, and its receiver on 127.0.0.1.
        env: {
          DATABASE_URL: TEST_DATABASE_URL,
          REDIS_URL: TEST_REDIS_URL,
          WEBHOOK_ALLOW_PRIVATE_URLS: "true",
          DOMAIN_RECHECK_INTERVAL_HOURS: "0",
        },
        project,
      },
      () => {},
    );
    expect(started.map((name) => name.replace(`${project}_`, ""))).toEqual([
      "api",
      "ingest",
      "sender",
      "dispatcher",
      "dashboard",
      "smtp",
      "inbound",
    ]);
    const apiPort = readComposeFile().api!.ports![0]!.split(":")[0];
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await waitFor("the compose api", async () => ((await fetch(`${apiUrl}/healthz`).catch(() => undefined))?.ok ? true : undefined));
    const sent = await fetch(`${apiUrl}/emails`, {
      method: "POST",
      headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
      body: JSON.stringify({ from: `Acme <hello@${fx.domain}>`, to: ["someone@example.com"], subject: "From compose", text: "Hi" }),
    });
    expect(sent.status).toBe(202);
    const { id } = (await sent.json()) as { id: string };
    const hook = await hookFor(id, "delivered");
    expect(verifyWebhook({ rawBody: hook.body, headers: hook.headers, secret })).toMatchObject({ ok: true });
    passed++;
  }, 180_000);
});

afterAll(() => {
  // Every test above passed with this image: the next run with the same inputs need not rebuild it.
  if (passed === TESTS) {
    mkdirSync(IMAGE_CACHE, { recursive: true });
    writeFileSync(passedRecord(hash), `${new Date().toISOString()} (${os.hostname()})\n`);
  }
});
