import { defined } from "./at.ts";
import { sameBytes } from "./sealed-chunks.ts";

// A column of resource versions in 4 bytes a slot: RVs stay below 2^32 − 1 for about 30 hours of
// 40 000 writes/s, and any other value (a larger RV, or what a test gives) is kept exactly in a
// map beside the column, so the column answers what it was given whatever it was. Counts that
// grow no faster than RVs (the snapshots' change numbers) fit it as well.

const WIDE = 0xffff_ffff;

export class RvColumn {
  private narrow: Uint32Array;
  private wide: Map<number, number> | null = null;

  constructor(lengthSlots: number) {
    this.narrow = new Uint32Array(lengthSlots);
  }

  get length(): number {
    return this.narrow.length;
  }

  /** Holds `lengthSlots` slots from now on, the new ones 0. */
  grow(lengthSlots: number): void {
    if (lengthSlots <= this.narrow.length) return;
    const narrow = new Uint32Array(lengthSlots);
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
    if (Number.isInteger(value) && value >= 0 && value < WIDE) {
      this.narrow[slot] = value;
      return;
    }
    this.narrow[slot] = WIDE;
    this.wide ??= new Map();
    this.wide.set(slot, value);
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
