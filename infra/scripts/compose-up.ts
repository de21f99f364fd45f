import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { buildImage, IMAGE_REPOSITORY, podmanRunArgs } from "./containers.ts";

const HELP = `Usage: tsx infra/scripts/compose-up.ts [options]        starts docker-compose.yml's services with podman
       tsx infra/scripts/compose-up.ts down [--project NAME]  removes them

What \`docker compose up -d\` does with docker-compose.yml, for machines with podman 4.3 (no compose
built in) and no registry: the services built from infra/docker/Dockerfile run from one image
(built with buildah unless --image names one), in the order their depends_on gives (a
service_completed_successfully dependency runs to its end first), with their command, environment
(\${VAR:-default} and \${VAR:?message} taken from this process's environment) and named volumes.
Every container is on the host's network: each service's name resolves to 127.0.0.1 and each app
listens on its own port (the ports: lines are those ports).

Options:
  --image IMAGE        run this image instead of building one
  --use-host NAMES     services (comma-separated, e.g. postgres,redis) not started: the machine's own
                       ones, reached under the service's name
  --env KEY=VALUE      set for every service started (repeatable), over the file's value
  --project NAME       names the containers and volumes (default svc)
  --help               this text`;

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition?: string }> | string[];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Compose's interpolation of ${VAR}, ${VAR:-default} and ${VAR:?message}. */
export function interpolate(value: string, env: NodeJS.ProcessEnv): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind?: string, rest?: string) => {
    const set = env[name];
    if (set !== undefined && set !== "") return set;
    if (kind === "-") return rest ?? "";
    if (kind === "?") throw new Error(`${name}: ${rest}`);
    return "";
  });
}

/** Services in an order that starts each one after those it depends on. */
export function startOrder(services: Record<string, Service>): string[] {
  const ordered: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name)) return;
    if (path.includes(name)) throw new Error(`depends_on cycle: ${[...path, name].join(" → ")}`);
    for (const dependency of dependencies(services[name]!)) visit(dependency, [...path, name]);
    ordered.push(name);
  };
  for (const name of Object.keys(services)) visit(name, []);
  return ordered;
}

function dependencies(service: Service): string[] {
  const dependsOn = service.depends_on ?? {};
  return Array.isArray(dependsOn) ? dependsOn : Object.keys(dependsOn);
}

export function readComposeFile(file = path.join(root, "docker-compose.yml")): Record<string, Service> {
  return (parse(readFileSync(file, "utf8"), { merge: true }) as { services: Record<string, Service> }).services;
}

export interface ComposeOptions {
  image: string;
  useHost: string[];
  env: Record<string, string>;
  project: string;
}

/** Starts the services; answers the names of the containers left running. */
export function composeUp(options: ComposeOptions, log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): string[] {
  const services = readComposeFile();
  const hosts = Object.keys(services).flatMap((name) => ["--add-host", `${name}:127.0.0.1`]);
  const running: string[] = [];
  for (const name of startOrder(services)) {
    if (options.useHost.includes(name)) {
      log(`${name}: the machine's own (not started)`);
      continue;
    }
    const service = services[name]!;
    const image = service.build ? options.image : service.image;
    if (!image) throw new Error(`${name}: neither build nor image`);
    const environment = Object.fromEntries(
      Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), process.env)]),
    );
    Object.assign(environment, options.env);
    const volumes = (service.volumes ?? []).flatMap((volume) => {
      const [source, target] = volume.split(":");
      return ["--volume", `${source!.startsWith(".") || source!.startsWith("/") ? source : `${options.project}_${source}`}:${target}`];
    });
    const runOnce = Object.values(services).some((other) => {
      const dependsOn = other.depends_on;
      return !Array.isArray(dependsOn) && dependsOn?.[name]?.condition === "service_completed_successfully";
    });
    const container = `${options.project}_${name}`;
    const args = [
      ...podmanRunArgs().filter((arg) => arg !== "--rm"),
      ...(runOnce ? ["--rm"] : ["--detach"]),
      "--name",
      container,
      "--label",
      `svc.compose.project=${options.project}`,
      ...hosts,
      ...Object.entries(environment).flatMap(([key, value]) => ["--env", `${key}=${value}`]),
      ...volumes,
      image,
      ...(service.command ?? []),
    ];
    log(`${name}: ${runOnce ? "running to its end" : "starting"} (${service.command?.join(" ") ?? image})`);
    const result = spawnSync("podman", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    if (result.status !== 0) throw new Error(`${name} failed (${result.status}):\n${result.stdout}${result.stderr}`);
    if (!runOnce) running.push(container);
  }
  return running;
}

/** Removes the project's containers (and keeps its volumes, as `docker compose down` does). */
export function composeDown(project: string): void {
  const ids = execFileSync("podman", ["ps", "-aq", "--filter", `label=svc.compose.project=${project}`], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  if (ids.length > 0) execFileSync("podman", ["rm", "-f", "-t", "10", ...ids], { stdio: "ignore" });
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes("--help")) return void process.stdout.write(`${HELP}\n`);
  const value = (flag: string) => argv[argv.indexOf(flag) + 1];
  const project = argv.includes("--project") ? value("--project")! : "svc";
  if (argv[0] === "down") return composeDown(project);
  let image = argv.includes("--image") ? value("--image")! : "";
  if (!image) {
    image = `${IMAGE_REPOSITORY}:compose`;
    const built = await buildImage({ tag: image, onLine: (line) => process.stderr.write(`${line}\n`) });
    if (built.code !== 0) throw new Error("the image did not build");
  }
  const env = Object.fromEntries(
    argv.flatMap((arg, index) => (argv[index - 1] === "--env" ? [[arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]] : [])),
  );
  const useHost = argv.includes("--use-host") ? value("--use-host")!.split(",") : [];
  for (const container of composeUp({ image, useHost, env, project })) process.stdout.write(`${container}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main(process.argv.slice(2)).catch((error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
}
