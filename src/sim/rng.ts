// Seeded randomness with one independent stream per source (writes, reads, lag, …), so moving one
// slider does not reshuffle the others. Only integer ops and Math.log: identical in every engine.

/** A 32-bit mix of a string, used to derive a stream's seed from its name. */
function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class RandomStream {
  // A number from the start (see world/arrivals.ts `lastNs`): declared without a value, the
  // field would box each of its uint32 states above 2^31 in a fresh heap number.
  private state = 0;

  constructor(seed: number, name: string) {
    this.state = (Math.imul(seed >>> 0, 0x9e3779b9) ^ hashName(name)) >>> 0;
  }

  /** Uniform in [0, 1) (splitmix32). */
  next(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    z ^= z >>> 15;
    return (z >>> 0) / 4294967296;
  }

  /** Exponentially distributed with the given mean (0 gives 0). */
  exponential(mean: number): number {
    if (mean <= 0) return 0;
    return -mean * Math.log(1 - this.next());
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
}

export class Randomness {
  private readonly streams = new Map<string, RandomStream>();
  readonly seed: number;

  constructor(seed: number) {
    this.seed = seed;
  }

  stream(name: string): RandomStream {
    let s = this.streams.get(name);
    if (s === undefined) {
      s = new RandomStream(this.seed, name);
      this.streams.set(name, s);
    }
    return s;
  }
}
