import { readdirSync, readFileSync } from "node:fs";
import { SIGNING_THREAD_NAME } from "@svc/sns";
import { cpuTimeOf, type Process, readStat } from "./processes.ts";
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
      const { name, cpuMs } = readStat(`/proc/${entry}/stat`);
      if (name === command) byPid.set(Number(entry), cpuMs);
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

/**
 * Threads that do a stand-in's work inside one of our processes, by the name they give
 * themselves: the simulator's SNS signing thread signs as SNS does, work that SNS does in production.
 * Their CPU is reported under their name and taken out of the host process's figure.
 */
export const STAND_IN_THREADS = [SIGNING_THREAD_NAME] as const;

/** CPU time (ms) of a process's threads with this name, by thread id. */
function threadCpuOf(pid: number, name: string): Map<number, number> {
  const byTid = new Map<number, number>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byTid; // the process has exited
  }
  for (const tid of tids) {
    try {
      const thread = readStat(`/proc/${pid}/task/${tid}/stat`);
      if (thread.name === name) byTid.set(Number(tid), thread.cpuMs);
    } catch {
      // the thread ended while we looked
    }
  }
  return byTid;
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
 * count it says which process the work costs most in. A stand-in's thread (STAND_IN_THREADS) is
 * reported on its own, under its name, and left out of its host process's figure. Beside the
 * given processes it reports Postgres (all backends; a backend that exits during the phase loses
 * its share), Redis, `bench` (this process: the load generator, and the webhook receiver where
 * there is one), and `machine`: every process on the machine (load generator and receiver
 * included), with how busy the cores were, so that what the apps use can be told from what the
 * shared services use.
 */
export function startCpuMeter(processes: Process[]): { stop(count: number): Record<string, CpuUse & { busyShare?: number }> } {
  const pids = processes.map((proc) => ({ label: proc.label, pid: proc.scriptPid() }));
  const before = new Map(pids.map(({ label, pid }) => [label, cpuTimeOf(pid)]));
  const threadsBefore = new Map(
    pids.flatMap(({ pid }) => STAND_IN_THREADS.map((name) => [`${pid}/${name}`, threadCpuOf(pid, name)] as const)),
  );
  const servicesBefore = Object.fromEntries(Object.entries(SHARED_SERVICES).map(([label, command]) => [label, cpuByPidOf(command)]));
  const machineBefore = machineTimes();
  const benchBefore = process.cpuUsage();
  return {
    stop(count) {
      const per = (ms: number): CpuUse => ({ cpuS: round(ms / 1000, 2), cpuMsPerItem: round(ms / Math.max(1, count), 3) });
      const used: Record<string, CpuUse & { busyShare?: number }> = {};
      const standInMs = new Map<string, number>();
      for (const { label, pid } of pids) {
        let ms = Number.NaN;
        try {
          ms = cpuTimeOf(pid) - (before.get(label) ?? 0);
        } catch {
          // the process has exited
        }
        for (const name of STAND_IN_THREADS) {
          const earlier = threadsBefore.get(`${pid}/${name}`) ?? new Map<number, number>();
          let threadMs = 0;
          // A thread born since counts from zero, as a process does.
          for (const [tid, now] of threadCpuOf(pid, name)) threadMs += now - (earlier.get(tid) ?? 0);
          if (threadMs === 0) continue;
          ms -= threadMs;
          standInMs.set(name, (standInMs.get(name) ?? 0) + threadMs);
        }
        used[label] = per(ms);
      }
      for (const [name, ms] of standInMs) used[name] = per(ms);
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
