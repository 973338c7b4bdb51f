// A benchmark run at `nice -n -15` on a shared machine gets the CPU it asks for only if its
// processes are niced up against everyone else's, and plain nice does not do that here: with
// /proc/sys/kernel/sched_autogroup_enabled = 1, Linux first shares the cores evenly between
// sessions (autogroups) and applies nice only within a session. Four engineers' sessions each got
// about half a core, whatever their nice. And Chromium escapes the benchmark's session anyway:
// Playwright starts it in a session of its own, where it sets its own nice values (-8, 0, 5).
// So the benchmarks carry their own nice over to the session of what they time: the command line
// started in a new session (setsid) whose autogroup gets that nice, and Chromium's session given it
// once launched. Without a negative nice, or without the right to set one, nothing changes.
import { writeFileSync } from "node:fs";
import { getPriority } from "node:os";
import { chromiumPids } from "./process-cpu.mjs";

/** The benchmark's own nice: what `nice -n -15 npm run bench:…` gave it. */
const benchNice = () => getPriority();

/**
 * `command args` as a process in a session of its own whose autogroup has the benchmark's nice
 * (unchanged when that nice is not negative). Its figures are then the command's own, not the
 * other sessions' share of the machine.
 */
export function inOwnSession(command, args) {
  const nice = benchNice();
  if (nice >= 0) return { command, args };
  const script = `echo ${nice} > /proc/self/autogroup 2>/dev/null; exec "$@"`;
  return { command: "setsid", args: ["-w", "sh", "-c", script, "sh", command, ...args] };
}

/**
 * Gives the autogroup of the Chromium processes below this one the benchmark's nice. Returns the
 * nice given, or null when there was none to give or it could not be set.
 */
export function niceChromium() {
  const nice = benchNice();
  if (nice >= 0) return null;
  let given = null;
  for (const pid of chromiumPids()) {
    try {
      writeFileSync(`/proc/${pid}/autogroup`, String(nice));
      given = nice;
    } catch {
      // not root, or the process ended: the browser keeps its session's share
    }
  }
  return given;
}
