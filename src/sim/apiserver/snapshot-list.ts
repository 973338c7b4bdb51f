import { defined } from "../lib/at.ts";
import { RvColumn } from "../lib/rv-column.ts";
import {
  CHUNK,
  chunkOf,
  chunkStart,
  SealedChunks,
  sealedSpan,
  slotOf,
} from "../lib/sealed-chunks.ts";

// The snapshots' list (snapshots.ts): for each snapshot, in RV order, its RV, the store's change
// count and its size then, addressed by absolute index. Chunks by absolute index, as the undo
// log: the oldest go in whole chunks, and a chunk is shared by the runs time travel parks
// (lib/sealed-chunks.ts) once the list has moved past it, since the newest entry may still be
// updated (a second snapshot at one RV). An entry written below the newest chunk (an RV out of
// order, which no scenario makes) copies its chunk first, so a shared chunk is never written.

/**
 * RVs, change counts and sizes, 4 bytes a slot and exact for any value (lib/rv-column.ts). A
 * 32-bit slot reads back as a small integer, as a view's rv field wants (lib/small-integer.ts),
 * with no conversion.
 */
interface Chunk {
  readonly rvs: RvColumn;
  readonly seqs: RvColumn;
  readonly sizes: RvColumn;
}

const newChunk = (): Chunk => ({
  rvs: new RvColumn(CHUNK),
  seqs: new RvColumn(CHUNK),
  sizes: new RvColumn(CHUNK),
});

/** A copy to write (an RV out of order, which no scenario makes: slot by slot will do). */
function copyOf(c: Chunk): Chunk {
  const copy = newChunk();
  for (let i = 0; i < CHUNK; i++) {
    copy.rvs.set(i, c.rvs.get(i));
    copy.seqs.set(i, c.seqs.get(i));
    copy.sizes.set(i, c.sizes.get(i));
  }
  return copy;
}

function fill(chunk: Chunk, slot: number, rv: number, seq: number, size: number): void {
  chunk.rvs.set(slot, rv);
  chunk.seqs.set(slot, seq);
  chunk.sizes.set(slot, size);
}

/** Full chunks of every snapshot list in the process, one copy of each. */
const sealed = new SealedChunks<Chunk>(
  (a, b) => a.rvs.sameAs(b.rvs) && a.seqs.sameAs(b.seqs) && a.sizes.sameAs(b.sizes),
);

export class SnapshotList {
  /** chunks[k] is chunk firstChunk + k (lib/sealed-chunks.ts chunkOf). */
  private chunks: Chunk[] = [];
  private firstChunk = 0;
  /** Chunks this list made and never sealed: the only ones it may write. */
  private readonly own = new WeakSet<Chunk>();
  /** Entries below this absolute index were dropped. */
  head = 0;
  /** One past the newest entry. */
  end = 0;

  /** The absolute indexes [from, to) of the chunks below the newest, which runs may share. */
  get sealed(): { from: number; to: number } {
    const span = sealedSpan(this.firstChunk, this.chunks.length, this.end);
    // The newest chunk, full or not, is still this list's own.
    const newest = chunkStart(chunkOf(Math.max(0, this.end - 1)));
    return { from: span.from, to: Math.max(span.from, Math.min(span.to, newest)) };
  }

  rvAt(index: number): number {
    return this.chunkFor(index).rvs.get(slotOf(index));
  }
  seqAt(index: number): number {
    return this.chunkFor(index).seqs.get(slotOf(index));
  }
  sizeAt(index: number): number {
    return this.chunkFor(index).sizes.get(slotOf(index));
  }

  push(rv: number, seq: number, size: number): void {
    const index = this.end;
    if (this.chunks.length === 0) {
      this.firstChunk = chunkOf(index);
      this.chunks.push(this.made(newChunk()));
    } else if (slotOf(index) === 0) {
      // The chunk before is done: another run that wrote it alike may hold it already.
      const last = this.chunks.length - 1;
      const done = defined(this.chunks[last]);
      this.own.delete(done);
      this.chunks[last] = sealed.seal(this.firstChunk + last, done);
      this.chunks.push(this.made(newChunk()));
    }
    this.end++;
    // The newest chunk is always this list's own (made just now or at its first slot): written
    // with no look in `own`, a hash lookup for every snapshot.
    fill(defined(this.chunks[this.chunks.length - 1]), slotOf(index), rv, seq, size);
  }

  /** Overwrites the entry at `index` (its own chunk if it was shared). */
  write(index: number, rv: number, seq: number, size: number): void {
    const k = chunkOf(index) - this.firstChunk;
    let chunk = this.chunkFor(index);
    if (!this.own.has(chunk)) this.chunks[k] = chunk = this.made(copyOf(chunk));
    fill(chunk, slotOf(index), rv, seq, size);
  }

  /** Inserts an entry at `index`, moving the later ones up by one. */
  insert(index: number, rv: number, seq: number, size: number): void {
    const later: [number, number, number][] = [];
    for (let j = index; j < this.end; j++)
      later.push([this.rvAt(j), this.seqAt(j), this.sizeAt(j)]);
    this.push(0, 0, 0);
    this.write(index, rv, seq, size);
    for (const [n, [r, q, z]] of later.entries()) this.write(index + 1 + n, r, q, z);
  }

  /** Drops entries below `index`, whole chunks at once. */
  dropBefore(index: number): void {
    this.head = Math.max(this.head, Math.min(index, this.end));
    const dead = Math.min(chunkOf(this.head) - this.firstChunk, this.chunks.length - 1);
    if (dead <= 0) return;
    this.chunks.splice(0, dead);
    this.firstChunk += dead;
  }

  /** The first index in [head, end) whose RV is above `rv`, else `end` (RVs ascending). */
  firstAbove(rv: number): number {
    let lo = this.head;
    let hi = this.end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.rvAt(mid) > rv) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Drops every entry; later ones go on from the same absolute index. */
  clear(): void {
    this.chunks = [];
    this.head = this.end;
  }

  private made(chunk: Chunk): Chunk {
    this.own.add(chunk);
    return chunk;
  }

  private chunkFor(index: number): Chunk {
    return defined(this.chunks[chunkOf(index) - this.firstChunk]);
  }
}
