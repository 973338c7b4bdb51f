// A running 64-bit digest of 32-bit words, kept as two 32-bit halves (FNV-style multiplies with a
// cross fold): the scheduler's trace hash and the driver's arrival digest both use it.

export class WordHash {
  hi: number;
  lo: number;

  constructor(hi: number, lo: number) {
    this.hi = hi;
    this.lo = lo;
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
