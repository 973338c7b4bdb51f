import { defined } from "./at.ts";
import { sameBytes } from "./sealed-chunks.ts";

// A column of resource versions in 4 bytes a slot: a signed 32-bit slot holds every whole number
// from −2^31 + 1 to 2^31 − 1, which RVs leave after about 15 hours of 40 000 writes/s, and any
// other value (a larger RV, −0, a fraction, what a test gives) is kept exactly in a map beside the
// column, so the column answers what it was given whatever it was. Signed, so that the −1 that
// etcd's revisions and log indexes use for "none" is as narrow as 0. Counts that grow no faster
// than RVs (the snapshots' change numbers, log indexes) fit it as well.

/** The slot value that sends a read to the map. */
const WIDE = -0x8000_0000;

export class RvColumn {
  /** Each slot's value, or WIDE when `wide` holds it. */
  private narrow: Int32Array<ArrayBuffer>;
  private wide: Map<number, number> | null = null;

  constructor(lengthSlots: number) {
    this.narrow = new Int32Array(lengthSlots);
  }

  get length(): number {
    return this.narrow.length;
  }

  /** Holds `lengthSlots` slots from now on, the new ones 0. */
  grow(lengthSlots: number): void {
    if (lengthSlots <= this.narrow.length) return;
    const narrow = new Int32Array(lengthSlots);
    narrow.set(this.narrow);
    this.narrow = narrow;
  }

  /** Every slot 0. */
  clear(): void {
    this.narrow.fill(0);
    this.wide = null;
  }

  get(slot: number): number {
    const value = defined(this.narrow[slot]);
    return value === WIDE ? defined(this.wide?.get(slot)) : value;
  }

  set(slot: number, value: number): void {
    if (this.narrow[slot] === WIDE) this.wide?.delete(slot);
    // A whole number in 32 bits (`| 0` keeps exactly those), but not −0, which it makes 0.
    if ((value | 0) === value && value !== WIDE && !(value === 0 && 1 / value < 0)) {
      this.narrow[slot] = value;
      return;
    }
    this.narrow[slot] = WIDE;
    this.wide ??= new Map();
    this.wide.set(slot, value);
  }

  /**
   * The first slot in [lo, hi) whose value is above `x`, or `hi`: the values must ascend along
   * the range (lib/bisect.ts firstAbove, on the column).
   */
  firstAbove(x: number, lo: number, hi: number): number {
    if (!(lo <= hi && hi <= this.narrow.length)) {
      throw new Error(`firstAbove: bad range [${lo}, ${hi})`);
    }
    const narrow = this.narrow;
    const wide = this.wide !== null && this.wide.size > 0;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((wide ? this.get(mid) : defined(narrow[mid])) > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Whether `other` holds the same values in every slot (a full chunk found in another run). */
  sameAs(other: RvColumn): boolean {
    if (!sameBytes(this.narrow, other.narrow)) return false;
    const a = this.wide ?? new Map<number, number>();
    const b = other.wide ?? new Map<number, number>();
    if (a.size !== b.size) return false;
    for (const [slot, value] of a) if (!Object.is(b.get(slot), value)) return false;
    return true;
  }
}
