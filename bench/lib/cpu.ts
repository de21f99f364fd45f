import { cpuTimeOf, type Process } from "./processes.ts";
import { round } from "./stats.ts";

/**
 * CPU time each process used during a phase (user + system, from /proc): with the phase's
 * count it says which process the work costs most in.
 */
export function startCpuMeter(processes: Process[]): { stop(count: number): Record<string, { cpuS: number; cpuMsPerItem: number }> } {
  const pids = processes.map((proc) => ({ label: proc.label, pid: proc.scriptPid() }));
  const before = new Map(pids.map(({ label, pid }) => [label, cpuTimeOf(pid)]));
  return {
    stop(count) {
      const used: Record<string, { cpuS: number; cpuMsPerItem: number }> = {};
      for (const { label, pid } of pids) {
        let ms = Number.NaN;
        try {
          ms = cpuTimeOf(pid) - (before.get(label) ?? 0);
        } catch {
          // the process has exited
        }
        used[label] = { cpuS: round(ms / 1000, 2), cpuMsPerItem: round(ms / Math.max(1, count), 3) };
      }
      return used;
    },
  };
}
