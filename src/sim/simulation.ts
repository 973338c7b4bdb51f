import { defined } from "./lib/at.ts";
import { MarkWatch } from "./mark-watch.ts";
import { MarkRecorder, type MarkView } from "./marks.ts";
import type { MetricsRegistry } from "./metrics/registry.ts";
import {
  appendAway,
  appendHerd,
  appendStall,
  appendTime,
  appendToSchedule,
  SCHEDULE_KEYS,
  type Scenario,
  type ScheduleKey,
} from "./scenario/index.ts";
import type { Fault, SimulationApi } from "./simulation-api.ts";
import type { SimSnapshot, SnapshotView } from "./snapshot.ts";
import { type Nanos, NS_PER_S } from "./time.ts";
import { startHerd } from "./world/herd.ts";

import { RecentCost } from "./world/recent-cost.ts";
import { valueNow } from "./world/schedule-value.ts";
import { SeriesBuffer, type SeriesSample } from "./world/series.ts";
import { refreshGauges, seriesSampler, takeSnapshot } from "./world/snapshot-builder.ts";
import { Timeline, type TimelineHandlers } from "./world/timeline.ts";
import { TraceMix } from "./world/trace-mix.ts";
import { buildWorld, type World, type WorldOptions } from "./world/world.ts";

// A run of one scenario: the world (world/world.ts) driven by one loop that merges three
// sources of work in a fixed order at equal times: the scenario's timeline (schedule points and
// faults), the scheduler's heap, then the open-loop arrival sources. Live changes are recorded
// strictly after now, so a live run and the replay of its recorded scenario are the same run.

export interface Simulation extends SimulationApi {
  /** The metrics registry with its computed gauges brought up to date. */
  metrics(): MetricsRegistry;
  /** The run's parts, for tests and benchmarks that check invariants inside the model. */
  readonly world: World;
  /** Marks recorded so far (sim/marks.ts), including those no longer kept. */
  readonly markCount: number;
  /** The kept marks numbered `seq` and later, oldest first. */
  marksSince(seq: number): MarkView[];
  /**
   * Takes over `scenario`, which may differ from the current one only after now: a parked run
   * catching up with later live changes, or a fork dropping a future it has not reached.
   */
  adopt(scenario: Scenario): void;
}

export function createSimulation(
  scenario: Scenario,
  options: Partial<WorldOptions> = {},
): Simulation {
  return new Run(scenario, { ...options, countRv0AtOnce: options.countRv0AtOnce ?? true });
}

class Run implements Simulation {
  private current: Scenario;
  readonly world: World;
  private readonly timeline = new Timeline();
  private readonly series = new SeriesBuffer();
  private readonly seriesSample: (atNs: Nanos) => SeriesSample;
  private readonly recentCost: RecentCost;
  private readonly sourceTrace = new TraceMix();
  private readonly handlers: TimelineHandlers;
  private sourceNs = new Float64Array(0);
  /**
   * The first time any of the three samplers is due (`sampleUntil`): each moves only when it
   * samples, so the driver compares one number per event and arrival instead of loading three.
   */
  private sampleNs: Nanos = 0;
  private readonly marks = new MarkRecorder();
  private readonly markWatch: MarkWatch;

  constructor(scenario: Scenario, options: WorldOptions) {
    this.current = scenario;
    this.world = buildWorld(() => this.current, options);
    this.recentCost = new RecentCost(this.world.rangeStats, (reason) =>
      this.world.metrics.etcdRequestsSoFar(reason),
    );
    this.handlers = this.timelineHandlers();
    this.seriesSample = seriesSampler(this.world);
    this.markWatch = new MarkWatch(this.world, this.marks);
    this.world.ryw.resize(valueNow(scenario.ryw, 0));
    this.world.watchers.resize(valueNow(scenario.watchers, 0));
  }

  get nowNs(): Nanos {
    return this.world.scheduler.nowNs;
  }

  get scenario(): Scenario {
    return this.current;
  }

  get markCount(): number {
    return this.marks.count;
  }

  marksSince(seq: number): MarkView[] {
    return this.marks.view().filter((m) => m.seq >= seq);
  }

  adopt(scenario: Scenario): void {
    if (scenario.seed !== this.current.seed || scenario.objects !== this.current.objects) {
      throw new Error("adopt: a scenario with another seed or start is another run");
    }
    const before = this.current;
    this.current = scenario;
    for (const key of SCHEDULE_KEYS) {
      if (scenario[key] !== before[key]) this.world.openLoop.reschedule(key, scenario);
    }
    if (scenario.stall !== before.stall) this.world.stream.applyStalls();
    this.timeline.invalidate();
  }

  metrics(): MetricsRegistry {
    refreshGauges(this.world);
    return this.world.registry;
  }

  advanceTo(tNs: Nanos): void {
    // Live changes between calls may have replanned the sources.
    this.refreshSourceTimes();
    this.runBefore(tNs);
    if (this.sampleNs <= tNs) this.sampleUntil(tNs);
    this.world.scheduler.runUntil(tNs);
  }

  /**
   * Runs the timeline's points, heap events and arrivals due at or before `tNs`. Its own method
   * because V8 optimises this loop during the first call: code after the loop has then never run,
   * and the optimised advanceTo was thrown away when it first did (a recompile of the run's
   * hottest function in every fresh process).
   */
  private runBefore(tNs: Nanos): void {
    const { scheduler } = this.world;
    const sources = this.world.openLoop.sources;
    for (;;) {
      // Neither heap events nor arrivals move the timeline, so its next point holds until it is
      // applied; between points the two merge in one tight loop, the heap first among equals.
      const pointNs = this.timeline.nextNs(this.current);
      let sourceIndex = this.earliestSource();
      let sourceNs =
        sourceIndex >= 0 ? defined(this.sourceNs[sourceIndex]) : Number.POSITIVE_INFINITY;
      let heapNs = scheduler.peekNs();
      for (;;) {
        if (heapNs <= sourceNs) {
          if (!(heapNs < pointNs && heapNs <= tNs)) break;
          if (this.sampleNs <= heapNs) this.sampleUntil(heapNs);
          scheduler.step();
        } else {
          if (!(sourceNs < pointNs && sourceNs <= tNs)) break;
          if (this.sampleNs <= sourceNs) this.sampleUntil(sourceNs);
          scheduler.nowNs = sourceNs;
          const source = defined(sources[sourceIndex]);
          const process = source.process;
          this.sourceTrace.mix(sourceNs, sourceIndex, process.count);
          process.advance();
          this.sourceNs[sourceIndex] = process.nextNs;
          source.fire();
          sourceIndex = this.earliestSource();
          sourceNs = defined(this.sourceNs[sourceIndex]);
        }
        heapNs = scheduler.peekNs();
      }
      // The timeline's point is due before both, or nothing is left before `tNs`.
      if (pointNs > tNs) break;
      if (this.sampleNs <= pointNs) this.sampleUntil(pointNs);
      scheduler.nowNs = pointNs;
      this.timeline.apply(this.current, pointNs, this.handlers);
      this.refreshSourceTimes();
    }
  }

  /** The index of the open-loop source due first (the first listed among equals), -1: none. */
  private earliestSource(): number {
    const times = this.sourceNs;
    let earliest = times.length > 0 ? 0 : -1;
    let earliestNs = times[0] ?? Number.POSITIVE_INFINITY;
    for (let i = 1; i < times.length; i++) {
      const ns = defined(times[i]);
      if (ns < earliestNs) {
        earliest = i;
        earliestNs = ns;
      }
    }
    return earliest;
  }

  /**
   * Each source's next arrival, read once per arrival instead of through two objects each. A
   * source moves when it fires and when the timeline or a live change replans it; arrivals and
   * heap events replan none.
   */
  private refreshSourceTimes(): void {
    const sources = this.world.openLoop.sources;
    if (this.sourceNs.length !== sources.length) this.sourceNs = new Float64Array(sources.length);
    for (let i = 0; i < sources.length; i++) {
      this.sourceNs[i] = defined(sources[i]).process.nextNs;
    }
  }

  setLive(key: ScheduleKey, value: number): void {
    const atNs = this.nowNs + 1;
    this.current = { ...this.current, [key]: appendToSchedule(this.current[key], atNs, value) };
    this.timeline.invalidate();
    this.world.openLoop.reschedule(key, this.current);
  }

  inject(fault: Fault): void {
    const s = this.current;
    const atNs = this.nowNs + 1;
    const durationNs = "durationS" in fault ? Math.round(fault.durationS * NS_PER_S) : 0;
    if (fault.kind === "stall")
      this.current = { ...s, stall: appendStall(s.stall, atNs, durationNs) };
    if (fault.kind === "restart") this.current = { ...s, restart: appendTime(s.restart, atNs) };
    if (fault.kind === "compact") this.current = { ...s, compact: appendTime(s.compact, atNs) };
    if (fault.kind === "herd")
      this.current = { ...s, herd: appendHerd(s.herd, atNs, fault.clients) };
    if (fault.kind === "away") {
      this.current = { ...s, away: appendAway(s.away, atNs, fault.watchers, durationNs) };
    }
    // A merged stall window may already be open; items in flight move to its new end at once.
    if (fault.kind === "stall") this.world.stream.applyStalls();
    this.timeline.invalidate();
  }

  snapshot(view: SnapshotView): SimSnapshot {
    const marks = { marks: this.marks.view(), markCount: this.marks.count };
    return { ...takeSnapshot(this.world, view, this.series, this.recentCost), ...marks };
  }

  prometheusText(): string {
    refreshGauges(this.world);
    return this.world.registry.exposition();
  }

  traceHash(): string {
    return this.sourceTrace.combine(this.world.scheduler.traceHash());
  }

  /** Brings the marks, the recent costs and the series up to `tNs`; then the next such time. */
  private sampleUntil(tNs: Nanos): void {
    if (this.markWatch.nextCheckNs <= tNs) this.markWatch.observeUntil(tNs);
    if (this.recentCost.nextNs <= tNs) this.recentCost.noteUntil(tNs);
    for (let guard = 0; this.series.nextSampleNs <= tNs && guard < 1_000_000; guard++) {
      this.series.add(this.seriesSample(this.series.nextSampleNs));
    }
    this.sampleNs = Math.min(
      this.markWatch.nextCheckNs,
      this.recentCost.nextNs,
      this.series.nextSampleNs,
    );
  }

  private timelineHandlers(): TimelineHandlers {
    const w = this.world;
    return {
      schedulePoint: (key, atNs) => {
        const value = valueNow(this.current[key], atNs);
        w.openLoop.replan(key, this.current, atNs);
        if (key === "ryw") w.ryw.resize(value);
        if (key === "watchers") w.watchers.resize(value);
        if (key === "etcdConcurrency") w.etcd.ranges.pump();
      },
      herd: (herd) => startHerd(w.reads, herd.clients, this.current.limits.consistent),
      restart: () => w.reflector.restart(),
      compact: () => w.etcd.compact(w.kv.revision),
      away: (away) => w.watchers.away(away.watchers, away.durationNs),
      stall: () => w.stream.applyStalls(),
    };
  }
}
