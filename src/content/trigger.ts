import type { SimSnapshot } from "../model/index.ts";

// A moment the content waits for, read from a snapshot: a tour caption's and a question's.

/** Something the simulation really did, by a deadline in simulated time. */
export interface Trigger {
  /** What the caption waits for, in the words shown while it waits. */
  waitingFor: string;
  /** Simulated seconds from the run's start by which it must have happened (the tests check). */
  windowS: number;
  holds: (snapshot: SimSnapshot) => boolean;
}
