// `node scripts/bench-floor.mjs [seconds]`: the floor under issue 12's target for the heavy
// scenario (`reads=10000&writes=1000&watchers=100`, ≥ 300× real time, so 1.0 s for 300 simulated
// s through the command line's own process). It runs a skeleton of that scenario with none of the
// model: the same four Poisson sources (1 000 writes, 6 000 RV=0, 3 000 consistent and 1 000
// NotOlderThan reads a second), drawn, merged in time order and hashed one by one; etcd's eight
// range slots of 2 ms for the consistent reads' current revision; a 20 ms watch stream into a ring;
// reads parked by target revision and woken as the cache's revision passes them; one histogram
// observation and one counter per read. About 4.5 million events, as the model's run has. What it
// takes, process start included, is time no faithful model of the scenario can spend less than:
// the model adds the delegator's and the cacher's decisions, the waiters' deadlines, the lists,
// the watchers' dispatch, the ring's resizes and every metric the scrape shows. Not a test: a
// figure for docs/benchmarks.md at 97e105f ("The floor under 300× for (b)").
import { performance } from "node:perf_hooks";

const NS_PER_S = 1e9;
const seconds = Number(process.argv[2] ?? 300);
if (!(seconds > 0)) throw new Error(`usage: bench-floor.mjs [seconds > 0], got ${process.argv[2]}`);
const endNs = seconds * NS_PER_S;

/** splitmix32, as the model's streams (src/sim/rng.ts), one per source. */
function stream(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = Math.imul(state ^ (state >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return -Math.log(1 - ((z ^ (z >>> 15)) >>> 0) / 4294967296);
  };
}

const WRITE = 0;
const RV0 = 1;
const CONSISTENT = 2;
const RATES = [1000, 6000, 3000, 1000]; // writes, then RV=0, consistent, NotOlderThan reads
const draws = RATES.map((_, i) => stream(0x5eed + 7919 * i));
const sourceNs = RATES.map((rate, i) => Math.ceil((draws[i]() / rate) * NS_PER_S));

// FIFOs on typed arrays: etcd's completions (equal service times finish in start order) and the
// watch stream's deliveries (one lag for all).
const MASK = (1 << 16) - 1;
const doneNs = new Float64Array(MASK + 1);
const doneStartNs = new Float64Array(MASK + 1);
const deliverNs = new Float64Array(MASK + 1);
const deliverRv = new Int32Array(MASK + 1);
let doneHead = 0;
let doneTail = 0;
let deliverHead = 0;
let deliverTail = 0;
const SLOTS = 8;
const SERVICE_NS = 2e6;
const LAG_NS = 20e6;
const slotFreeNs = new Float64Array(SLOTS);
let revision = 1;
let cacheRv = 1;
const ring = new Int32Array(102_400);
let ringEvents = 0;

// Parked reads: a binary heap by target revision, with each read's start.
const waitTarget = new Int32Array(MASK + 1);
const waitStartNs = new Float64Array(MASK + 1);
let waiting = 0;
function park(target, startNs) {
  let i = waiting++;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (waitTarget[parent] <= target) break;
    waitTarget[i] = waitTarget[parent];
    waitStartNs[i] = waitStartNs[parent];
    i = parent;
  }
  waitTarget[i] = target;
  waitStartNs[i] = startNs;
}
function unparkFirst() {
  const target = waitTarget[--waiting];
  const startNs = waitStartNs[waiting];
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= waiting) break;
    if (child + 1 < waiting && waitTarget[child + 1] < waitTarget[child]) child++;
    if (waitTarget[child] >= target) break;
    waitTarget[i] = waitTarget[child];
    waitStartNs[i] = waitStartNs[child];
    i = child;
  }
  waitTarget[i] = target;
  waitStartNs[i] = startNs;
}

// apiserver_request_duration_seconds' buckets, one observation per read.
const BOUNDS_S = [
  0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45,
  60,
];
const buckets = new Float64Array(BOUNDS_S.length + 1);
let sumS = 0;
const served = new Float64Array(3); // at once, after etcd's answer, after a wait
function serve(nowNs, startNs, how) {
  const s = (nowNs - startNs) / NS_PER_S;
  let i = 0;
  while (i < BOUNDS_S.length && s > BOUNDS_S[i]) i++;
  buckets[i]++;
  sumS += s;
  served[how]++;
}

let hash = 0x811c9dc5;
let events = 0;
for (;;) {
  let source = 0;
  for (let i = 1; i < RATES.length; i++) if (sourceNs[i] < sourceNs[source]) source = i;
  let nowNs = sourceNs[source];
  let what = 0; // 0 an arrival, 1 etcd's completion, 2 the watch stream's delivery
  if (doneHead !== doneTail && doneNs[doneHead & MASK] < nowNs) {
    nowNs = doneNs[doneHead & MASK];
    what = 1;
  }
  if (deliverHead !== deliverTail && deliverNs[deliverHead & MASK] < nowNs) {
    nowNs = deliverNs[deliverHead & MASK];
    what = 2;
  }
  if (nowNs > endNs) break;
  events++;
  hash = Math.imul(hash ^ (nowNs % 4294967296), 0x01000193);
  hash = Math.imul(hash ^ (what * 4 + source), 0x01000193);
  if (what === 0) {
    sourceNs[source] = nowNs + Math.ceil((draws[source]() / RATES[source]) * NS_PER_S);
    if (source === WRITE) {
      revision++;
      deliverNs[deliverTail & MASK] = nowNs + LAG_NS;
      deliverRv[deliverTail++ & MASK] = revision;
    } else if (source === RV0) serve(nowNs, nowNs, 0);
    else if (source === CONSISTENT) {
      let slot = 0;
      for (let i = 1; i < SLOTS; i++) if (slotFreeNs[i] < slotFreeNs[slot]) slot = i;
      const finishNs = Math.max(nowNs, slotFreeNs[slot]) + SERVICE_NS;
      slotFreeNs[slot] = finishNs;
      doneNs[doneTail & MASK] = finishNs;
      doneStartNs[doneTail++ & MASK] = nowNs;
    } else if (cacheRv >= revision) serve(nowNs, nowNs, 0);
    else park(revision, nowNs);
  } else if (what === 1) {
    const startNs = doneStartNs[doneHead++ & MASK];
    if (cacheRv >= revision) serve(nowNs, startNs, 1);
    else park(revision, startNs);
  } else {
    cacheRv = deliverRv[deliverHead++ & MASK];
    ring[ringEvents++ % ring.length] = cacheRv;
    while (waiting > 0 && waitTarget[0] <= cacheRv) {
      const startNs = waitStartNs[0];
      unparkFirst();
      serve(nowNs, startNs, 2);
    }
  }
}

const wallS = performance.now() / 1000; // since the process started
console.log(
  JSON.stringify({
    seconds,
    events,
    servedAtOnce: served[0],
    servedAfterEtcd: served[1],
    servedAfterWait: served[2],
    ringEvents,
    hash: (hash >>> 0).toString(16),
    meanLatencyS: Number((sumS / (served[0] + served[1] + served[2])).toFixed(6)),
  }),
);
console.log(
  `${seconds} simulated s in ${wallS.toFixed(3)} s since process start: ${(seconds / wallS).toFixed(0)}× real time`,
);
