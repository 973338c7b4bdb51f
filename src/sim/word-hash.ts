// A running 64-bit digest of 32-bit words, kept as two 32-bit halves (FNV-style multiplies with a
// cross fold): the scheduler's trace hash and the driver's arrival digest both use it.

export class WordHash {
  // Kept as int32 from the start (every use reads them through ToInt32 or ToUint32, so the
  // digest is the same): small integers V8 stores in place, where a field declared without a
  // value, or a seed above 2^31, is a boxed number on every event.
  hi = 0;
  lo = 0;

  constructor(hi: number, lo: number) {
    this.hi = hi | 0;
    this.lo = lo | 0;
  }

  word(word: number): void {
    this.lo = Math.imul(this.lo ^ word, 0x01000193);
    this.hi = Math.imul(this.hi ^ (this.lo >>> 13) ^ word, 0x85ebca6b);
    this.lo ^= this.hi >>> 16;
  }

  /** A time in nanoseconds as its low and high 32-bit words. */
  time(atNs: number): void {
    this.word(atNs >>> 0);
    this.word(Math.floor(atNs / 4294967296) >>> 0);
  }
}

/** 32 bits as 8 hex digits. */
export const hex32 = (n: number): string => (n >>> 0).toString(16).padStart(8, "0");
