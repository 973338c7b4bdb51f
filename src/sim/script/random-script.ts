import { at } from "../lib/at.ts";
import { Randomness, type RandomStream } from "../rng.ts";
import type { ModelledGate } from "../scenario/index.ts";
import { type Nanos, NS_PER_MS, NS_PER_S } from "../time.ts";
import {
  type GetRequest,
  SCRIPT_FORMAT,
  type Script,
  type ScriptRequest,
  type TimelineOp,
  type WatchRequest,
} from "./format.ts";

// Scripts drawn at random from a seed (docs/oracle-script.md): small worlds whose lag reaches
// below, at and above the 3 s wall, with stalls, compactions (some inside a stall, after the
// writes it holds, so that they overtake the cache's backlog), restarts, short request deadlines,
// every read kind, gets, and watches (some from an RV older than the cache's, some until the end
// of the script, past a restart), and the gates on and off. No two items share an instant:
// goroutines woken together run in the Go scheduler's order, which no script can pin.

const MS = NS_PER_MS;

export function randomScript(seed: number): Script {
  const r = new Randomness(seed).stream("oracle.script");
  const pick = <T>(items: readonly T[]): T => at(items, r.int(items.length));
  const durationNs = (5 + r.int(26)) * NS_PER_S;
  const used = new Set<Nanos>();
  // An instant no other item has, at least 1 ms after the start.
  const instant = (fromNs = MS, toNs = durationNs): Nanos => {
    for (;;) {
      const atNs = fromNs + r.int(toNs - fromNs);
      if (!used.has(atNs)) {
        used.add(atNs);
        return atNs;
      }
    }
  };
  const objects = pick([0, 1, 3, 10, 40]);
  const lagNs = pick([0, 5, 200, 1000, 2900, 3000, 3100, 5000]) * MS;
  const stalls = r.next() < 0.3 ? [stallWindow(r, durationNs)] : [];
  const timeline = drawTimeline(r, objects, durationNs, instant);
  // A compaction late in a stall passes the events it holds: the cache's watch falls behind it.
  const stall = stalls[0];
  if (stall !== undefined && stall[1] - stall[0] > NS_PER_S && r.next() < 0.5) {
    const fromNs = stall[0] + NS_PER_S; // a stall starts at least 2 s before the end
    timeline.push({ atNs: instant(fromNs, Math.min(durationNs, stall[1])), op: "compact" });
    timeline.sort((a, b) => a.atNs - b.atNs);
  }
  const revisionAt = revisions(objects, timeline);
  const requests = drawRequests(r, { durationNs, objects }, instant, revisionAt);
  const gates: Partial<Record<ModelledGate, boolean>> = {};
  if (r.next() < 0.4) gates.ConsistentListFromCacheSkipTimeoutFallback = true;
  // ListFromCacheSnapshot named off, named on (1.34's default, but 1.33's alpha is off unless
  // named), or left to the minor: one draw either way, so the rest of a seed's script is kept.
  const snapshot = r.next();
  if (snapshot < 0.2) gates.ListFromCacheSnapshot = false;
  else if (snapshot < 0.5) gates.ListFromCacheSnapshot = true;
  return {
    format: SCRIPT_FORMAT,
    name: `random-${seed}`,
    class: "random",
    source: `seed=${seed}`,
    k8s: "1.37",
    gates,
    world: {
      objects,
      objectBytes: pick([64, 2048, 65536]),
      etcdConcurrency: pick([1, 2, 8]),
      etcdLatencyNs: pick([0, 1, 2, 20]) * MS,
      lagNs,
      processRate: pick([0, 0, 1000, 50000]),
      stalls,
      requestTimeoutNs: pick([2, 4, 60]) * NS_PER_S,
      compactionIntervalNs: pick([0, 0, 5]) * NS_PER_S,
      durationNs,
    },
    timeline,
    requests,
  };
}

function drawTimeline(
  r: RandomStream,
  objects: number,
  durationNs: Nanos,
  instant: (from?: Nanos, to?: Nanos) => Nanos,
): TimelineOp[] {
  const ops: TimelineOp[] = [];
  const pods = Math.max(1, objects);
  for (let i = r.int(60); i > 0; i--) ops.push({ atNs: instant(), op: "write", pod: r.int(pods) });
  for (let i = r.int(30); i > 0; i--) ops.push({ atNs: instant(), op: "otherWrite" });
  if (r.next() < 0.25) ops.push({ atNs: instant(), op: "compact" });
  if (r.next() < 0.2) ops.push({ atNs: instant(MS, durationNs - NS_PER_S), op: "restart" });
  return ops.sort((a, b) => a.atNs - b.atNs);
}

/** etcd's revision just after each instant's writes (every write, pods or not, adds one). */
function revisions(objects: number, timeline: readonly TimelineOp[]) {
  const writes = timeline
    .filter((t) => t.op === "write" || t.op === "otherWrite")
    .map((t) => t.atNs);
  return (atNs: Nanos) => objects + 1 + writes.filter((t) => t <= atNs).length;
}

function drawRequests(
  r: RandomStream,
  { durationNs, objects }: { durationNs: Nanos; objects: number },
  instant: (from?: Nanos, to?: Nanos) => Nanos,
  revisionAt: (atNs: Nanos) => number,
): ScriptRequest[] {
  const times = Array.from({ length: 1 + r.int(25) }, () => instant()).sort((a, b) => a - b);
  return times
    .map((atNs, i): ScriptRequest => {
      const now = revisionAt(atNs);
      const around = Math.max(1, now - 5 + r.int(12));
      const verb = r.next();
      if (verb < 0.12) return drawGet(r, `g${i + 1}`, atNs, objects, around);
      if (verb < 0.27) {
        const watch = { id: `w${i + 1}`, atNs, durationNs, objects, around };
        return drawWatch(r, watch, instant);
      }
      const limit = r.next() < 0.4 ? 1 + r.int(8) : 0;
      const id = `r${i + 1}`;
      const kind = r.int(5);
      if (kind === 0) return { id, atNs, verb: "list", rv: "0", rvm: "", limit };
      if (kind === 1) return { id, atNs, verb: "list", rv: "", rvm: "", limit };
      if (kind === 2)
        return { id, atNs, verb: "list", rv: `${around}`, rvm: "NotOlderThan", limit };
      if (kind === 3) return { id, atNs, verb: "list", rv: `${around}`, rvm: "Exact", limit };
      return { id, atNs, verb: "list", rv: `${around}`, rvm: "", limit: Math.max(1, limit) };
    })
    .filter((q) => q.atNs < durationNs);
}

/** A GET of a pod (one past the last: a 404), from etcd, the cache, or at an RV. */
function drawGet(r: RandomStream, id: string, atNs: Nanos, objects: number, around: number) {
  const rv = at([``, "0", `${around}`], r.int(3));
  const get: GetRequest = { id, atNs, verb: "get", pod: r.int(objects + 1), rv, rvm: "", limit: 0 };
  return get;
}

interface WatchDraw {
  readonly id: string;
  readonly atNs: Nanos;
  readonly durationNs: Nanos;
  readonly objects: number;
  readonly around: number;
}

/**
 * A WATCH from the cache's state (RV 0 or unset), near etcd's revision, or from an RV below
 * the pods' own (older than the cache's oldest: 410); read for a few seconds, or to the script's
 * last second (past any restart).
 */
function drawWatch(
  r: RandomStream,
  { id, atNs, durationNs, objects, around }: WatchDraw,
  instant: (from?: Nanos, to?: Nanos) => Nanos,
): WatchRequest {
  const old = `${1 + r.int(Math.max(1, objects))}`;
  const rv = at(["0", "", `${around}`, old], r.int(4));
  const longest = r.next() < 0.3;
  const fromNs = longest ? Math.max(atNs + 1, durationNs - NS_PER_S) : atNs + 1;
  const toNs = longest ? durationNs : Math.min(durationNs, atNs + (1 + r.int(5)) * NS_PER_S);
  const untilNs = instant(fromNs, Math.max(fromNs + 1, toNs));
  return { id, atNs, verb: "watch", rv, rvm: "", limit: 0, untilNs };
}

// Off whole seconds, so that a stall's end (when the items it held arrive) never falls on a
// periodic compaction's tick: two things at one instant.
function stallWindow(r: RandomStream, durationNs: Nanos): [Nanos, Nanos] {
  const offsetNs = (1 + r.int(999)) * MS;
  const startNs = (1 + r.int(Math.max(1, durationNs / NS_PER_S - 2))) * NS_PER_S + offsetNs;
  return [startNs, startNs + (1 + r.int(8)) * NS_PER_S];
}
