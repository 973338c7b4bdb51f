import { FIRST_MARK_KINDS, type MarkRecorder } from "./marks.ts";
import type { Scenario } from "./scenario/index.ts";
import type { OutcomeView } from "./snapshot.ts";
import { type Nanos, NS_PER_MS, NS_PER_S } from "./time.ts";
import { lagSeconds, readWaitWall } from "./world/snapshot-builder.ts";
import type { World } from "./world/world.ts";

// Finds the notable moments of a run by looking at the world every CHECK_NS of simulated time,
// from outside the model: nothing in the apiserver or etcd knows it is watched. A check at C sees
// exactly the events before C (the run calls it where it samples its series), so the marks do not
// depend on how the run was sliced into advances. Where the model keeps the exact moment (an
// outcome's time, a fault's time in the scenario) the mark carries it; otherwise it carries C.

export const CHECK_NS: Nanos = 10 * NS_PER_MS;
/** Outcome counts take longer to read: they are looked at every other check. */
const OUTCOME_CHECK_NS: Nanos = 20 * NS_PER_MS;
/** Lag levels that mark a crossing upward; the way back down is marked below half the level. */
export const LAG_LEVELS_S = [1, 3] as const;
/** Checks this close before a level's crossing read the lag, whatever the division rounds. */
const LAG_EDGE_NS: Nanos = 1_000;

const FIRST_OUTCOMES = [
  ["cacheAfterWait", "firstServedAfterWait", "a read was served from the cache after waiting"],
  ["fallback", "firstFallback", "a read hit the wall and fell back to etcd"],
  ["429", "first429", "a read got 429 Too Many Requests (Retry-After: 1)"],
  ["504", "first504", "a read got 504 Gateway Timeout (Retry-After: 1)"],
  ["410", "first410", "a read or watch got 410 Gone: too old"],
] as const;

const seconds = (ns: Nanos) => `${Number((ns / NS_PER_S).toFixed(3))} s`;

export class MarkWatch {
  nextCheckNs: Nanos = CHECK_NS;
  private readonly world: World;
  private readonly marks: MarkRecorder;
  private lastCheckNs: Nanos = 0;
  private capacity: number;
  private ready = true;
  private pendingSinceNs: Nanos = 0;
  private compactedRevision: number;
  private lagLevel = 0;
  private firstsDone = false;
  private nextOutcomeCheckNs: Nanos = 0;
  /** The outcome log's `recorded` when the counts were last read. */
  private outcomesRead = -1;
  /** The outcome log's `outcomesSeen` when the first marks were last looked for. */
  private outcomesSeenRead = -1;
  private firstWaitMarked = false;
  /** The scenario whose fault times `nextFaultNs` was found in. */
  private faultsOf: Scenario | null = null;
  /** Its earliest fault time at or after the last check, +Infinity when none is left. */
  private nextFaultNs: Nanos = Number.POSITIVE_INFINITY;
  /** The cache's revision when the lag was last read. */
  private lagRv = -1;
  /** No check before this crosses a lag level: below the first, at all; above, while the cache
   * stays at `lagRv` (quietLag). */
  private lagQuietUntilNs: Nanos = 0;

  constructor(world: World, marks: MarkRecorder) {
    this.world = world;
    this.marks = marks;
    this.capacity = world.cache.history.capacity;
    this.compactedRevision = world.kv.compactedRevision;
  }

  /** Runs every check due at or before `tNs`. */
  observeUntil(tNs: Nanos): void {
    for (let guard = 0; this.nextCheckNs <= tNs && guard < 10_000_000; guard++) {
      this.check(this.nextCheckNs);
      this.lastCheckNs = this.nextCheckNs;
      this.nextCheckNs += CHECK_NS;
    }
  }

  private check(atNs: Nanos): void {
    this.checkWaits(atNs);
    this.checkFaults(atNs);
    this.checkReadiness(atNs);
    this.checkRing(atNs);
    this.checkCompaction(atNs);
    this.checkLag(atNs);
  }

  /** Outcome counts are read every OUTCOME_CHECK_NS; the marks carry the outcomes' own times. */
  private checkWaits(atNs: Nanos): void {
    if (this.firstsDone) return;
    const parked = !this.firstWaitMarked && this.world.cache.waiterCount > 0;
    if (!parked && atNs < this.nextOutcomeCheckNs) return;
    this.nextOutcomeCheckNs = atNs + OUTCOME_CHECK_NS;
    // No attempt recorded since the counts were last read, and nobody newly parked: they would
    // decide as they did then.
    const { outcomes } = this.world;
    if (!parked && outcomes.recorded === this.outcomesRead) return;
    this.outcomesRead = outcomes.recorded;
    // Every first mark is of an outcome's first attempt (a wait that ended is a cacheAfterWait or
    // a fallback): with nobody newly parked and no outcome new to the run, none is due. The
    // search below then runs a few times a run, too rarely for V8 to compile it.
    if (!parked && outcomes.outcomesSeen === this.outcomesSeenRead) return;
    this.outcomesSeenRead = outcomes.outcomesSeen;
    this.markFirsts(atNs);
  }

  private markFirsts(atNs: Nanos): void {
    const { outcomes } = this.world;
    const marksBefore = this.marks.count;
    this.checkFirstWait(atNs);
    for (const [outcome, kind, detail] of FIRST_OUTCOMES) {
      if (outcomes.totalOf(outcome) === 0 || this.marks.has(kind)) continue;
      const said = outcome === "fallback" ? `${detail}${this.wallBucketWords()}` : detail;
      this.marks.record(this.earliest((o) => o.outcome === outcome)?.atNs ?? atNs, kind, said);
    }
    if (this.marks.count === marksBefore) return;
    this.firstsDone = FIRST_MARK_KINDS.every((kind) => this.marks.has(kind));
  }

  /** Where the wait of a read that hit the wall is counted, as the Metrics panel marks it. */
  private wallBucketWords(): string {
    const { observedS, le } = readWaitWall(this.world);
    return `; its wait was observed at ${Number(observedS.toFixed(6))} s, in the le="${le}" bucket`;
  }

  /** A read parked now, or one that waited and has ended (a wait shorter than a check). */
  private checkFirstWait(atNs: Nanos): void {
    const { cache } = this.world;
    if (this.marks.has("firstWait")) return;
    const parkedNs = cache.waiterCount > 0 ? cache.waiters(1)[0]?.startNs : undefined;
    const { outcomes } = this.world;
    const waited = outcomes.totalOf("cacheAfterWait") + outcomes.totalOf("fallback") > 0;
    const ended = waited ? this.earliest((o) => o.waitedNs > 0) : undefined;
    // An ended wait the recent log no longer holds happened before this check.
    const endedNs = ended ? ended.atNs - ended.waitedNs : waited ? atNs : undefined;
    const starts = [parkedNs, endedNs].filter((t) => t !== undefined);
    if (starts.length === 0) return;
    const detail = "a read parked on the condition variable: the cache was behind";
    this.marks.record(Math.min(...starts), "firstWait", detail);
    this.firstWaitMarked = true;
  }

  /** The oldest recent outcome that matches (the log keeps the last few hundred). */
  private earliest(match: (o: OutcomeView) => boolean): OutcomeView | undefined {
    return this.world.outcomes.latest(Number.POSITIVE_INFINITY).find(match);
  }

  /** Faults are in the scenario with their times: mark those that fell in [last check, this one). */
  private checkFaults(atNs: Nanos): void {
    const s = this.world.scenarioNow();
    // A scenario is never changed in place: a live fault or change makes a new one.
    if (s !== this.faultsOf) {
      this.faultsOf = s;
      this.nextFaultNs = firstFaultFrom(s, this.lastCheckNs);
    }
    if (this.nextFaultNs >= atNs) return;
    this.markFaults(s, atNs);
    this.nextFaultNs = firstFaultFrom(s, atNs);
  }

  private markFaults(s: Scenario, atNs: Nanos): void {
    const inWindow = (t: Nanos) => t >= this.lastCheckNs && t < atNs;
    for (const stall of s.stall) {
      if (inWindow(stall.startNs)) {
        const lasting = seconds(stall.endNs - stall.startNs);
        this.marks.record(stall.startNs, "stallStart", `the watch stream stalled for ${lasting}`);
      }
      if (inWindow(stall.endNs)) {
        this.marks.record(stall.endNs, "stallEnd", "the watch stream flows again");
      }
    }
    for (const herd of s.herd) {
      if (inWindow(herd.atNs)) {
        this.marks.record(herd.atNs, "herd", `a herd of ${herd.clients} consistent LISTs`);
      }
    }
    for (const away of s.away) {
      if (inWindow(away.atNs)) {
        const detail = `${away.watchers} watchers went away for ${seconds(away.durationNs)}`;
        this.marks.record(away.atNs, "away", detail);
      }
    }
  }

  private checkReadiness(atNs: Nanos): void {
    const ready = this.world.apiserver.ready();
    if (ready === this.ready) return;
    this.ready = ready;
    if (!ready) {
      const s = this.world.scenarioNow();
      // A pressed restart, or a compaction that left the watch behind, happened at a known time.
      this.pendingSinceNs =
        this.scheduledIn(s.restart, atNs) ?? this.scheduledIn(s.compact, atNs) ?? atNs;
      this.marks.record(
        this.pendingSinceNs,
        "pending",
        "the cache went Pending and relists from etcd",
      );
    } else {
      const after = seconds(atNs - this.pendingSinceNs);
      this.marks.record(atNs, "ready", `the cache is ready again after ${after}`);
    }
  }

  /** The scenario's moment in (last check, this one], if there is one. */
  private scheduledIn(times: readonly Nanos[], atNs: Nanos): Nanos | undefined {
    return times.find((t) => t >= this.lastCheckNs && t < atNs);
  }

  private checkRing(atNs: Nanos): void {
    const capacity = this.world.cache.history.capacity;
    if (capacity === this.capacity) return;
    const from = this.capacity;
    this.capacity = capacity;
    const grew = capacity > from;
    const detail = `the history ring ${grew ? "grew" : "shrank"} from ${from} to ${capacity} events`;
    const kind = grew ? "ringGrow" : "ringShrink";
    this.marks.record(atNs, kind, detail, new RingResize(from, capacity));
  }

  private checkCompaction(atNs: Nanos): void {
    const compacted = this.world.kv.compactedRevision;
    if (compacted === this.compactedRevision) return;
    this.compactedRevision = compacted;
    const pressedNs = this.scheduledIn(this.world.scenarioNow().compact, atNs);
    this.marks.record(
      pressedNs ?? atNs,
      "compaction",
      `etcd compacted up to revision ${compacted}`,
    );
  }

  private checkLag(atNs: Nanos): void {
    if (atNs < this.lagQuietUntilNs) {
      if (this.lagLevel === 0 || this.world.cache.resourceVersion === this.lagRv) return;
    }
    const lag = lagSeconds(this.world, atNs);
    const up = LAG_LEVELS_S[this.lagLevel];
    if (up !== undefined && lag >= up) {
      this.lagLevel++;
      this.lagQuietUntilNs = 0;
      this.marks.record(atNs, "lagAbove", `the cache fell more than ${up} s behind etcd`);
      return;
    }
    const down = LAG_LEVELS_S[this.lagLevel - 1];
    if (down !== undefined && lag < down / 2) {
      this.lagLevel--;
      this.lagQuietUntilNs = 0;
      this.marks.record(atNs, "lagBelow", `the cache is back within ${down / 2} s of etcd`);
      return;
    }
    this.quietLag(atNs);
  }

  /**
   * Until when no check can cross a level. The lag runs from when etcd passed the cache's
   * revision; for a cache that holds etcd's, from a write still to come (the check sees every
   * event before it). Events, bookmarks and relists only raise the cache's revision, and etcd
   * reached a later revision no earlier (the clock keeps the one the lag reads, revision-clock.ts):
   * while the cache stays, its lag grows with the check's time alone, and when it moves up, the lag
   * can only be smaller. So below the first level, where only a rise is marked, no check before the
   * lag could first reach it crosses; above, a cache that moved may have come back down.
   */
  private quietLag(atNs: Nanos): void {
    const cacheRv = this.world.cache.resourceVersion;
    const sinceNs =
      cacheRv < this.world.kv.revision ? this.world.clock.reachedAt(cacheRv + 1) : atNs;
    const up = LAG_LEVELS_S[this.lagLevel];
    this.lagRv = cacheRv;
    if (sinceNs === null) this.lagQuietUntilNs = 0;
    else if (up === undefined) this.lagQuietUntilNs = Number.POSITIVE_INFINITY;
    else this.lagQuietUntilNs = sinceNs + up * NS_PER_S - LAG_EDGE_NS;
  }
}

/** The earliest fault time of `s` at or after `fromNs`, +Infinity when there is none. */
function firstFaultFrom(s: Scenario, fromNs: Nanos): Nanos {
  let first = Number.POSITIVE_INFINITY;
  const consider = (t: Nanos) => {
    if (t >= fromNs && t < first) first = t;
  };
  for (const stall of s.stall) {
    consider(stall.startNs);
    consider(stall.endNs);
  }
  for (const herd of s.herd) consider(herd.atNs);
  for (const away of s.away) consider(away.atNs);
  return first;
}

/**
 * A ring mark's capacities, as a class rather than an object literal: V8 builds a literal's
 * template at its second run, widening the type of a field that holds an object, and the second
 * ring mark came after the marks' checks were optimised, which that threw away.
 */
class RingResize {
  readonly capacity: { from: number; to: number };
  constructor(from: number, to: number) {
    this.capacity = { from, to };
  }
}
