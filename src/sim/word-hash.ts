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

  /**
   * One event: its time's low and high words, then `kind` and `id`, as `time` and two `word`s
   * would mix them. It runs for every heap event and every arrival: the two halves stay in
   * locals for the four rounds instead of a load and two stores of each field per word, and the
   * call is small enough for V8 to inline where `time` was called on its own.
   */
  event(atNs: number, kind: number, id: number): void {
    let lo = this.lo;
    let hi = this.hi;
    let w = atNs >>> 0;
    lo = Math.imul(lo ^ w, 0x01000193);
    hi = Math.imul(hi ^ (lo >>> 13) ^ w, 0x85ebca6b);
    lo ^= hi >>> 16;
    w = Math.floor(atNs / 4294967296) >>> 0;
    lo = Math.imul(lo ^ w, 0x01000193);
    hi = Math.imul(hi ^ (lo >>> 13) ^ w, 0x85ebca6b);
    lo ^= hi >>> 16;
    w = kind;
    lo = Math.imul(lo ^ w, 0x01000193);
    hi = Math.imul(hi ^ (lo >>> 13) ^ w, 0x85ebca6b);
    lo ^= hi >>> 16;
    w = id >>> 0;
    lo = Math.imul(lo ^ w, 0x01000193);
    hi = Math.imul(hi ^ (lo >>> 13) ^ w, 0x85ebca6b);
    lo ^= hi >>> 16;
    this.lo = lo;
    this.hi = hi;
  }

  /** A time in nanoseconds as its low and high 32-bit words. */
  time(atNs: number): void {
    this.word(atNs >>> 0);
    this.word(Math.floor(atNs / 4294967296) >>> 0);
  }
}

/** 32 bits as 8 hex digits. */
export const hex32 = (n: number): string => (n >>> 0).toString(16).padStart(8, "0");
