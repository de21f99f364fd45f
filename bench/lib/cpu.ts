import { readdirSync, readFileSync } from "node:fs";
import { cpuTimeOf, type Process } from "./processes.ts";
import { round } from "./stats.ts";

type CpuUse = { cpuS: number; cpuMsPerItem: number };

/** The shared services every app talks to, by process name: their CPU is on the same two cores. */
const SHARED_SERVICES = { postgres: "postgres", redis: "redis-server" } as const;

/** CPU time (ms) of each process with this command name (Postgres: postmaster and all backends), by pid. */
function cpuByPidOf(command: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (name === command) byPid.set(Number(entry), cpuTimeOf(Number(entry)));
    } catch {
      // exited while we looked
    }
  }
  return byPid;
}

/**
 * CPU time (ms) the command's processes used since `before`: each living process's own growth (a
 * process born since counts from zero). One that exited meanwhile is left out: its last reading
 * is gone, and subtracting its whole life from the total would make the phase's figure negative.
 */
function cpuSince(command: string, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of cpuByPidOf(command)) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Busy and total time of the whole machine, all cores (ms), from the first line of /proc/stat. */
export function machineTimes(): { busyMs: number; totalMs: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busyMs: ((total - idle) / 100) * 1000, totalMs: (total / 100) * 1000 };
}

/**
 * CPU time each process used during a phase (user + system, from /proc): with the phase's
 * count it says which process the work costs most in. Beside the given processes it reports
 * Postgres (all backends; a backend that exits during the phase loses its share), Redis, `bench`
 * (this process: the load generator, and the webhook receiver where there is one), and `machine`: every process on the machine (load generator and receiver included), with how busy
 * the cores were, so that what the apps use can be told from what the shared services use.
 */
export function startCpuMeter(processes: Process[]): { stop(count: number): Record<string, CpuUse & { busyShare?: number }> } {
  const pids = processes.map((proc) => ({ label: proc.label, pid: proc.scriptPid() }));
  const before = new Map(pids.map(({ label, pid }) => [label, cpuTimeOf(pid)]));
  const servicesBefore = Object.fromEntries(Object.entries(SHARED_SERVICES).map(([label, command]) => [label, cpuByPidOf(command)]));
  const machineBefore = machineTimes();
  const benchBefore = process.cpuUsage();
  return {
    stop(count) {
      const per = (ms: number): CpuUse => ({ cpuS: round(ms / 1000, 2), cpuMsPerItem: round(ms / Math.max(1, count), 3) });
      const used: Record<string, CpuUse & { busyShare?: number }> = {};
      for (const { label, pid } of pids) {
        let ms = Number.NaN;
        try {
          ms = cpuTimeOf(pid) - (before.get(label) ?? 0);
        } catch {
          // the process has exited
        }
        used[label] = per(ms);
      }
      for (const [label, command] of Object.entries(SHARED_SERVICES))
        used[label] = per(cpuSince(command, servicesBefore[label] ?? new Map()));
      const bench = process.cpuUsage(benchBefore);
      used.bench = per((bench.user + bench.system) / 1000);
      const machine = machineTimes();
      const busyMs = machine.busyMs - machineBefore.busyMs;
      used.machine = { ...per(busyMs), busyShare: round(busyMs / Math.max(1, machine.totalMs - machineBefore.totalMs), 3) };
      return used;
    },
  };
}
