import type { Nanos } from "../time.ts";
import { hex32, WordHash } from "../word-hash.ts";

// A running digest of the work the run's driver does outside the scheduler's heap (open-loop
// arrivals), folded into the scheduler's trace hash so the run's hash covers every event.

export class TraceMix {
  private readonly hash = new WordHash(0x6a09e667, 0xbb67ae85);

  mix(atNs: Nanos, kind: number, id: number): void {
    this.hash.event(atNs, kind, id);
  }

  /** The scheduler's 16-hex-digit hash combined with this one. */
  combine(schedulerHash: string): string {
    const hi = Number.parseInt(schedulerHash.slice(0, 8), 16) ^ this.hash.hi;
    const lo =
      Number.parseInt(schedulerHash.slice(8, 16), 16) ^ Math.imul(this.hash.lo, 0x9e3779b1);
    return hex32(hi) + hex32(lo);
  }
}
