// The place of a name in a short constant list (read kinds, outcomes, etcd's reasons), on paths
// run thousands of times a second. `Array.prototype.indexOf` is a builtin call of about 60
// instructions each (benchmark (b) spent 1 % of its instructions there); a keyed record by name
// is a megamorphic lookup. A loop over a handful of interned strings inlines to a few compares.

/** The index of `item` in `items`; -1 when absent. */
export function placeOf<T>(items: readonly T[], item: T): number {
  for (let i = 0; i < items.length; i++) if (items[i] === item) return i;
  return -1;
}
