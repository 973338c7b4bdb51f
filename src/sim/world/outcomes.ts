import { defined } from "../lib/at.ts";
import { OUTCOMES, type Outcome, type OutcomeView, type ReadKind } from "../snapshot.ts";
import type { ApiError } from "../storage/errors.ts";
import type { RequestContext } from "../storage/request-context.ts";
import type { Nanos } from "../time.ts";

// What became of every read attempt, for the page: counts by kind and outcome, and the most
// recent attempts in a fixed ring of reused records (no allocation per attempt).

export const READ_KINDS: readonly ReadKind[] = [
  "rv0",
  "consistent",
  "notOlderThan",
  "exact",
  "ryw",
  "relist",
];
export const RECENT_OUTCOMES = 256;

/** What a waiting read is answered when it reaches the wall: etcd after all, 429, or 504. */
export const WALL_OUTCOMES: readonly Outcome[] = ["fallback", "429", "504"];

export function outcomeOf(ctx: RequestContext, err: ApiError | null, code: number): Outcome {
  if (err === null) {
    if (ctx.servedBy === "etcd") return ctx.wokeBy === "timer" ? "fallback" : "etcd";
    return ctx.waitedNs > 0 ? "cacheAfterWait" : "cache";
  }
  if (code === 429 || code === 504 || code === 410) return `${code}`;
  return "other";
}

export class OutcomeLog {
  /** Requests created, ended (after their last attempt), and attempts awaiting an answer. */
  started = 0;
  ended = 0;
  inFlight = 0;
  /** Attempts sent again after an answer with Retry-After (no series of its own). */
  retries = 0;
  /**
   * Attempts by kind (rows, in READ_KINDS order) and outcome (columns, in OUTCOMES order): one
   * array, indexed, where a record per kind keyed by the outcome's name cost two megamorphic
   * lookups and a store per attempt.
   */
  private readonly tally = new Float64Array(READ_KINDS.length * OUTCOMES.length);
  /** The tally's columns summed (attempts by outcome, of any kind), for the marks' checks. */
  private readonly byOutcome = new Float64Array(OUTCOMES.length);
  /**
   * Told of every attempt as it is recorded, or null. Only observers outside the model listen
   * (the golden runs' outcome digest, test/golden/); it reads, never changes, the run.
   */
  onRecord:
    | ((id: number, kind: ReadKind, outcome: Outcome, code: number, atNs: Nanos) => void)
    | null = null;
  private readonly recent: OutcomeView[] = [];
  private next = 0;
  private total = 0;
  private seen = 0;

  constructor() {
    for (let i = 0; i < RECENT_OUTCOMES; i++) {
      this.recent.push({
        id: 0,
        kind: "rv0",
        outcome: "cache",
        atNs: 0,
        waitedNs: 0,
        code: 0,
        message: "",
      });
    }
  }

  record(
    id: number,
    kind: ReadKind,
    ctx: RequestContext,
    err: ApiError | null,
    code: number,
    atNs: Nanos,
  ) {
    const outcome = outcomeOf(ctx, err, code);
    const i = cell(kind, outcome);
    this.tally[i] = defined(this.tally[i]) + 1;
    const column = columnOf(outcome);
    const ofOutcome = defined(this.byOutcome[column]) + 1;
    this.byOutcome[column] = ofOutcome;
    if (ofOutcome === 1) this.seen++;
    this.onRecord?.(id, kind, outcome, code, atNs);
    const slot = defined(this.recent[this.next]);
    slot.id = id;
    slot.kind = kind;
    slot.outcome = outcome;
    slot.atNs = atNs;
    slot.waitedNs = ctx.waitedNs;
    slot.code = code;
    slot.message = err === null ? "" : err.message;
    this.next = (this.next + 1) % RECENT_OUTCOMES;
    this.total++;
  }

  /** Attempts recorded so far: when it has not moved, no count has. */
  get recorded(): number {
    return this.total;
  }

  /** Outcomes attempts have ended in so far: when it has not moved, no outcome is new to the run. */
  get outcomesSeen(): number {
    return this.seen;
  }

  /** Copies of the newest `max` attempts, oldest first. */
  latest(max: number): OutcomeView[] {
    const n = Math.min(max, this.total, RECENT_OUTCOMES);
    const views: OutcomeView[] = [];
    for (let i = n; i >= 1; i--) {
      const slot = defined(this.recent[(this.next - i + RECENT_OUTCOMES) % RECENT_OUTCOMES]);
      views.push({ ...slot });
    }
    return views;
  }

  /** Attempts of `kind` that ended in `outcome` so far. */
  count(kind: ReadKind, outcome: Outcome): number {
    return defined(this.tally[cell(kind, outcome)]);
  }

  /** Attempts of any kind that ended in `outcome` so far. */
  totalOf(outcome: Outcome): number {
    return defined(this.byOutcome[columnOf(outcome)]);
  }

  countsCopy(): Record<ReadKind, Record<Outcome, number>> {
    const copy = {} as Record<ReadKind, Record<Outcome, number>>;
    for (const kind of READ_KINDS) {
      const row = {} as Record<Outcome, number>;
      for (const outcome of OUTCOMES) row[outcome] = this.count(kind, outcome);
      copy[kind] = row;
    }
    return copy;
  }
}

const cell = (kind: ReadKind, outcome: Outcome): number =>
  rowOf(kind) * OUTCOMES.length + columnOf(outcome);

// A kind's place in READ_KINDS and an outcome's in OUTCOMES, by switches that inline to a few
// compares of interned strings (a search, even a short loop, was a call per attempt). Checked
// against the lists when this module loads.
function rowOf(kind: ReadKind): number {
  switch (kind) {
    case "rv0":
      return 0;
    case "consistent":
      return 1;
    case "notOlderThan":
      return 2;
    case "exact":
      return 3;
    case "ryw":
      return 4;
    case "relist":
      return 5;
  }
}

function columnOf(outcome: Outcome): number {
  switch (outcome) {
    case "cache":
      return 0;
    case "cacheAfterWait":
      return 1;
    case "etcd":
      return 2;
    case "fallback":
      return 3;
    case "429":
      return 4;
    case "504":
      return 5;
    case "410":
      return 6;
    case "other":
      return 7;
  }
}

if (READ_KINDS.some((kind, i) => rowOf(kind) !== i) || OUTCOMES.some((o, i) => columnOf(o) !== i)) {
  throw new Error("outcomes: rowOf or columnOf disagrees with READ_KINDS or OUTCOMES");
}
