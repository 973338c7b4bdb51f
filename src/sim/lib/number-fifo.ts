// A first-in first-out queue of numbers in a growable Float64Array ring: 8 bytes an item, where
// a plain `Fifo<number>` takes a pointer and, for a value that is not a small integer (a time in
// nanoseconds), a boxed number the garbage collector must visit. The ring is `Fifo`'s; only the
// storage differs (a factory, not a subclass: one class keeps the ring's property reads
// monomorphic on the hot path).

import { Fifo, type Slots } from "./fifo.ts";

const float64Slots = (size: number): Slots<number> => new Float64Array(size);

export const numberFifo = (limit: number): Fifo<number> => new Fifo(limit, float64Slots);
