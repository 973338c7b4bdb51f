import { defined } from "../lib/at.ts";
import { firstAbove } from "../lib/bisect.ts";
import type { Pod } from "../storage/pod.ts";

/** A pod without its rv (kv.ts PodSpec). */
type PodSpec = Omit<Pod, "rv">;

// etcd's log of pod events as columns of what a watch reads: the revision, the key's index, the
// event's type and the key's previous version (its revision and body). An event's object is
// made from these when it is read (kv.ts eventAt), so the log holds no object per write: about
// 29 bytes an event instead of an event and a pod object (about 130). With 20 000 writes/s and
// a compaction window of up to 10 minutes it holds millions of events.

export const ADDED = 0;
export const MODIFIED = 1;
export const DELETED = 2;
export type EventTypeCode = typeof ADDED | typeof MODIFIED | typeof DELETED;

const INITIAL_CAPACITY = 1024;

export class EventLog {
  private revisions = new Float64Array(INITIAL_CAPACITY);
  private keyIndexes = new Int32Array(INITIAL_CAPACITY);
  private types = new Uint8Array(INITIAL_CAPACITY);
  /** The key's previous version's revision, -1 when it had none (or it was deleted). */
  private prevRevisions = new Float64Array(INITIAL_CAPACITY);
  private prevBodies: (PodSpec | null)[] = [];
  /** Column index of the oldest kept event, and one past the newest. */
  private start = 0;
  private end = 0;
  /** Absolute index of the oldest kept event: cursors stay valid when the head is dropped. */
  base = 0;

  get length(): number {
    return this.end - this.start;
  }

  /** Events the columns have room for (what they occupy in memory). */
  get capacity(): number {
    return this.revisions.length;
  }

  push(
    revision: number,
    keyIndex: number,
    type: EventTypeCode,
    prevRevision: number,
    prevBody: PodSpec | null,
  ): void {
    if (this.end === this.revisions.length) this.makeRoom();
    const i = this.end++;
    this.revisions[i] = revision;
    this.keyIndexes[i] = keyIndex;
    this.types[i] = type;
    this.prevRevisions[i] = prevRevision;
    this.prevBodies[i] = prevBody;
  }

  /** `at` arguments are offsets from the oldest kept event (0 … length − 1). */
  revisionAt(at: number): number {
    return defined(this.revisions[this.start + at]);
  }
  keyIndexAt(at: number): number {
    return defined(this.keyIndexes[this.start + at]);
  }
  typeAt(at: number): EventTypeCode {
    return defined(this.types[this.start + at]) as EventTypeCode;
  }
  prevRevisionAt(at: number): number {
    return defined(this.prevRevisions[this.start + at]);
  }
  prevBodyAt(at: number): PodSpec | null {
    return this.prevBodies[this.start + at] ?? null;
  }

  /** Offset of the first event with revision > `rev` (revisions grow along the log). */
  firstAfter(rev: number): number {
    return firstAbove(this.revisions, rev, this.start, this.end) - this.start;
  }

  /** Drops the `count` oldest events. */
  dropOldest(count: number): void {
    for (let i = this.start; i < this.start + count; i++) this.prevBodies[i] = null;
    this.start += count;
    this.base += count;
  }

  /**
   * Moves the kept events to the front, or doubles the columns when they are over three quarters
   * full. Doubling at half full let a log that holds between one and two compaction windows
   * (etcd keeps 5 to 10 minutes of writes) double again whenever a window's peak passed half its
   * columns: the largest scenario held 33.6 M slots for at most 12 M events. A move costs at most
   * three copies per event pushed since the last one.
   */
  private makeRoom(): void {
    const kept = this.end - this.start;
    const grow = kept * 4 > this.revisions.length * 3;
    const from = this.start;
    const to = this.end;
    function moved<A extends Float64Array | Int32Array | Uint8Array>(a: A, grown: () => A): A {
      if (!grow) {
        a.copyWithin(0, from, to);
        return a;
      }
      const next = grown();
      next.set(a.subarray(from, to));
      return next;
    }
    const n = grow ? this.revisions.length * 2 : this.revisions.length;
    this.revisions = moved(this.revisions, () => new Float64Array(n));
    this.keyIndexes = moved(this.keyIndexes, () => new Int32Array(n));
    this.types = moved(this.types, () => new Uint8Array(n));
    this.prevRevisions = moved(this.prevRevisions, () => new Float64Array(n));
    this.prevBodies = this.prevBodies.slice(from, to);
    this.start = 0;
    this.end = kept;
  }
}
