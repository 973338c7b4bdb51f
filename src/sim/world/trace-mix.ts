import type { Nanos } from "../time.ts";

// A running digest of the work the run's driver does outside the scheduler's heap (open-loop
// arrivals), folded into the scheduler's trace hash so the run's hash covers every event.

export class TraceMix {
  private hi = 0x6a09e667;
  private lo = 0xbb67ae85;

  mix(atNs: Nanos, kind: number, id: number): void {
    this.word(atNs >>> 0);
    this.word(Math.floor(atNs / 4294967296) >>> 0);
    this.word(kind);
    this.word(id >>> 0);
  }

  private word(word: number): void {
    this.lo = Math.imul(this.lo ^ word, 0x01000193);
    this.hi = Math.imul(this.hi ^ (this.lo >>> 13) ^ word, 0x85ebca6b);
    this.lo ^= this.hi >>> 16;
  }

  /** The scheduler's 16-hex-digit hash combined with this one. */
  combine(schedulerHash: string): string {
    const hex = (n: number) => (n >>> 0).toString(16).padStart(8, "0");
    const hi = Number.parseInt(schedulerHash.slice(0, 8), 16) ^ this.hi;
    const lo = Number.parseInt(schedulerHash.slice(8, 16), 16) ^ Math.imul(this.lo, 0x9e3779b1);
    return hex(hi) + hex(lo);
  }
}
