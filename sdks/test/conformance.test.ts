import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { newId } from "@svc/db";
import { type ConformanceEnv, typescriptScenarios } from "../../packages/sdk/test/conformanceScenarios.ts";
import { testEnv } from "../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../test/support/fixtures.ts";
import { freePort, type RunningApp, startApp } from "../../test/support/stack.ts";
import { type ConformanceProxy, startConformanceProxy } from "./conformanceProxy.ts";
import { goTestOutcomes, junitTreeOutcomes, minitestOutcomes, type Outcome, phpunitOutcomes, run, unittestOutcomes } from "./runners.ts";

// Each SDK's own test runner, run against the real API and dispatcher: every scenario of
// sdks/conformance/scenarios.json must be reported passed by name. A scenario missing from the
// runner's output, skipped or failed fails here.

const sdks = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const openapi = path.resolve(sdks, "../docs/openapi.json");
const scenarioIds: string[] = JSON.parse(readFileSync(path.join(sdks, "conformance/scenarios.json"), "utf8")).scenarios.map(
  (scenario: { id: string }) => scenario.id,
);
// Go runs offline: no module proxy, no newer toolchain download.
const GO_ENV = { GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local", GOSUMDB: "off" };
const PYTHON_TESTS = ["-m", "unittest", "-v", "tests.test_offline", "conformance.test_conformance"];
// PHP and Ruby: every test file in one run (offline and conformance).
const PHPUNIT_TESTS = ["--teamcity", "--do-not-cache-result"];
const MINITEST_TESTS = ["-Ilib", "test/all.rb", "-v"];

const handle = openTestDb();
let apps: RunningApp[] = [];
let fx: WorkspaceFixture;
let proxy: ConformanceProxy;
let env: Record<string, string>;

beforeAll(async () => {
  // The API and the dispatcher (for the webhook scenario) on one queue prefix, started side by side.
  const shared = testEnv({
    API_PORT: String(await freePort()),
    DISPATCHER_PORT: String(await freePort()),
    RETENTION_INTERVAL_SECONDS: "0",
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  });
  const [api, dispatcher, workspace] = await Promise.allSettled([
    startApp("api", shared, "API_PORT"),
    startApp("dispatcher", shared, "DISPATCHER_PORT"),
    createWorkspaceFixture(handle),
  ]);
  apps = [api, dispatcher].flatMap((started) => (started.status === "fulfilled" ? [started.value] : []));
  for (const started of [api, dispatcher, workspace]) if (started.status === "rejected") throw started.reason;
  fx = (workspace as PromiseFulfilledResult<WorkspaceFixture>).value;
  // Only a recipient's one-click link adds a topic suppression: the topic-suppressions scenario's rows, one address per SDK.
  for (const sdk of ["typescript", "python", "go", "php", "ruby", "java"]) {
    for (const topic of ["digest", "news.letter"]) {
      await handle.prisma.topicSuppression.create({
        data: { id: newId("topicSuppression"), workspaceId: fx.workspaceId, topic, address: `${sdk}+x/y?z@example.org` },
      });
    }
  }
  const apiUrl = (api as PromiseFulfilledResult<RunningApp>).value.url;
  proxy = await startConformanceProxy(apiUrl);
  env = {
    SVC_CONFORMANCE_BASE_URL: apiUrl,
    SVC_CONFORMANCE_PROXY_URL: proxy.url,
    SVC_CONFORMANCE_KEY_SEND_ONLY: fx.keys["send-only"],
    SVC_CONFORMANCE_KEY_READ_ONLY: fx.keys["read-only"],
    SVC_CONFORMANCE_KEY_FULL_ACCESS: fx.keys["full-access"],
    SVC_CONFORMANCE_DOMAIN: fx.domain,
    SVC_OPENAPI: openapi,
    ...GO_ENV,
  };
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await Promise.all(apps.map((app) => app.stop()));
  await handle.close();
});

function expectEveryScenarioPassed(outcomes: Map<string, Outcome>, output: string): void {
  const verdicts = Object.fromEntries(scenarioIds.map((id) => [id, outcomes.get(id) ?? "missing"]));
  const expected = Object.fromEntries(scenarioIds.map((id) => [id, "pass"]));
  if (JSON.stringify(verdicts) !== JSON.stringify(expected)) console.error(output.slice(-8000));
  expect(verdicts).toEqual(expected);
}

/** A copy of the document with one operation more, which no SDK has a method for. */
function documentWithAnExtraOperation(): { file: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "svc-sdk-coverage-"));
  const document = JSON.parse(readFileSync(openapi, "utf8"));
  document.paths["/emails/{id}/archive"] = {
    post: {
      operationId: "archiveEmail",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      responses: {},
    },
  };
  const file = path.join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(document));
  return { file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

describe("the SDK conformance suite against the real API and dispatcher", () => {
  it("Python: every scenario passes under python3 -m unittest", async () => {
    const result = await run("python3", PYTHON_TESTS, path.join(sdks, "python"), env);
    console.log(`python conformance: ${result.ms} ms`);
    expectEveryScenarioPassed(unittestOutcomes(result.output), result.output);
    expect(result.code).toBe(0);
  }, 240_000);

  it("Python: the in-tree build backend makes a wheel that imports (what pip install runs, offline)", async () => {
    // pip itself takes seconds to start here; the backend is what `pip install ./sdks/python` calls.
    const target = mkdtempSync(path.join(os.tmpdir(), "svc-sdk-wheel-"));
    try {
      const build = `import sys; sys.path.insert(0, "_build"); import backend; print(backend.build_wheel(sys.argv[1]))`;
      const built = await run("python3", ["-c", build, target], path.join(sdks, "python"), {});
      expect(built.code).toBe(0);
      const wheel = path.join(target, built.output.trim());
      expect(path.basename(wheel)).toBe("svc_email-0.1.0-py3-none-any.whl");
      // A pure-Python wheel imports straight from its zip: everything the package needs is in it.
      const imported = await run("python3", ["-c", "import svc_email, svc_email.webhooks; print(svc_email.__file__)"], os.tmpdir(), {
        PYTHONPATH: wheel,
      });
      expect(imported.output.trim()).toBe(path.join(wheel, "svc_email", "__init__.py"));
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });

  it("Go: every scenario passes under go test", async () => {
    const result = await run("go", ["test", "-tags", "conformance", "-count=1", "-v", "./..."], path.join(sdks, "go"), env);
    console.log(`go conformance: ${result.ms} ms`);
    expectEveryScenarioPassed(goTestOutcomes(result.output), result.output);
    expect(result.code).toBe(0);
  }, 240_000);

  it("each coverage test fails, naming it, when the document has an operation the SDK lacks", async () => {
    const extra = documentWithAnExtraOperation();
    try {
      const overrides = { ...env, SVC_OPENAPI: extra.file };
      const python = await run(
        "python3",
        ["-m", "unittest", "-v", "tests.test_offline.Offline.test_coverage"],
        path.join(sdks, "python"),
        overrides,
      );
      expect(unittestOutcomes(python.output).get("coverage")).toBe("fail");
      expect(python.output).toContain("archiveEmail");
      const go = await run("go", ["test", "-count=1", "-v", "-run", "TestOffline/coverage", "."], path.join(sdks, "go"), overrides);
      expect(goTestOutcomes(go.output).get("coverage")).toBe("fail");
      expect(go.output).toContain("archiveEmail");
    } finally {
      extra.cleanup();
    }
  }, 240_000);

  // --- Java: sdks/java/run-tests.sh compiles once (javac against Debian's jars) and runs JUnit 5's console launcher ---

  it("Java: every scenario passes under JUnit 5", async () => {
    const result = await run("bash", [path.join(sdks, "java/run-tests.sh")], path.join(sdks, "java"), env);
    console.log(`java conformance: ${result.ms} ms`);
    expectEveryScenarioPassed(junitTreeOutcomes(result.output), result.output);
    expect(result.code).toBe(0);
  }, 240_000);

  it("Java: the coverage test fails, naming it, when the document has an operation the SDK lacks", async () => {
    const extra = documentWithAnExtraOperation();
    try {
      const java = await run(
        "bash",
        [path.join(sdks, "java/run-tests.sh"), "--select-method", "io.github.svcemail.OfflineTest#coverage"],
        path.join(sdks, "java"),
        { ...env, SVC_OPENAPI: extra.file },
      );
      expect(junitTreeOutcomes(java.output).get("coverage")).toBe("fail");
      expect(java.output).toContain("archiveEmail");
    } finally {
      extra.cleanup();
    }
  }, 240_000);
});

// --- TypeScript: packages/sdk, in this process (its scenarios by id in packages/sdk/test/conformanceScenarios.ts) ---

describe("the TypeScript SDK against the same scenarios", () => {
  it("answers every scenario id, and no other", () => {
    expect(Object.keys(typescriptScenarios).sort()).toEqual([...scenarioIds].sort());
  });

  it.each(scenarioIds)(
    "%s",
    async (id) => {
      const scenario = typescriptScenarios[id];
      if (!scenario) throw new Error(`the TypeScript SDK has no scenario ${id}`);
      await scenario(env as unknown as ConformanceEnv);
    },
    60_000,
  );

  it("its coverage check fails, naming it, when the document has an operation the SDK lacks", async () => {
    const extra = documentWithAnExtraOperation();
    try {
      const coverage = typescriptScenarios.coverage!({ ...(env as unknown as ConformanceEnv), SVC_OPENAPI: extra.file });
      await expect(coverage).rejects.toThrow(/archiveEmail/);
    } finally {
      extra.cleanup();
    }
  });
});

// PHP and Ruby (sdks/php, sdks/ruby): the same service, scenarios and coverage proof.
describe("the PHP and Ruby SDKs against the same API and dispatcher", () => {
  it("PHP: every scenario passes under phpunit", async () => {
    const result = await run("phpunit", PHPUNIT_TESTS, path.join(sdks, "php"), env);
    console.log(`php conformance: ${result.ms} ms`);
    expectEveryScenarioPassed(phpunitOutcomes(result.output), result.output);
    expect(result.code).toBe(0);
  }, 240_000);

  it("Ruby: every scenario passes under minitest", async () => {
    const result = await run("ruby", MINITEST_TESTS, path.join(sdks, "ruby"), env);
    console.log(`ruby conformance: ${result.ms} ms`);
    expectEveryScenarioPassed(minitestOutcomes(result.output), result.output);
    expect(result.code).toBe(0);
  }, 240_000);

  it("Ruby: gem build packs a gem that installs offline and loads", async () => {
    const target = mkdtempSync(path.join(os.tmpdir(), "svc-sdk-gem-"));
    try {
      const built = await run(
        "gem",
        ["build", "svc_email.gemspec", "--output", path.join(target, "svc-email.gem")],
        path.join(sdks, "ruby"),
        {},
      );
      expect(built.code).toBe(0);
      const installed = await run(
        "gem",
        ["install", "--local", "--no-document", "--install-dir", target, path.join(target, "svc-email.gem")],
        target,
        {},
      );
      expect(installed.code).toBe(0);
      const loaded = await run(
        "ruby",
        ["-e", 'require "svc_email"; print SvcEmail::Client.instance_method(:operation_methods).source_location[0]'],
        target,
        {
          GEM_HOME: target,
          GEM_PATH: target,
        },
      );
      expect(loaded.output).toBe(path.join(target, "gems/svc-email-0.1.0/lib/svc_email/client.rb"));
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  }, 120_000);

  it("the PHP and Ruby coverage tests fail, naming it, when the document has an operation the SDK lacks", async () => {
    const extra = documentWithAnExtraOperation();
    try {
      const overrides = { ...env, SVC_OPENAPI: extra.file };
      const [php, ruby] = await Promise.all([
        run("phpunit", [...PHPUNIT_TESTS, "--filter", "OfflineTest::test_coverage"], path.join(sdks, "php"), overrides),
        run("ruby", ["-Ilib", "test/test_offline.rb", "-v", "-n", "test_coverage"], path.join(sdks, "ruby"), overrides),
      ]);
      expect(phpunitOutcomes(php.output).get("coverage")).toBe("fail");
      expect(php.output).toContain("archiveEmail");
      expect(minitestOutcomes(ruby.output).get("coverage")).toBe("fail");
      expect(ruby.output).toContain("archiveEmail");
    } finally {
      extra.cleanup();
    }
  }, 240_000);
});
