/**
 * Where a process's CPU time went, from a V8 `.cpuprofile` (written by `--cpu-prof`, see
 * BENCH_CPU_PROF): self time by package or source file, and the heaviest functions.
 *
 *   node_modules/.bin/tsx bench/tools/profileSummary.ts <file.cpuprofile> [topN] [fromSeconds]
 *
 * `fromSeconds` leaves out the samples of the profile's first seconds (start-up), to see what a
 * process does once it runs.
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** "pkg:<name>" for a dependency, "svc:<path>" for our code, "node:<module>" for Node itself. */
function bucketOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const pnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pnpm) return `pkg:${pnpm[1]}`;
  const plain = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (plain) return `pkg:${plain[1]}`;
  if (url.startsWith("node:")) return url;
  const ours = /\/work\/[^/]+\/(.+)$/.exec(url.replace(/^file:\/\//, ""));
  return ours ? `svc:${ours[1]}` : url;
}

export function summarize(file: string, top = 25, fromSeconds = 0): string {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  let elapsedUs = 0;
  profile.samples.forEach((id, i) => {
    elapsedUs += profile.timeDeltas[i] ?? 0;
    if (elapsedUs < fromSeconds * 1e6) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const idle = [...selfUs].filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)").reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;

  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === "(idle)") continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const bucket = bucketOf(url, functionName);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + us);
    const name = `${functionName || "(anonymous)"} ${bucket}:${lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  // For the heaviest native frames (socket writes, hashing…), the first caller that is a package
  // or our code: who asked for the work.
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const nativeCallers = new Map<string, Map<string, number>>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node || node.callFrame.url || node.callFrame.functionName.startsWith("(")) continue;
    let parent = parentOf.get(id);
    let owner = "(unknown)";
    while (parent !== undefined) {
      const frame = byId.get(parent)!.callFrame;
      const bucket = bucketOf(frame.url, frame.functionName);
      if (bucket.startsWith("pkg:") || bucket.startsWith("svc:")) {
        owner = `${bucket} ${frame.functionName || "(anonymous)"}`;
        break;
      }
      parent = parentOf.get(parent);
    }
    const callers = nativeCallers.get(node.callFrame.functionName) ?? new Map<string, number>();
    callers.set(owner, (callers.get(owner) ?? 0) + us);
    nativeCallers.set(node.callFrame.functionName, callers);
  }
  // Inclusive: time of samples with the package anywhere on the stack (a package's calls into
  // others count for it too), for the packages that matter most.
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    if (byId.get(id)?.callFrame.functionName === "(idle)") continue;
    const seen = new Set<string>();
    for (let cursor: number | undefined = id; cursor !== undefined; cursor = parentOf.get(cursor)) {
      const frame = byId.get(cursor)!.callFrame;
      const bucket = bucketOf(frame.url, frame.functionName);
      const key = bucket.startsWith("svc:") ? `svc:${bucket.split("/").slice(1, 3).join("/")}` : bucket;
      if (key.startsWith("pkg:") || key.startsWith("svc:") || key.startsWith("wasm"))
        seen.add(key.startsWith("wasm") ? "wasm (Prisma query compiler)" : key);
    }
    for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
  const lines = [
    `profile ${file}`,
    `wall ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (${((busy / total) * 100).toFixed(0)}%)`,
    "",
    "self time by package / file:",
    ...[...buckets]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `${pct(us)}  ${name}`),
    "",
    "inclusive time (package or svc folder anywhere on the stack):",
    ...[...inclusive]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `${pct(us)}  ${name}`),
    "",
    "heaviest functions (self):",
    ...[...functions]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `${pct(us)}  ${name}`),
    "",
    "native functions by the first package or svc frame above them:",
    ...[...nativeCallers]
      .map(([name, callers]) => [name, callers, [...callers.values()].reduce((a, b) => a + b, 0)] as const)
      .sort((a, b) => b[2] - a[2])
      .slice(0, 5)
      .flatMap(([name, callers, sum]) => [
        `${pct(sum)}  ${name}`,
        ...[...callers]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([owner, us]) => `    ${pct(us)}  ${owner}`),
      ]),
  ];
  return lines.join("\n");
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) {
  const [file, top, from] = process.argv.slice(2);
  if (!file) {
    process.stderr.write("usage: profileSummary.ts <file.cpuprofile> [topN]\n");
    process.exit(2);
  }
  process.stdout.write(`${summarize(file, Number(top ?? 25), Number(from ?? 0))}\n`);
}
