import { defined } from "../lib/at.ts";
import { bisect } from "../lib/bisect.ts";
import { RvColumn } from "../lib/rv-column.ts";
import {
  CHUNK,
  CHUNK_MASK,
  chunkOf,
  chunkStart,
  emptySlots,
  indexAt,
  SealedChunks,
  sameBytes,
  sealedSpan,
  slotOf,
} from "../lib/sealed-chunks.ts";
import type { Pod } from "../storage/pod.ts";
import { samePod } from "../storage/same-pod.ts";

/** A pod without its rv (kv.ts PodSpec). */
type PodSpec = Omit<Pod, "rv">;

// etcd's log of pod events as columns of what a watch reads: the revision, the key's index, the
// event's type and the key's previous version (its revision, body and event). An event's object
// is made from these when it is read (kv.ts eventAt), so the log holds no object per write: about
// 25 bytes an event (revisions in 4 bytes, lib/rv-column.ts) instead of an event and a pod
// object (about 130). With 20 000 writes/s and
// a compaction window of up to 10 minutes it holds millions of events. The previous events chain
// each key's versions within the window, so etcd keeps no list of versions per key (kv.ts).

export const ADDED = 0;
export const MODIFIED = 1;
export const DELETED = 2;
export type EventTypeCode = typeof ADDED | typeof MODIFIED | typeof DELETED;

/** A previous event at most 2^32 − 1 events back: a day of 20 000 writes/s is 1.7 · 10^9. */
const MAX_DISTANCE = 0xffff_ffff;

/** A chunk's columns: written only while it is the newest, shared once full. */
interface Columns {
  readonly revisions: RvColumn;
  readonly keyIndexes: Int32Array;
  readonly types: Uint8Array;
  /** The key's previous version's revision, -1 when it had none (or it was deleted). */
  readonly prevRevisions: RvColumn;
  /** How many events back the key's previous version's event is, 0 when it had none. */
  readonly prevDistances: Uint32Array;
  /** The key's previous version's body, null when it had none (or it was deleted). */
  readonly prevBodies: (PodSpec | null)[];
}

const newColumns = (): Columns => ({
  revisions: new RvColumn(CHUNK),
  keyIndexes: new Int32Array(CHUNK),
  types: new Uint8Array(CHUNK),
  prevRevisions: new RvColumn(CHUNK),
  prevDistances: new Uint32Array(CHUNK),
  prevBodies: emptySlots<PodSpec>(),
});

/** Full chunks of every log in the process, one copy of each (time travel's parked runs). */
const sealed = new SealedChunks<Columns>(
  (a, b) =>
    a.revisions.sameAs(b.revisions) &&
    sameBytes(a.keyIndexes, b.keyIndexes) &&
    sameBytes(a.types, b.types) &&
    a.prevRevisions.sameAs(b.prevRevisions) &&
    sameBytes(a.prevDistances, b.prevDistances) &&
    a.prevBodies.every((body, i) => samePod(body, b.prevBodies[i] ?? null)),
);

// The columns are chunks by absolute index: compaction drops whole chunks, and a full chunk is
// never written again, so the runs time travel parks share their history (lib/sealed-chunks.ts)
// and each holds only its newest chunk on its own. The bodies are shared too: another run's are
// other objects with the same values (compared field by field), and a body is never changed
// once made, so one run may read another's equal ones.
export class EventLog {
  /** chunks[k] is chunk firstChunk + k (lib/sealed-chunks.ts chunkOf). */
  private chunks: Columns[] = [];
  private firstChunk = 0;
  /** Absolute index of the oldest kept event: cursors stay valid when the head is dropped. */
  base = 0;
  /** Absolute index one past the newest. */
  private end = 0;

  constructor() {
    // Stored once more, so V8 takes the field as one that changes from the start: kept as its
    // first value until the first compaction, it was folded into the optimised readers of the
    // log (kv.ts logOffset, readEvent), which that compaction threw away.
    this.base = 0;
  }

  get length(): number {
    return this.end - this.base;
  }

  /** Events the columns have room for (what they occupy in memory). */
  get capacity(): number {
    return this.chunks.length * CHUNK;
  }

  /** The absolute indexes [from, to) of the full chunks, which runs of one scenario share. */
  get sealed(): { from: number; to: number } {
    return sealedSpan(this.firstChunk, this.chunks.length, this.end);
  }

  push(
    revision: number,
    keyIndex: number,
    type: EventTypeCode,
    prevRevision: number,
    prevBody: PodSpec | null,
    prevIndex: number,
  ): void {
    const distance = prevIndex < 0 ? 0 : this.end - prevIndex;
    if (!(distance <= MAX_DISTANCE)) throw new Error(`event log: previous event ${prevIndex}`);
    const i = slotOf(this.end);
    if (i === 0 || this.chunks.length === 0) {
      this.chunks.push(newColumns());
      if (this.chunks.length === 1) this.firstChunk = chunkOf(this.end);
    }
    const last = this.chunks.length - 1;
    const columns = defined(this.chunks[last]);
    columns.revisions.set(i, revision);
    columns.keyIndexes[i] = keyIndex;
    columns.types[i] = type;
    columns.prevRevisions.set(i, prevRevision);
    columns.prevDistances[i] = distance;
    columns.prevBodies[i] = prevBody;
    this.end++;
    if (i === CHUNK_MASK) this.chunks[last] = sealed.seal(chunkOf(this.end - 1), columns);
  }

  /** The chunk holding offset `at` from the oldest kept event (0 … length − 1). */
  private columnsAt(index: number): Columns {
    return defined(this.chunks[chunkOf(index) - this.firstChunk]);
  }

  revisionAt(at: number): number {
    const index = this.base + at;
    return this.columnsAt(index).revisions.get(slotOf(index));
  }
  keyIndexAt(at: number): number {
    const index = this.base + at;
    return defined(this.columnsAt(index).keyIndexes[slotOf(index)]);
  }
  typeAt(at: number): EventTypeCode {
    const index = this.base + at;
    return defined(this.columnsAt(index).types[slotOf(index)]) as EventTypeCode;
  }
  prevRevisionAt(at: number): number {
    const index = this.base + at;
    return this.columnsAt(index).prevRevisions.get(slotOf(index));
  }
  /** The absolute index of the key's previous event (it may be dropped), -1 when it had none. */
  prevIndexAt(at: number): number {
    const index = this.base + at;
    const distance = defined(this.columnsAt(index).prevDistances[slotOf(index)]);
    return distance === 0 ? -1 : index - distance;
  }
  prevBodyAt(at: number): PodSpec | null {
    const index = this.base + at;
    return this.columnsAt(index).prevBodies[slotOf(index)] ?? null;
  }

  /** Offset of the first event with revision > `rev` (revisions grow along the log). */
  firstAfter(rev: number): number {
    if (this.length === 0) return 0;
    // The first chunk whose newest kept event is above `rev`, then the event within it.
    const lastChunk = chunkOf(this.end - 1);
    const chunk =
      this.firstChunk +
      bisect(0, lastChunk - this.firstChunk + 1, (k) => {
        const newest = Math.min(chunkStart(this.firstChunk + k + 1), this.end) - 1;
        return this.columnsAt(newest).revisions.get(slotOf(newest)) > rev;
      });
    if (chunk > lastChunk) return this.length;
    const from = Math.max(this.base, chunkStart(chunk));
    const to = Math.min(this.end, chunkStart(chunk + 1));
    const revisions = this.columnsAt(from).revisions;
    return indexAt(chunk, revisions.firstAbove(rev, slotOf(from), slotOf(to - 1) + 1)) - this.base;
  }

  /** Drops the `count` oldest events. */
  dropOldest(count: number): void {
    const from = this.base;
    this.base += count;
    // Whole chunks below the oldest kept event go (the newest stays, to be written on).
    const dropped = Math.min(chunkOf(this.base) - this.firstChunk, this.chunks.length - 1);
    if (dropped > 0) {
      this.chunks.splice(0, dropped);
      this.firstChunk += dropped;
    }
    // The bodies dropped events kept, so they can be collected: only in the chunk still being
    // written, since a full one may be another run's too (they go with it).
    const newest = this.chunks[0];
    if (newest === undefined || this.chunks.length > 1 || slotOf(this.end) === 0) return;
    for (let index = Math.max(from, chunkStart(this.firstChunk)); index < this.base; index++) {
      newest.prevBodies[slotOf(index)] = null;
    }
  }
}
