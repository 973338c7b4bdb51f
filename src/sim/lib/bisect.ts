import { defined } from "./at.ts";

// The one binary search of the model. Every sorted structure (etcd's log and key records, the
// cache's snapshots and sorted keys, the waiter queue, the revision clock, the dispatch log, the
// history's interval) asks the same question: where does a monotone predicate turn true?

/**
 * The first index in [lo, hi) at which `reached` holds, or `hi` when it holds nowhere. `reached`
 * must be monotone over the range (false, …, false, true, …, true). This is Go's `sort.Search`
 * over an offset range, probing the same midpoints (so out-of-order input lands where upstream's
 * would).
 */
// upstream: sort.Search
export function bisect(lo: number, hi: number, reached: (i: number) => boolean): number {
  if (!(lo <= hi)) throw new Error(`bisect: empty range [${lo}, ${hi})`);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (reached(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * `bisect(lo, hi, (i) => sorted[i] > x)` for a column of numbers sorted ascending, probing the
 * same midpoints without a call per probe: the shared `reached` call site sees every caller's
 * closure, so V8 cannot inline it, and etcd's version lookups run it for every event and read.
 */
export function firstAbove(sorted: ArrayLike<number>, x: number, lo: number, hi: number): number {
  if (!(lo <= hi && hi <= sorted.length)) throw new Error(`firstAbove: bad range [${lo}, ${hi})`);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (defined(sorted[mid]) > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * `firstAbove` over a ring: the first offset in [0, count) whose value, at
 * `ring[(head + offset) % ring.length]`, is above `x`, or `count`. The values, read from `head`
 * on, are ascending. Same midpoints as `bisect(0, count, …)`.
 */
export function firstAboveInRing(
  ring: ArrayLike<number>,
  head: number,
  count: number,
  x: number,
): number {
  const size = ring.length;
  if (!(count <= size)) throw new Error(`firstAboveInRing: ${count} values in a ring of ${size}`);
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (defined(ring[(head + mid) % size]) > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
