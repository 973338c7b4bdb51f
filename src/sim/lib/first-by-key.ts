// Per key number (lib/key-ids.ts), the first value the process met: the object every later equal
// value can become, so the runs time travel parks side by side hold one copy of what they write
// alike. Which run met a key first decides only which object is kept, never a value: callers keep
// a value of their own where it is not equal to the first.

export class FirstByKey<T extends object> {
  /** By key number, null before a value is met. Grown in order, so it stays a packed array. */
  private readonly firsts: (T | null)[] = [];

  /** Key `id`'s first value: `value` itself when none was met before. */
  first(id: number, value: T): T {
    while (this.firsts.length <= id) this.firsts.push(null);
    const first = this.firsts[id] ?? null;
    if (first !== null) return first;
    this.firsts[id] = value;
    return value;
  }

  /** Key `id`'s first value, null before one was met. */
  get(id: number): T | null {
    return this.firsts[id] ?? null;
  }
}
