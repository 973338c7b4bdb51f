import type { SimSnapshot } from "../../../model/index.ts";
import { NS_PER_S } from "../../../model/index.ts";
import type { Challenge } from "../challenge.ts";
import { reached } from "../readings.ts";

const TARGET = 400;
const SETTLED_S = 60;

/** No ring resize in the last `SETTLED_S` seconds (the run's marks record every one). */
const quietFor = (s: SimSnapshot) =>
  !s.marks.some(
    (mark) =>
      (mark.kind === "ringGrow" || mark.kind === "ringShrink") &&
      mark.atNs > s.nowNs - SETTLED_S * NS_PER_S,
  );

export const ringSettles: Challenge = {
  id: "ring-settles",
  title: "Make the ring settle at 400",
  chapter: "ring",
  goal: `At the default 20 writes a second the history ring settles at 1600 events. Make it settle at ${TARGET}: ${TARGET} events, and no resize for a whole minute.`,
  start: "",
  allowed: ["writes"],
  lockedBecause: "only the pace of writes may change: the ring sizes itself.",
  check: {
    description: `capacity ${TARGET} events with no grow or shrink in the last ${SETTLED_S} s, within 600 s`,
    windowS: 600,
    holds: (s) => reached(s, SETTLED_S) && s.ring.capacity === TARGET && quietFor(s),
  },
  hints: [
    "The ring doubles when it is full and its oldest event is younger than the fresh window, 75 s.",
    "So it settles at the first size that holds more than 75 s of writes.",
    `${TARGET} events must cover 75 s of writes and 200 must not: between 2.7 and 5.3 writes a second.`,
  ],
  demonstrates:
    "The ring sizes itself to the fresh window: it doubles while full and its oldest event is younger than 75 s, so it settles at the first size (100 × a power of two) that holds 75 s of writes.",
  solution: "writes=4",
  speed: 20,
};
