// The CPU time a process tree has used, by thread name, from Linux's /proc: on a shared machine a
// benchmark's wall time moves with the load, its CPU time much less. Used by the browser benchmarks
// to say how much of Chromium's CPU went to the page's main thread, to its workers, and to the rest.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_S = 100; // Linux's USER_HZ on x86-64

const read = (path) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null; // the process or thread ended meanwhile
  }
};

/** `/proc/<id>/stat`'s name, parent and user + system ticks (the name may hold spaces). */
function stat(path) {
  const text = read(path);
  if (text === null) return null;
  const name = text.slice(text.indexOf("(") + 1, text.lastIndexOf(")"));
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // After the name: state, ppid, … utime is the 14th field of the line, stime the 15th.
  return { name, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** `root` and every process below it. */
function tree(root) {
  const parents = new Map();
  for (const id of readdirSync("/proc")) {
    if (!/^\d+$/.test(id)) continue;
    const s = stat(`/proc/${id}/stat`);
    if (s !== null) parents.set(Number(id), s.ppid);
  }
  const inTree = (pid) => {
    for (let p = pid; p > 1; p = parents.get(p) ?? 0) if (p === root) return true;
    return false;
  };
  return [...parents.keys()].filter(inTree);
}

/** A process's program and, for Chromium's, its kind (`--type=renderer`, …; none: the browser). */
function kind(pid) {
  // Chromium's child processes rewrite their command line into one string joined by spaces.
  const [program = "", ...args] = (read(`/proc/${pid}/cmdline`) ?? "").split(/[\0 ]/);
  const type = args.find((arg) => arg.startsWith("--type="))?.slice(7) ?? "browser";
  return { chromium: program.includes("chrom"), type };
}

/** The Chromium processes below `root` (this process: Playwright starts the browser as its child). */
export const chromiumPids = (root = process.pid) => tree(root).filter((pid) => kind(pid).chromium);

/**
 * CPU seconds so far of every Chromium thread under `root`, keyed
 * `<process kind>/<thread name>:<tid>`. Subtract two readings
 * (cpuSince) for what a stretch of work cost.
 */
export function threadCpu(root = process.pid) {
  const seconds = new Map();
  for (const pid of chromiumPids(root)) {
    const { type } = kind(pid);
    let tids = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    // A process's own line counts its ended threads too (a sweep's workers are gone by the end).
    let ended = stat(`/proc/${pid}/stat`)?.ticks ?? 0;
    for (const tid of tids) {
      const s = stat(`/proc/${pid}/task/${tid}/stat`);
      if (s === null) continue;
      seconds.set(`${type}/${s.name}:${tid}`, s.ticks / TICKS_PER_S);
      ended -= s.ticks;
    }
    seconds.set(`${type}/(ended threads):${pid}`, Math.max(0, ended) / TICKS_PER_S);
  }
  return seconds;
}

/**
 * What the threads used since `before` (a threadCpu reading), summed by
 * `<process kind>/<thread name>` (a thread's number dropped), largest first, and in all.
 */
export function cpuSince(before, root = process.pid) {
  const byName = new Map();
  let total = 0;
  for (const [key, s] of threadCpu(root)) {
    const used = s - (before.get(key) ?? 0);
    if (used <= 0) continue;
    const name = key.replace(/:\d+$/, "");
    byName.set(name, (byName.get(name) ?? 0) + used);
    total += used;
  }
  return { total, byName: [...byName].sort((a, b) => b[1] - a[1]) };
}
