// Full chunks of append-only columns, shared between the runs of one process that wrote the
// same ones. Time travel parks whole runs of a scenario replayed from 0 s (worker/checkpoints.ts),
// so every parked run's history up to its moment is the live run's, byte for byte: a column kept
// in fixed chunks by absolute index, whose full chunks are never written again, can keep one copy
// of each for all of them. A chunk is shared only when equal to the one already kept at its index
// (runs of other scenarios, a twin, a fork, write different ones, which stay their own), so what
// a run reads is what it wrote whether or not a copy was found. Kept weakly: a chunk goes when no
// run holds it any more (once the job that last touched it ended). Whether the collector has run
// changes only the memory, never a value.

/**
 * Entries a chunk of every chunked column holds (etcd's log, the ring, the dispatch and undo logs,
 * the snapshot list): 2^12, about four seconds of 1 000 events/s. One size, so an index's chunk
 * and offset are a shift and a mask wherever they are found.
 */
export const CHUNK_BITS = 12;
export const CHUNK = 1 << CHUNK_BITS;
export const CHUNK_MASK = CHUNK - 1;

/**
 * Entries the first chunk holds: absolute index 0 sits this far from the end of chunk 0, whose
 * earlier slots stay empty. A column's rare paths (a new chunk, sealing one, dropping one) then
 * first run after 64 entries, while V8 still interprets the code that holds them, not after
 * 4 096, when the hot functions around them are optimised and would be deoptimised and compiled
 * again (docs/benchmarks.md at 97e105f, "The default scenario's first run").
 */
export const FIRST_CHUNK_ENTRIES = 64;
const LEAD = CHUNK - FIRST_CHUNK_ENTRIES;

/** The chunk holding absolute index `index`. */
export const chunkOf = (index: number): number => (index + LEAD) >>> CHUNK_BITS;
/** The slot of absolute index `index` in its chunk. */
export const slotOf = (index: number): number => (index + LEAD) & CHUNK_MASK;
/** The absolute index in slot `slot` of chunk `chunk` (negative in chunk 0's empty slots). */
export const indexAt = (chunk: number, slot: number): number => chunk * CHUNK + slot - LEAD;
/** The first absolute index chunk `chunk` holds. */
export const chunkStart = (chunk: number): number => Math.max(0, indexAt(chunk, 0));

/**
 * Off unless time travel turns it on: without parked runs there is nothing to share, and a weak
 * reference keeps its target alive until the current job ends, which for a command-line run (one
 * job from 0 s to the end) would be every chunk it ever wrote, compacted or not.
 */
let sharing = false;

/**
 * Every slot null, filled by a loop, not `new Array(n).fill`: V8 makes the first array of that
 * pattern with small-integer elements and, once `fill` widened it, every later one with object
 * elements, so the code optimised around the second chunk met a third of another shape and was
 * thrown away.
 */
const NULL_SLOTS: readonly null[] = (() => {
  const slots: null[] = [];
  for (let i = 0; i < CHUNK; i++) slots.push(null);
  return slots;
})();

/**
 * A chunk's column of references, every slot null: a copy of `NULL_SLOTS`, of its elements kind,
 * made at its full length (a push loop per chunk grew it by copies three times its size).
 */
export function emptySlots<T>(): (T | null)[] {
  return NULL_SLOTS.slice();
}

/** Shares full chunks between the runs of this process from now on (time travel's worker). */
export function shareSealedChunks(on: boolean): void {
  sharing = on;
}

/** Runs `scratch` with sharing off: chunks of a throwaway clock or log are nobody's to share. */
export function withoutSharing(scratch: () => void): void {
  const was = sharing;
  sharing = false;
  try {
    scratch();
  } finally {
    sharing = was;
  }
}

/** Different chunks kept at one index at most (a twin and its main run are two). */
const VARIANTS_PER_INDEX = 4;
/** Seals between sweeps of the indexes whose chunks were all collected. */
const SWEEP_EVERY = 1024;

export class SealedChunks<C extends object> {
  private readonly byIndex = new Map<number, WeakRef<C>[]>();
  private readonly equal: (a: C, b: C) => boolean;
  private seals = 0;

  constructor(equal: (a: C, b: C) => boolean) {
    this.equal = equal;
  }

  /** The kept chunk equal to `chunk` at absolute chunk `index`, else `chunk` (now kept). */
  seal(index: number, chunk: C): C {
    if (!sharing) return chunk;
    if (++this.seals % SWEEP_EVERY === 0) this.sweep();
    const kept = this.byIndex.get(index) ?? [];
    for (const ref of kept) {
      const other = ref.deref();
      if (other !== undefined && this.equal(other, chunk)) return other;
    }
    const live = kept.filter((ref) => ref.deref() !== undefined);
    if (live.length < VARIANTS_PER_INDEX) live.push(new WeakRef(chunk));
    this.byIndex.set(index, live);
    return chunk;
  }

  private sweep(): void {
    for (const [index, refs] of this.byIndex) {
      if (refs.every((ref) => ref.deref() === undefined)) this.byIndex.delete(index);
    }
  }
}

/**
 * The absolute indexes [from, to) of the full chunks among `count` chunks from chunk `first`, the
 * newest holding index `end` − 1 (it is full when `end` starts the chunk after it).
 */
export function sealedSpan(
  first: number,
  count: number,
  end: number,
): { from: number; to: number } {
  const from = chunkStart(first);
  const to = Math.min(chunkStart(first + count), chunkStart(chunkOf(end)));
  return { from, to: Math.max(from, to) };
}

type Column = Float64Array | Int32Array | Uint8Array | Uint32Array;

/** Whether two typed arrays hold the same bytes (so -0 and 0, or two NaNs, are told apart right). */
export function sameBytes(a: Column, b: Column): boolean {
  if (a.byteLength !== b.byteLength) return false;
  const words = a.byteLength % 4 === 0 && a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0;
  const x = words ? new Int32Array(a.buffer, a.byteOffset, a.byteLength / 4) : bytesOf(a);
  const y = words ? new Int32Array(b.buffer, b.byteOffset, b.byteLength / 4) : bytesOf(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

const bytesOf = (a: Column) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
