// Invariants the fast code relies on, checked where they are relied on (as TigerBeetle does): an
// assertion is documentation that runs. Each costs a comparison; the text is a constant, so a
// check that holds builds no string.

/** Fails the run when `holds` is false: the named invariant is broken, so the model has a bug. */
export function assert(holds: boolean, invariant: string): asserts holds {
  if (!holds) broken(invariant);
}

function broken(invariant: string): never {
  throw new Error(`invariant broken: ${invariant}`);
}
