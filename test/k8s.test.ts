import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "@jest/globals";
import { INBOUND_MEMORY_PER_BYTE } from "@svc/core";
import { closeConnections, createProducerConnection, Producer, type QueueKey, queueLayout } from "@svc/queues";
import { parseAllDocuments } from "yaml";
import { TEST_REDIS_URL } from "./support/env.ts";
import { helmTemplate } from "./support/helm.ts";

/**
 * infra/k8s rendered by kustomize (kubectl's built-in) and the Helm chart (infra/helm/svc) by Go's
 * text/template with Helm's functions (infra/helm/render), each validated against the Kubernetes
 * and KEDA schemas (kubernetes-models), then checked for what the schemas cannot know: every app
 * has its probes, resources, disruption budget and a grace period longer than its shutdown; the
 * KEDA triggers read the very Redis keys BullMQ uses under QUEUE_PREFIX, one per shard (QUEUE_SHARDS).
 * The chart and the kustomize base must agree on every app, port, probe and budget.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const k8s = path.join(root, "infra/k8s");

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  // Read field by field in the checks below; the schemas have validated the shape.
  spec?: any;
  data?: Record<string, string>;
}

function render(dir: string): Manifest[] {
  let text: string;
  try {
    text = execFileSync("kubectl", ["kustomize", path.join(k8s, dir)], { encoding: "utf8" });
  } catch (error) {
    throw new Error(
      `kubectl kustomize ${dir} failed (kubectl ships kustomize; install kubectl to run this test): ${(error as Error).message}`,
    );
  }
  return parseAllDocuments(text).map((document) => unfoldSecretData(document.toJSON() as Manifest));
}

/**
 * kustomize folds long base64 values over several lines; the API server's decoder skips the
 * newlines, the schema's `byte` format does not. Validate what the server decodes.
 */
function unfoldSecretData(manifest: Manifest): Manifest {
  if (manifest.kind !== "Secret" || !manifest.data) return manifest;
  return { ...manifest, data: Object.fromEntries(Object.entries(manifest.data).map(([key, value]) => [key, value.replace(/\s+/g, "")])) };
}

/** The kubernetes-models (or KEDA models) class for a manifest's apiVersion and kind. */
async function modelOf(manifest: Manifest): Promise<new (data: unknown) => { validate(): void }> {
  const [group, version] = manifest.apiVersion.includes("/") ? manifest.apiVersion.split("/") : ["", manifest.apiVersion];
  const module =
    group === "keda.sh"
      ? `@kubernetes-models/keda/keda.sh/${version}`
      : group
        ? `kubernetes-models/${group}/${version}`
        : `kubernetes-models/${version}`;
  const models = (await import(module)) as Record<string, new (data: unknown) => { validate(): void }>;
  const model = models[manifest.kind];
  if (!model) throw new Error(`no model for ${manifest.apiVersion} ${manifest.kind}`);
  return model;
}

/** `helm template svc infra/helm/svc` with these values over the chart's. */
function renderChart(values: Record<string, unknown> = {}): Manifest[] {
  return parseAllDocuments(helmTemplate("svc", "svc", values))
    .map((document) => document.toJSON() as Manifest | null)
    .filter((manifest): manifest is Manifest => manifest !== null);
}

const CLUSTER_CONFIG = {
  REDIS_CLUSTER_NODES: "redis-cluster-0.redis-cluster.redis.svc:6379,redis-cluster-1.redis-cluster.redis.svc:6379",
  QUEUE_SHARDS: "3",
};
const overlays = {
  base: render("base"),
  example: render("overlays/example"),
  "redis-cluster": render("overlays/redis-cluster"),
  "helm chart": renderChart(),
  "helm chart on a Redis Cluster": renderChart({ config: CLUSTER_CONFIG }),
};
/**
 * The service's apps. The MCP server is not one: an agent's host starts it (stdio) with its own
 * key, or a team runs it beside its agents; it holds no state and reaches only the public API.
 */
const NOT_DEPLOYED = new Set(["mcp"]);
const APPS = readdirSync(path.join(root, "apps")).filter(
  (app) => existsSync(path.join(root, "apps", app, "src/main.ts")) && !NOT_DEPLOYED.has(app),
);
/** How long each app's shutdown may take (packages/runtime's default; the dispatcher's own). */
const SHUTDOWN_DEADLINE_S: Record<string, number> = { dispatcher: 20 };
const PORT_VARIABLE: Record<string, string> = {
  api: "API_PORT",
  ingest: "INGEST_PORT",
  dashboard: "DASHBOARD_PORT",
  sender: "SENDER_PORT",
  dispatcher: "DISPATCHER_PORT",
  smtp: "SMTP_HEALTH_PORT",
  inbound: "INBOUND_HEALTH_PORT",
};

const redis = createProducerConnection(TEST_REDIS_URL);
afterAll(() => closeConnections(redis));

describe.each(Object.entries(overlays))("infra/k8s %s", (_name, manifests) => {
  const byKind = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);
  const config = byKind("ConfigMap").find((map) => map.metadata.name.startsWith("svc-config"))!.data!;
  const deployment = (app: string) => byKind("Deployment").find((item) => item.metadata.name === `svc-${app}`);

  it("validates against the Kubernetes and KEDA schemas", async () => {
    expect(manifests.length).toBeGreaterThan(15);
    for (const manifest of manifests) {
      const Model = await modelOf(manifest);
      expect(() => new Model(manifest).validate()).not.toThrow();
    }
  });

  it.each(APPS)("has a Deployment for %s running its build, with probes, resources and a long enough grace period", (app) => {
    const found = deployment(app);
    expect(found).toBeDefined();
    const pod = found!.spec.template.spec;
    const container = pod.containers[0];
    expect(container.args).toEqual([`apps/${app}/dist/main.js`]);
    expect(container.readinessProbe.httpGet).toMatchObject({ path: "/readyz", port: "http" });
    expect(container.livenessProbe.httpGet).toMatchObject({ path: "/healthz", port: "http" });
    expect(container.ports).toContainEqual({ name: "http", containerPort: Number(config[PORT_VARIABLE[app]!]) });
    expect(container.resources.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources.limits.memory).toEqual(expect.any(String));
    const preStop = Number(container.lifecycle.preStop.exec.command[1]);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan((SHUTDOWN_DEADLINE_S[app] ?? 10) + preStop);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(found!.spec.template.metadata.annotations["prometheus.io/port"]).toBe(config[PORT_VARIABLE[app]!]);
  });

  it("protects every Deployment with a PodDisruptionBudget", () => {
    for (const item of byKind("Deployment")) {
      const labels = item.spec.template.metadata.labels;
      const budget = byKind("PodDisruptionBudget").find((pdb) =>
        Object.entries(pdb.spec.selector.matchLabels).every(([key, value]) => labels[key] === value),
      );
      expect(budget).toBeDefined();
    }
  });

  it("exposes api, ingest, dashboard and the SMTP relay as Services", () => {
    expect(
      byKind("Service")
        .map((service) => service.metadata.name)
        .sort(),
    ).toEqual(["svc-api", "svc-dashboard", "svc-ingest", "svc-smtp"]);
  });

  it("keeps SMTP clients' own addresses (externalTrafficPolicy: Local) and gives the relay room for its message budget", () => {
    const service = byKind("Service").find((item) => item.metadata.name === "svc-smtp")!;
    expect(service.spec.type).toBe("LoadBalancer");
    expect(service.spec.externalTrafficPolicy).toBe("Local");
    const limit = deployment("smtp")!.spec.template.spec.containers[0].resources.limits.memory as string;
    const mib = Number(/^(\d+)Mi$/.exec(limit)?.[1] ?? /^(\d+)Gi$/.exec(limit)?.[1]) * (limit.endsWith("Gi") ? 1024 : 1);
    expect(mib).toBeGreaterThanOrEqual(Number(config.SMTP_MESSAGE_BUDGET_MB) + 200);
    expect(config.SMTP_PROXY_PROTOCOL).toBe("");
  });

  it.each([
    ["inbound", "INBOUND_MESSAGE_BUDGET_MB"],
    ["ingest", "INGEST_RECEIVING_BUDGET_MB"],
  ])("gives %s room for its received-message budget (%s, two messages of the 40 MB limit)", (app, variable) => {
    const limit = deployment(app)!.spec.template.spec.containers[0].resources.limits.memory as string;
    const mib = Number(/^(\d+)Mi$/.exec(limit)?.[1] ?? /^(\d+)Gi$/.exec(limit)?.[1]) * (limit.endsWith("Gi") ? 1024 : 1);
    const budget = Number(config[variable]);
    expect(budget).toBeGreaterThanOrEqual(2 * 40 * INBOUND_MEMORY_PER_BYTE);
    expect(mib).toBeGreaterThanOrEqual(budget + 200);
  });

  it("runs the migrations as a Job with the built migration script", () => {
    const [job] = byKind("Job");
    expect(job!.spec.template.spec.containers[0].args).toEqual(["infra/dist/migrate.js"]);
    expect(job!.spec.template.spec.restartPolicy).toBe("Never");
  });

  it.each([
    ["sender", "sendEmail"],
    ["dispatcher", "webhookDelivery"],
  ] as Array<[string, QueueKey]>)(
    "scales %s with KEDA on the wait lists BullMQ uses under QUEUE_PREFIX, one per shard",
    async (app, queue) => {
      const scaled = byKind("ScaledObject").find((item) => item.spec.scaleTargetRef.name === `svc-${app}`);
      expect(scaled).toBeDefined();
      expect(deployment(app)).toBeDefined();
      const clusterNodes = config.REDIS_CLUSTER_NODES ? config.REDIS_CLUSTER_NODES.split(",") : [];
      const layout = queueLayout({
        QUEUE_PREFIX: config.QUEUE_PREFIX!,
        QUEUE_SHARDS: Number(config.QUEUE_SHARDS ?? 1),
        REDIS_CLUSTER_NODES: clusterNodes,
      });
      // KEDA's scaler for a Redis Cluster is its own trigger type.
      const type = clusterNodes.length > 0 ? "redis-cluster" : "redis";
      const lists = scaled!.spec.triggers.filter(
        (trigger: { type: string }) => trigger.type === "redis" || trigger.type === "redis-cluster",
      );
      expect(lists.map((trigger: { type: string }) => trigger.type)).toEqual(lists.map(() => type));
      const producer = new Producer(queue, redis, layout);
      try {
        expect(lists.map((trigger: { metadata: { listName: string } }) => trigger.metadata.listName).sort()).toEqual(
          producer.queues.map((shard) => shard.keys.wait).sort(),
        );
        if (queue === "sendEmail") {
          // Send jobs carry a priority, so they wait in BullMQ's `prioritized` sorted set, which
          // KEDA's Redis scaler cannot read: the sender also scales on it through its metric
          // (the sum over the shards).
          expect(producer.queues.map((shard) => shard.keys.prioritized)).toEqual(
            layout.shardPrefixes.map((prefix) => `${prefix}:send-email:prioritized`),
          );
          const prometheus = scaled!.spec.triggers.find((item: { type: string }) => item.type === "prometheus");
          expect(prometheus.metadata.query).toMatch(/svc_queue_jobs\{queue="send-email",state="prioritized"\}/);
          expect(Number(prometheus.metadata.threshold)).toBeGreaterThan(0);
        }
      } finally {
        await producer.close();
      }
      for (const trigger of lists) {
        // The address KEDA reads is the container's own environment.
        if (type === "redis") {
          expect(trigger.metadata.addressFromEnv).toBe("REDIS_ADDRESS");
          expect(config.REDIS_ADDRESS).toMatch(/^[^:]+:\d+$/);
        } else {
          expect(trigger.metadata.addressesFromEnv).toBe("REDIS_CLUSTER_NODES");
          for (const node of clusterNodes) expect(node).toMatch(/^[^:]+:\d+$/);
        }
        expect(Number(trigger.metadata.listLength)).toBeGreaterThan(0);
        const auth = byKind("TriggerAuthentication").find((item) => item.metadata.name === trigger.authenticationRef.name);
        const secretName = auth!.spec.secretTargetRef[0].name;
        expect(deployment(app)!.spec.template.spec.containers[0].envFrom).toContainEqual({ secretRef: { name: secretName } });
      }
    },
  );

  it("scales the API on CPU, and leaves replicas of KEDA's targets to KEDA", () => {
    const api = byKind("ScaledObject").find((item) => item.spec.scaleTargetRef.name === "svc-api");
    expect(api!.spec.triggers).toEqual([expect.objectContaining({ type: "cpu", metricType: "Utilization" })]);
    for (const scaled of byKind("ScaledObject"))
      expect(deployment(scaled.spec.scaleTargetRef.name.replace(/^svc-/, ""))!.spec.replicas).toBeUndefined();
  });
});

describe("infra/k8s example overlay", () => {
  const manifests = overlays.example;
  it("gives KEDA the Redis of REDIS_URL (host, port and database)", () => {
    const config = manifests.find((item) => item.kind === "ConfigMap")!.data!;
    const secret = manifests.find((item) => item.kind === "Secret")!;
    const redisUrl = new URL(Buffer.from(secret.data!.REDIS_URL!, "base64").toString("utf8"));
    expect(config.REDIS_ADDRESS).toBe(`${redisUrl.hostname}:${redisUrl.port || "6379"}`);
    for (const scaled of manifests.filter((item) => item.kind === "ScaledObject" && item.spec.triggers[0].type === "redis")) {
      expect(scaled.spec.triggers[0].metadata.databaseIndex).toBe(redisUrl.pathname.slice(1) || "0");
    }
  });

  it("puts everything in its namespace and names its image", () => {
    for (const item of manifests.filter((manifest) => manifest.kind !== "Namespace")) expect(item.metadata.namespace).toBe("svc");
    for (const item of manifests.filter((manifest) => manifest.kind === "Deployment")) {
      expect(item.spec.template.spec.containers[0].image).toBe("registry.example.com/svc:1.0.0");
    }
  });
});

describe("infra/helm/svc", () => {
  const chart = overlays["helm chart"];
  const base = overlays.base;
  const find = (manifests: Manifest[], kind: string, name: string) =>
    manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);

  it("has the kustomize base's apps, and for each the same ports, probes, resources, grace period, volumes and disruption budget", () => {
    const apps = (manifests: Manifest[]) =>
      manifests
        .filter((manifest) => manifest.kind === "Deployment")
        .map((manifest) => manifest.metadata.name)
        .sort();
    expect(apps(chart)).toEqual(apps(base));
    for (const name of apps(base)) {
      const [ours, theirs] = [find(chart, "Deployment", name)!, find(base, "Deployment", name)!];
      const [pod, basePod] = [ours.spec.template.spec, theirs.spec.template.spec];
      const [container, baseContainer] = [pod.containers[0], basePod.containers[0]];
      for (const field of [
        "args",
        "ports",
        "startupProbe",
        "livenessProbe",
        "readinessProbe",
        "lifecycle",
        "resources",
        "securityContext",
        "volumeMounts",
      ]) {
        expect({ name, field, value: container[field] }).toEqual({ name, field, value: baseContainer[field] });
      }
      for (const field of ["terminationGracePeriodSeconds", "securityContext", "volumes"]) {
        expect({ name, field, value: pod[field] }).toEqual({ name, field, value: basePod[field] });
      }
      expect(ours.spec.template.metadata.annotations).toEqual(theirs.spec.template.metadata.annotations);
      expect(ours.spec.replicas).toEqual(theirs.spec.replicas);
      const budget = ({ spec: { selector: _selector, ...rest } }: Manifest) => rest;
      expect(budget(find(chart, "PodDisruptionBudget", name)!)).toEqual(budget(find(base, "PodDisruptionBudget", name)!));
    }
  });

  it("has the base's Services, ports and traffic policy, its configuration and its KEDA triggers", () => {
    for (const service of base.filter((manifest) => manifest.kind === "Service")) {
      const { selector: _ours, ...ours } = find(chart, "Service", service.metadata.name)!.spec;
      const { selector: _theirs, ...theirs } = service.spec;
      expect({ type: "ClusterIP", ...ours }).toEqual({ type: "ClusterIP", ...theirs });
    }
    expect(chart.filter((manifest) => manifest.kind === "Service")).toHaveLength(
      base.filter((manifest) => manifest.kind === "Service").length,
    );
    expect(find(chart, "ConfigMap", "svc-config")!.data).toEqual(find(base, "ConfigMap", "svc-config")!.data);
    for (const scaled of base.filter((manifest) => manifest.kind === "ScaledObject")) {
      expect(find(chart, "ScaledObject", scaled.metadata.name)!.spec).toEqual(scaled.spec);
    }
  });

  it("runs the migrations as a hook before every install and upgrade, replacing the previous Job", () => {
    const job = find(chart, "Job", "svc-migrate")!;
    expect(job.metadata).toMatchObject({
      annotations: { "helm.sh/hook": "pre-install,pre-upgrade", "helm.sh/hook-delete-policy": "before-hook-creation" },
    });
    expect(job.spec.template.spec.containers[0]).toMatchObject({
      args: ["infra/dist/migrate.js"],
      envFrom: [{ secretRef: { name: "svc-secrets" } }],
    });
    // A pre-install hook runs before the chart's ServiceAccount exists.
    expect(job.spec.template.spec.serviceAccountName).toBeUndefined();
  });

  it("holds no secret: every process reads the existing Secret it is told of, and the chart refuses to render without one", () => {
    const chartWith = renderChart({ existingSecret: "mail-secrets" });
    expect(chartWith.filter((manifest) => manifest.kind === "Secret")).toEqual([]);
    for (const deployment of chartWith.filter((manifest) => manifest.kind === "Deployment")) {
      expect(deployment.spec.template.spec.containers[0].envFrom).toContainEqual({ secretRef: { name: "mail-secrets" } });
    }
    expect(() => renderChart({ existingSecret: "" })).toThrow(/existingSecret: the Secret holding DATABASE_URL/);
  });

  it("without KEDA runs each app's replicas and renders no ScaledObject; with IRSA annotates the ServiceAccount", () => {
    const plain = renderChart({
      keda: { enabled: false },
      serviceAccount: { annotations: { "eks.amazonaws.com/role-arn": "arn:aws:iam::123456789012:role/svc" } },
      image: { repository: "registry.example.com/svc", tag: "2.0.0" },
    });
    expect(plain.filter((manifest) => manifest.kind === "ScaledObject" || manifest.kind === "TriggerAuthentication")).toEqual([]);
    const deployments = plain.filter((manifest) => manifest.kind === "Deployment");
    for (const deployment of deployments) {
      expect(deployment.spec.replicas).toBeGreaterThanOrEqual(1);
      expect(deployment.spec.template.spec.containers[0].image).toBe("registry.example.com/svc:2.0.0");
    }
    expect(find(plain, "ServiceAccount", "svc")!.metadata).toMatchObject({
      annotations: { "eks.amazonaws.com/role-arn": "arn:aws:iam::123456789012:role/svc" },
    });
  });
});
