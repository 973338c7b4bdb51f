import { at, defined } from "../lib/at.ts";
import { firstAbove } from "../lib/bisect.ts";

// The pod count after every create and delete etcd still answers counts for (kv.ts countAt at an
// old revision). A run's start creates every pod at consecutive revisions, 150 000 in the large
// cluster, and etcd keeps them until its first compaction: as one (revision, count) pair each
// they were 2.7 MB of every parked run. Kept as runs of changes at consecutive revisions that
// move the count the same way, the start is one run.

export class CountHistory {
  /** Run k: changes at revisions firsts[k] … firsts[k] + lengths[k] − 1, each by steps[k] (±1), */
  private readonly firsts: number[] = [];
  private readonly lengths: number[] = [];
  private readonly steps: number[] = [];
  /** ... leaving counts[k] after its first. */
  private readonly counts: number[] = [];
  /** The count before the oldest kept change. */
  private base = 0;

  /** A create (`step` 1) or delete (−1) at `revision`, above every recorded one, leaving `count`. */
  record(revision: number, step: 1 | -1, count: number): void {
    const last = this.firsts.length - 1;
    if (last >= 0) {
      const end = at(this.firsts, last) + at(this.lengths, last);
      if (!(revision >= end)) throw new Error(`count history: ${revision} is not after ${end - 1}`);
      if (count !== this.after(last, end - 1) + step) {
        throw new Error(`count history: ${count} pods after a change of ${step} at ${revision}`);
      }
      if (revision === end && at(this.steps, last) === step) {
        this.lengths[last] = at(this.lengths, last) + 1;
        return;
      }
    } else if (count !== this.base + step) {
      throw new Error(`count history: ${count} pods after a change of ${step} at ${revision}`);
    }
    this.firsts.push(revision);
    this.lengths.push(1);
    this.steps.push(step);
    this.counts.push(count);
  }

  /** The count after every change at or below `rev`. */
  at(rev: number): number {
    const k = lastAtOrBelow(this.firsts, rev);
    return k < 0 ? this.base : this.after(k, rev);
  }

  /** Forgets the changes at or below `rev`: compaction, below which nothing is read. */
  dropThrough(rev: number): void {
    const k = lastAtOrBelow(this.firsts, rev);
    if (k < 0) return;
    this.base = this.after(k, rev);
    const first = at(this.firsts, k);
    const length = at(this.lengths, k);
    let dropped = k + 1;
    if (rev < first + length - 1) {
      // Run k goes on past `rev`: it keeps its later changes.
      const gone = rev - first + 1;
      this.firsts[k] = first + gone;
      this.lengths[k] = length - gone;
      this.counts[k] = this.base + at(this.steps, k);
      dropped = k;
    }
    for (const column of [this.firsts, this.lengths, this.steps, this.counts]) {
      column.splice(0, dropped);
    }
  }

  /** The count after run `k`'s changes at or below `rev` (at least its first). */
  private after(k: number, rev: number): number {
    const within = Math.min(rev - at(this.firsts, k), at(this.lengths, k) - 1);
    return at(this.counts, k) + defined(this.steps[k]) * within;
  }
}

/**
 * Index of the last element ≤ rev (elements sorted ascending), or -1. The newest is looked at
 * first: the watch decodes events just written, and reads at the current revision.
 */
function lastAtOrBelow(items: readonly number[], rev: number): number {
  const n = items.length;
  if (n > 0 && defined(items[n - 1]) <= rev) return n - 1;
  return firstAbove(items, rev, 0, n) - 1;
}
