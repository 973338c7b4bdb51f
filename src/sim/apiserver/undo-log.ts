import { defined } from "../lib/at.ts";
import { keyId } from "../lib/key-ids.ts";
import { RvColumn } from "../lib/rv-column.ts";
import {
  CHUNK,
  CHUNK_MASK,
  chunkOf,
  chunkStart,
  emptySlots,
  SealedChunks,
  sameBytes,
  sealedSpan,
  slotOf,
} from "../lib/sealed-chunks.ts";
import type { Pod } from "../storage/pod.ts";
import { samePod } from "../storage/same-pod.ts";

// The snapshots' undo log (snapshots.ts): for every store change since the oldest snapshot, the
// key, the change's number, the previous object's rv and shared body, and the key's previous
// change. Chunks by absolute index: dropped changes go in whole chunks and a full chunk is never
// written again, so the runs time travel parks share them (lib/sealed-chunks.ts), bodies
// included: another run's are other objects with the same values, compared field by field, and
// a body is never changed once made, so one run may read another's equal ones.
//
// Every column but the bodies is 4 bytes a slot: keys as their process-wide numbers
// (lib/key-ids.ts), which runs share as they share the strings, and the numbers, RVs and
// indexes in RV columns (lib/rv-column.ts), exact for any value. A change was 32 bytes of columns
// in doubles and references, and the grid of parked runs holds up to 600 000 of them beyond the
// live run's in a 10-minute large cluster.

/** Columns by slot; chunk 0's slots before absolute index 0 hold nothing (key number 0). */
interface Chunk {
  readonly keys: Uint32Array;
  readonly seqs: RvColumn;
  readonly prevRvs: RvColumn;
  /** The key's previous change still in the log, -1 when none (as narrow as 0). */
  readonly earlier: RvColumn;
  /** The previous object's shared body, null when there was none. */
  readonly prevBodies: (Pod | null)[];
}

// Out of push, which runs for every change: the rare path's code kept out of its inlined body.
const newChunk = (): Chunk => ({
  keys: new Uint32Array(CHUNK),
  seqs: new RvColumn(CHUNK),
  prevRvs: new RvColumn(CHUNK),
  earlier: new RvColumn(CHUNK),
  prevBodies: emptySlots<Pod>(),
});

/** Full chunks of every undo log in the process, one copy of each. */
const sealed = new SealedChunks<Chunk>(
  (a, b) =>
    sameBytes(a.keys, b.keys) &&
    a.seqs.sameAs(b.seqs) &&
    a.prevRvs.sameAs(b.prevRvs) &&
    a.earlier.sameAs(b.earlier) &&
    a.prevBodies.every((body, i) => samePod(body, b.prevBodies[i] ?? null)),
);

export class UndoLog {
  /** chunks[k] is chunk firstChunk + k (lib/sealed-chunks.ts chunkOf). */
  private chunks: Chunk[] = [];
  private firstChunk = 0;
  /** Changes below this absolute index were dropped. */
  head = 0;
  /** One past the newest change. */
  end = 0;

  /** Changes held in memory: the kept ones and the dropped ones still in their chunk. */
  get held(): number {
    return this.end - chunkStart(this.firstChunk);
  }

  /** The absolute indexes [from, to) of the full chunks, which runs of one scenario share. */
  get sealed(): { from: number; to: number } {
    return sealedSpan(this.firstChunk, this.chunks.length, this.end);
  }

  /** Appends a change; returns its absolute index. */
  push(key: string, seq: number, prevRv: number, prevBody: Pod | null, earlier: number): number {
    const index = this.end;
    const i = slotOf(index);
    if (i === 0 || this.chunks.length === 0) {
      if (this.chunks.length === 0) this.firstChunk = chunkOf(index);
      this.chunks.push(newChunk());
    }
    const last = this.chunks.length - 1;
    const chunk = defined(this.chunks[last]);
    chunk.keys[i] = keyId(key);
    chunk.seqs.set(i, seq);
    chunk.prevRvs.set(i, prevRv);
    chunk.earlier.set(i, earlier);
    chunk.prevBodies[i] = prevBody;
    this.end++;
    if (i === CHUNK_MASK) this.chunks[last] = sealed.seal(chunkOf(index), chunk);
    return index;
  }

  private chunkFor(index: number): Chunk {
    return defined(this.chunks[chunkOf(index) - this.firstChunk]);
  }

  /** The changed key's number (lib/key-ids.ts). */
  keyIdAt(index: number): number {
    return defined(this.chunkFor(index).keys[slotOf(index)]);
  }
  seqAt(index: number): number {
    return this.chunkFor(index).seqs.get(slotOf(index));
  }
  prevRvAt(index: number): number {
    return this.chunkFor(index).prevRvs.get(slotOf(index));
  }
  earlierAt(index: number): number {
    return this.chunkFor(index).earlier.get(slotOf(index));
  }
  /**
   * From change `newest` back along its key's earlier changes still kept, the oldest whose number
   * is above `seq`; -1 when none is (a snapshot's read of a key: once per key a LIST returns).
   */
  firstAfter(newest: number, seq: number): number {
    let found = -1;
    for (let i = newest; i >= this.head; ) {
      const chunk = this.chunkFor(i);
      const j = slotOf(i);
      if (!(chunk.seqs.get(j) > seq)) break;
      found = i;
      i = chunk.earlier.get(j);
    }
    return found;
  }

  prevBodyAt(index: number): Pod | null {
    return this.chunkFor(index).prevBodies[slotOf(index)] ?? null;
  }

  /** Drops the oldest kept change (its body goes with its chunk). */
  dropOldest(): void {
    this.head++;
    // Whole chunks below the oldest kept change go (never the one pushes still write to).
    if (slotOf(this.head) === 0 && this.head < this.end) {
      const dead = chunkOf(this.head) - this.firstChunk;
      this.chunks.splice(0, dead);
      this.firstChunk += dead;
    }
  }

  clear(): void {
    this.chunks = [];
    this.firstChunk = this.head = this.end = 0;
  }
}
