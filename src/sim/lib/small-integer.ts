// V8's unoptimised code reads an element of a Float64Array as a boxed heap number, whole or
// not. One such number stored in an object's field (a pod's `rv`, from etcd's log columns)
// widens that field to a double for every object of the shape: V8 retires the shape, and every
// later object made with it is migrated when first touched, so the functions that read them
// keep missing their inline caches and are never optimised (in the default scenario the watch
// cache's EventSlots.set ran unoptimised for the whole run, ~4 % of its instructions).

/** `x` as a small integer when it is a whole number that fits 32 bits (−0 as 0), else `x`. */
export function smallInteger(x: number): number {
  const small = x | 0;
  return small === x ? small : x;
}
