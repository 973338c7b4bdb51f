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
  return new Run(scenario, { countRv0AtOnce: options.countRv0AtOnce ?? true });
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
    const { scheduler } = this.world;
    // Live changes between calls may have replanned the sources.
    this.refreshSourceTimes();
    for (;;) {
      const pointNs = this.timeline.nextNs(this.current);
      const sourceIndex = this.earliestSource();
      const sourceNs = this.sourceNs[sourceIndex] ?? Number.POSITIVE_INFINITY;
      // Heap events never move the timeline or the sources, so they run in a tight loop.
      let heapNs = scheduler.peekNs();
      while (heapNs < pointNs && heapNs <= sourceNs && heapNs <= tNs) {
        this.sampleUntil(heapNs);
        scheduler.step();
        heapNs = scheduler.peekNs();
      }
      const nextNs = Math.min(pointNs, heapNs, sourceNs);
      if (nextNs > tNs) break;
      this.sampleUntil(nextNs);
      scheduler.nowNs = nextNs;
      if (pointNs === nextNs) {
        this.timeline.apply(this.current, nextNs, this.handlers);
        this.refreshSourceTimes();
      } else if (sourceIndex >= 0) {
        const source = defined(this.world.openLoop.sources[sourceIndex]);
        this.sourceTrace.mix(nextNs, sourceIndex, source.process.count);
        source.process.advance();
        this.sourceNs[sourceIndex] = source.process.nextNs;
        source.fire();
      }
    }
    this.sampleUntil(tNs);
    scheduler.runUntil(tNs);
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

  private sampleUntil(tNs: Nanos): void {
    if (this.markWatch.nextCheckNs <= tNs) this.markWatch.observeUntil(tNs);
    if (this.recentCost.nextNs <= tNs) this.recentCost.noteUntil(tNs);
    for (let guard = 0; this.series.nextSampleNs <= tNs && guard < 1_000_000; guard++) {
      this.series.add(this.seriesSample(this.series.nextSampleNs));
    }
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
      restart: () => w.reflector.restart(null),
      compact: () => w.etcd.compact(w.kv.revision),
      away: (away) => w.watchers.away(away.watchers, away.durationNs),
      stall: () => w.stream.applyStalls(),
    };
  }
}
