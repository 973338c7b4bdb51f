// A first-in first-out queue of numbers in a growable Float64Array ring: 8 bytes an item, always.
// Over a plain array, times in nanoseconds (never V8's small integers) stay 8 bytes only while V8
// keeps the array one of unboxed doubles; one other write turns it into pointers to boxed numbers
// the collector must visit (docs/architecture.md, "Structures kept for speed"). The ring is
// `Fifo`'s; only the storage differs.

import { Fifo, type Slots } from "./fifo.ts";

const float64Slots = (size: number): Slots<number> => new Float64Array(size);

export const numberFifo = (limit: number): Fifo<number> => new Fifo(limit, float64Slots);
