import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The production image built with buildah and run with podman (rootful), on a machine without a
 * Docker engine or a reachable registry: what the image test and the compose runner share.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Kept between runs and clean checkouts: the base image's archive and the hash of the last image that passed. */
export const IMAGE_CACHE = process.env.SVC_IMAGE_CACHE ?? "/var/cache/svc-image";
export const IMAGE_REPOSITORY = "localhost/svc";

/** What the image is made from: a change to any of these makes a new image. */
const IMAGE_INPUTS = [
  "infra",
  "apps",
  "packages",
  "prisma",
  "package.json",
  "pnpm-lock.yaml",
  "pnpm-workspace.yaml",
  ".dockerignore",
  "tsconfig.json",
  "prisma.config.ts",
];

/** A hash of the image's inputs as they are in the work tree (tracked and untracked, less .gitignore's). */
export function imageInputsHash(): string {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...IMAGE_INPUTS], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file && existsSync(path.join(root, file)))
    .sort();
  const hash = createHash("sha256");
  for (const file of [...new Set(files)])
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  return hash.digest("hex").slice(0, 16);
}

/**
 * podman's default limits (1,048,576 open files, 32,768 processes) are above what a container
 * may be given on some machines (this one's hard limit on open files is lower): each default is
 * capped at the caller's own hard limit.
 */
function ulimits(): string[] {
  const [files, processes] = execFileSync("bash", ["-c", "ulimit -Hn; ulimit -Hu"], { encoding: "utf8" }).trim().split("\n");
  const capped = (value: string | undefined, podmanDefault: number) =>
    String(value === undefined || value === "unlimited" ? podmanDefault : Math.min(Number(value), podmanDefault));
  const nofile = capped(files, 1_048_576);
  const nproc = capped(processes, 32_768);
  return ["--ulimit", `nofile=${nofile}:${nofile}`, "--ulimit", `nproc=${nproc}:${nproc}`];
}

/**
 * `podman run` with what this kind of machine needs: runc (crun 1.8 refuses cgroups in hybrid
 * mode), the caller's limits, and the host's network (the apps reach the local PostgreSQL and
 * Redis, and each other, on 127.0.0.1).
 */
export function podmanRunArgs(): string[] {
  return ["run", "--rm", "--runtime", "runc", "--network", "host", ...ulimits()];
}

/**
 * Build-time mounts for a network that re-signs TLS (NODE_EXTRA_CA_CERTS set here): the host's
 * CA bundle and an npmrc naming it, for the build's npm and pnpm. Nothing of them stays in the image.
 */
function trustMounts(workDir: string): string[] {
  const bundle = process.env.NODE_EXTRA_CA_CERTS;
  if (!bundle || !existsSync(bundle)) return [];
  const npmrc = path.join(workDir, "npmrc");
  writeFileSync(npmrc, "cafile=/etc/ssl/certs/svc-extra-ca.crt\n");
  return ["--volume", `${bundle}:/etc/ssl/certs/svc-extra-ca.crt:ro`, "--volume", `${npmrc}:/root/.npmrc:ro`];
}

export interface BuildOptions {
  dockerfile?: string;
  tag: string;
  /** Each line of buildah's output, as it comes. */
  onLine?: (line: string) => void;
}

/** The base image (infra/scripts/image-base.sh, cached), then `buildah bud` of the Dockerfile with its layers cached. */
export async function buildImage(options: BuildOptions): Promise<{ code: number; output: string }> {
  const run = (command: string, args: string[]) =>
    new Promise<{ code: number; output: string }>((resolve) => {
      const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      let partial = "";
      const take = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-200_000);
        const lines = (partial + chunk.toString()).split("\n");
        partial = lines.pop() ?? "";
        for (const line of lines) options.onLine?.(line);
      };
      child.stdout.on("data", take);
      child.stderr.on("data", take);
      child.on("close", (code) => resolve({ code: code ?? 1, output }));
    });
  const base = await run("bash", [path.join(root, "infra/scripts/image-base.sh")]);
  if (base.code !== 0) return base;
  mkdirSync(IMAGE_CACHE, { recursive: true });
  const work = path.join(os.tmpdir(), `svc-image-build-${process.pid}`);
  mkdirSync(work, { recursive: true });
  return run("buildah", [
    "bud",
    // chroot isolation needs no OCI runtime or cgroups for RUN steps; the build's network is the host's.
    "--isolation",
    "chroot",
    "--layers",
    "--pull=never",
    ...trustMounts(work),
    "--file",
    options.dockerfile ?? path.join(root, "infra/docker/Dockerfile"),
    "--tag",
    options.tag,
    root,
  ]);
}

/** The image's size in bytes, as podman reports it. */
export function imageSize(image: string): number {
  return Number(execFileSync("podman", ["image", "inspect", "--format", "{{.Size}}", image], { encoding: "utf8" }).trim());
}

export function imageExists(image: string): boolean {
  try {
    execFileSync("podman", ["image", "exists", image]);
    return true;
  } catch {
    return false;
  }
}

/** The record that the image of these inputs passed the image test. */
export function passedRecord(hash: string): string {
  return path.join(IMAGE_CACHE, `passed-${hash}`);
}
