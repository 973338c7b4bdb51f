// Indexed reads that state their invariant: the index is in range. With
// `noUncheckedIndexedAccess` every `xs[i]` is `T | undefined`; a cast (`xs[i] as T`) silences the
// type checker and lets a wrong index flow on as `undefined`, far from the bug. These check
// instead, at the cost of one comparison, and fail where the index went wrong.
//
// Two spellings of one check. `at(xs, i)` reads best. On the run's hottest loops (the event heap,
// the driver's source clock, histogram buckets, the wake-up ring, the waiter queue: found with
// `node --cpu-prof` on benchmark (b)) the read stays at the call site as `defined(xs[i])`: V8 keeps
// one type feedback slot for the load inside a shared helper, so `at`, fed arrays of objects,
// numbers and typed arrays alike, compiles to a generic load that cost (b) a fifth of its speed;
// `defined` holds no load, only the comparison, and inlines to nothing.

/** `xs[i]`, which must exist (an index outside the array, or a hole, is a bug in the caller). */
export function at<T>(xs: ArrayLike<T>, i: number): T {
  const x = xs[i];
  if (x === undefined) outOfRange(xs.length, i);
  return x;
}

/** `x`, which must not be undefined: for `defined(xs[i])` on hot paths (see above). */
export function defined<T>(x: T | undefined): T {
  if (x === undefined) missing();
  return x;
}

// Kept apart so the checks stay small enough to inline.
function outOfRange(length: number, i: number): never {
  throw new Error(`at: index ${i} outside [0, ${length})`);
}

function missing(): never {
  throw new Error("defined: an indexed read found nothing (index out of range or a hole)");
}
