import { grownLength } from "../lib/key-ids.ts";
import { RvColumn } from "../lib/rv-column.ts";

// Each key's newest change in the snapshots' undo log (snapshots.ts), in a column by the key's
// number (lib/key-ids.ts) rather than a map by key string: in the large cluster every key is
// written within a few minutes, and a map entry per key was 50 bytes a key each parked run held;
// the column is 4 (lib/rv-column.ts).

export class LastChange {
  /** By key number: the change's absolute index + 1; 0 when the key has none in the log. */
  private readonly slots = new RvColumn(0);

  // By the key's number, which the undo log keeps: dropping a change then looks up no string.

  /** Key number `id`'s newest change, -1 when none (or `id` is -1, a key never numbered). */
  of(id: number): number {
    return id < 0 || id >= this.slots.length ? -1 : this.slots.get(id) - 1;
  }

  set(id: number, index: number): void {
    if (id >= this.slots.length) this.slots.grow(grownLength(id, this.slots.length));
    this.slots.set(id, index + 1);
  }

  delete(id: number): void {
    if (id >= 0 && id < this.slots.length) this.slots.set(id, 0);
  }

  clear(): void {
    this.slots.clear();
  }
}
