import type { EtcdServer } from "../etcd/server.ts";
import { defined } from "../lib/at.ts";
import type { Randomness } from "../rng.ts";
import {
  READ_MIX_KINDS,
  type ReadMixKind,
  type Scenario,
  type Schedule,
  type ScheduleKey,
} from "../scenario/index.ts";
import type { ListOptions } from "../storage/interfaces.ts";
import { type Nanos, NS_PER_S } from "../time.ts";
import { ArrivalProcess, type Arrivals, ReplayedArrivals } from "./arrivals.ts";
import type { PodIndexes } from "./pods.ts";
import { type ReadDeps, ReadRequest, ServedAtOnce } from "./read-request.ts";
import type { RevisionClock } from "./revision-clock.ts";

// The open-loop sources of a run: writes to pods, writes elsewhere, and independent readers of
// each kind in `mix`. Each has its own random streams, so changing one rate leaves the others'
// draws untouched. Their arrivals are not heap events: the run's driver merges them with the
// scheduler (a few sources need no heap), which keeps 10 000 reads/s cheap.

export interface Source {
  readonly name: string;
  readonly process: Arrivals;
  fire(): void;
}

/**
 * Every arrival of a run's open-loop sources, in each source's order: what a recorded run did
 * and a replayed one does again (sim/script/ exports and runs scripts through it).
 */
export interface RecordedArrivals {
  readonly writes: { readonly atNs: Nanos; readonly pod: number }[];
  readonly otherWrites: Nanos[];
  readonly reads: Record<ReadMixKind, { readonly atNs: Nanos; readonly opts: ListOptions }[]>;
}

export const noArrivals = (): RecordedArrivals => ({
  writes: [],
  otherWrites: [],
  reads: { rv0: [], consistent: [], notOlderThan: [], exact: [] },
});

export interface OpenLoopDeps {
  readonly randomness: Randomness;
  readonly etcd: EtcdServer;
  readonly reads: ReadDeps;
  readonly clock: RevisionClock;
  /** The pods' key indexes in etcd, for writes by index. */
  readonly podIndexes: PodIndexes;
  readonly nowNs: () => Nanos;
  /** Whether an RV=0 read would be answered from the cache at once (see ServedAtOnce). */
  rv0AnsweredAtOnce(): boolean;
  /** Objects in the cache's store (what an RV=0 list returns). */
  cachedObjects(): number;
  /** Arrivals to replay instead of drawing them (a script's run), or null. */
  readonly replay: RecordedArrivals | null;
  /** Where each arrival is written down as it fires (a script's export), or null. */
  readonly record: RecordedArrivals | null;
}

/** `exact` reads pick a moment in the last 60 s (docs/scenarios.md, "Read kinds"). */
export const EXACT_WINDOW_NS = 60 * NS_PER_S;

/** No index names: shared by every list below (two empty arrays per read were garbage). */
const NO_INDEXES: readonly string[] = [];

export const list = (
  resourceVersion: string,
  match: ListOptions["resourceVersionMatch"],
  limit: number,
): ListOptions => ({
  resourceVersion,
  resourceVersionMatch: match,
  recursive: true,
  limit,
  continue: "",
  labelSelector: "",
  fieldSelector: "",
  indexLabels: NO_INDEXES,
  indexFields: NO_INDEXES,
});

/** A watcher's relist: a consistent LIST in pages of 500 (client-go's pager default). */
export const RELIST = list("", "", 500);

const scaled = (schedule: Schedule, share: number): Schedule =>
  schedule.map((p) => ({ atNs: p.atNs, value: p.value * share }));

/**
 * One kind's options at an RV, kept while its reads ask for the same RV and limit: options are
 * never changed, and NotOlderThan reads come several to a revision (a string and an object each).
 */
class OptionsAtRv {
  private readonly match: ListOptions["resourceVersionMatch"];
  private rv = -1;
  private opts: ListOptions | null = null;

  constructor(match: ListOptions["resourceVersionMatch"]) {
    this.match = match;
  }

  at(rv: number, limit: number): ListOptions {
    if (this.opts === null || rv !== this.rv || limit !== this.opts.limit) {
      this.rv = rv;
      this.opts = list(`${rv}`, this.match, limit);
    }
    return this.opts;
  }
}

export class OpenLoop {
  readonly sources: Source[] = [];
  private readonly readers = new Map<ReadMixKind, Arrivals>();
  private readonly writes: Arrivals;
  private readonly otherWrites: Arrivals;
  private readonly deps: OpenLoopDeps;
  /** The options of the kinds whose options never change, with the scenario's limits. */
  private readonly rv0: ListOptions;
  private readonly consistent: ListOptions;
  private readonly limits: Scenario["limits"];
  private readonly rv0AtOnce: ServedAtOnce;
  private readonly notOlderThan = new OptionsAtRv("NotOlderThan");
  private readonly exact = new OptionsAtRv("Exact");

  constructor(scenario: Scenario, deps: OpenLoopDeps) {
    this.deps = deps;
    this.limits = scenario.limits;
    this.rv0 = list("0", "", scenario.limits.rv0);
    this.consistent = list("", "", scenario.limits.consistent);
    this.rv0AtOnce = new ServedAtOnce(deps.reads, "rv0");
    const r = deps.randomness;
    const mode = scenario.arrival;
    const replay = deps.replay;
    const podPick = r.stream("writes.pod");
    const pods = Math.max(1, scenario.objects);
    const indexes = deps.podIndexes;
    this.writes =
      replay === null
        ? new ArrivalProcess(scenario.writes, mode, r.stream("writes"), 0)
        : new ReplayedArrivals(replay.writes.map((w) => w.atNs));
    const writePod = (): number => {
      const n = this.writes.count - 1;
      return replay === null ? podPick.int(pods) : (replay.writes[n]?.pod ?? 0);
    };
    this.add("writes", this.writes, () => {
      const pod = writePod();
      deps.record?.writes.push({ atNs: deps.nowNs(), pod });
      deps.etcd.writePodAt(indexes.of(pod));
    });
    this.otherWrites =
      replay === null
        ? new ArrivalProcess(scenario.otherWrites, mode, r.stream("otherWrites"), 0)
        : new ReplayedArrivals(replay.otherWrites);
    this.add("otherWrites", this.otherWrites, () => {
      deps.record?.otherWrites.push(deps.nowNs());
      deps.etcd.writeOutside();
    });
    const exactPick = r.stream("reads.exact.rv");
    for (const kind of READ_MIX_KINDS) {
      const schedule = scaled(scenario.reads, scenario.mix[kind]);
      const replayed = replay?.reads[kind];
      const process =
        replayed === undefined
          ? new ArrivalProcess(schedule, mode, r.stream(`reads.${kind}`), 0)
          : new ReplayedArrivals(replayed.map((a) => a.atNs));
      this.readers.set(kind, process);
      const options = (): ListOptions =>
        replayed === undefined
          ? this.optionsFor(kind, kind === "exact" ? exactPick.next() : 0)
          : (replayed[process.count - 1]?.opts ?? this.rv0);
      this.add(`reads.${kind}`, process, () => this.read(kind, options()));
    }
  }

  /** A point of `key`'s schedule took effect at `atNs`. */
  replan(key: ScheduleKey, scenario: Scenario, atNs: Nanos): void {
    for (const [process, schedule] of this.affected(key, scenario)) process.replan(schedule, atNs);
  }

  /** `key`'s schedule changed ahead of now: pending arrivals follow the new schedule. */
  reschedule(key: ScheduleKey, scenario: Scenario): void {
    for (const [process, schedule] of this.affected(key, scenario)) process.reschedule(schedule);
  }

  private affected(key: ScheduleKey, scenario: Scenario): [Arrivals, Schedule][] {
    if (key === "writes") return [[this.writes, scenario.writes]];
    if (key === "otherWrites") return [[this.otherWrites, scenario.otherWrites]];
    if (key !== "reads") return [];
    return READ_MIX_KINDS.map((kind) => [
      defined(this.readers.get(kind)),
      scaled(scenario.reads, scenario.mix[kind]),
    ]);
  }

  private add(name: string, process: Arrivals, fire: () => void): void {
    this.sources.push({ name, process, fire });
  }

  private read(kind: ReadMixKind, opts: ListOptions): void {
    this.deps.record?.reads[kind].push({ atNs: this.deps.nowNs(), opts });
    if (kind === "rv0" && this.deps.rv0AnsweredAtOnce()) {
      const objects = this.deps.cachedObjects();
      if (this.rv0AtOnce.answersInTime(objects)) {
        this.rv0AtOnce.count(objects);
        return;
      }
    }
    ReadRequest.start(this.deps.reads, kind, opts, null);
  }

  private optionsFor(kind: ReadMixKind, draw: number): ListOptions {
    switch (kind) {
      case "rv0":
        return this.rv0;
      case "consistent":
        return this.consistent;
      case "notOlderThan":
        return this.notOlderThan.at(this.deps.etcd.kv.revision, this.limits.notOlderThan);
      case "exact": {
        const nowNs = this.deps.nowNs();
        const fromNs = Math.max(0, nowNs - EXACT_WINDOW_NS);
        const atNs = Math.floor(fromNs + draw * (nowNs - fromNs));
        return this.exact.at(this.deps.clock.revisionAt(atNs), this.limits.exact);
      }
    }
  }
}
