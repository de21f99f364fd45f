/**
 * What a wakeup costs this machine, apart from any code of ours: the CPU one fixed unit of pure
 * JavaScript work (JSON round trips and SHA-256 hashes, no I/O) takes back to back, and paced at
 * `rate` a second (default 80), and what an empty timer tick costs at that rate. Explains why a
 * paced row pays more CPU per item than a saturated one.
 *
 *   node_modules/.bin/tsx bench/tools/pacedCost.ts [rate]
 */
import { createHash } from "node:crypto";

const rate = Number(process.argv[2] ?? 80);
const UNITS = 1_600;
const doc = {
  from: "a@example.com",
  to: ["b@example.org"],
  subject: "x".repeat(60),
  html: `<p>${"y".repeat(2_000)}</p>`,
  tags: [{ name: "a", value: "b" }],
};

function unit(): number {
  let sum = 0;
  for (let i = 0; i < 20; i++) {
    const text = JSON.stringify(doc);
    sum += (JSON.parse(text) as typeof doc).subject.length;
    createHash("sha256").update(text).digest("hex");
  }
  return sum;
}

function cpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1_000;
}

/** CPU per tick of `work` run `UNITS` times at `rate` a second. */
function paced(work: () => unknown): Promise<number> {
  const start = cpuMs();
  return new Promise((resolve) => {
    let ticks = 0;
    const timer = setInterval(() => {
      work();
      if (++ticks === UNITS) {
        clearInterval(timer);
        resolve((cpuMs() - start) / UNITS);
      }
    }, 1_000 / rate);
  });
}

for (let i = 0; i < 2_000; i++) unit();
const start = cpuMs();
for (let i = 0; i < UNITS; i++) unit();
const tight = (cpuMs() - start) / UNITS;
const pacedUnit = await paced(unit);
const emptyTick = await paced(() => undefined);
const round = (ms: number) => Math.round(ms * 10_000) / 10_000;
console.log(
  JSON.stringify({
    rate,
    tightMsPerUnit: round(tight),
    pacedMsPerUnit: round(pacedUnit),
    factor: round(pacedUnit / tight),
    emptyTickMs: round(emptyTick),
  }),
);
