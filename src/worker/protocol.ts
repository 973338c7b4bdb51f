import type {
  Fault,
  MarkKind,
  ScenarioKey,
  ScheduleKey,
  SimSnapshot,
  SnapshotView,
} from "../model/index.ts";
import type { PointJob, PointResult } from "../sweep/point-job.ts";

// The messages between the page and the worker hosting the simulation. Commands go down, replies
// come up; nothing else crosses the boundary.

export type WorkerCommand =
  /**
   * Starts a fresh run of `query` (scenario text), advanced to `startAtS` simulated seconds; with
   * `twin`, a twin run beside it on the same clock.
   */
  | { type: "load"; query: string; startAtS: number; twin?: TwinSpec }
  /** Ends the twin run; the main run goes on. */
  | { type: "dropTwin" }
  /** Stops a load's replay toward its `startAtS`: the run stays where the replay got to. */
  | { type: "cancelOpening" }
  /** A schedule key takes `value` from the current simulated moment on. */
  | { type: "set"; key: ScheduleKey; value: number }
  | { type: "fault"; fault: Fault }
  | { type: "play"; speed: number }
  | { type: "pause" }
  /** Advances a paused run by `simMs` of simulated time. */
  | { type: "step"; simMs: number }
  /** Starts the current scenario (live changes included) again from 0 s. */
  | { type: "reset" }
  /** The page is ready to draw another snapshot; the worker answers when it has one. */
  | { type: "frame"; view: SnapshotView }
  /**
   * Every metric in the Prometheus text format (twin run B's with `twin`; with `both`, a twin's
   * two runs labelled `run="A"|"B"`), answered with the same `requestId`.
   */
  | { type: "prometheus"; requestId: number; twin?: boolean; both?: boolean }
  /**
   * The run so far (both runs of a twin, labelled `run`) as OpenMetrics, as `npm run sim -- --format
   * openmetrics` prints it: replayed from 0 s and scraped every `stepS` simulated seconds,
   * timestamps from `startS` (Unix seconds). Answered as a `prometheus` reply with the same id.
   */
  | { type: "openmetrics"; requestId: number; endS: number; stepS: number }
  /**
   * The scrapes of the last `windowS` (read-wait buckets, consistent reads) of every run, taken
   * every `stepS` simulated seconds as the OpenMetrics export takes them (worker/window-scrapes.ts).
   */
  | { type: "window"; requestId: number; stepS: number; windowS: number }
  /** Moves to simulated time `atNs` of the run so far, backwards or forwards, by replay. */
  | { type: "seek"; atNs: number }
  /** While playing, pause on a mark of one of `kinds` or when the lag rises above `lagAboveMs`. */
  | { type: "breakpoints"; kinds: readonly MarkKind[]; lagAboveMs: number | null }
  /**
   * A run of `query` apart from the live one, from 0 s, read at each of `atS` (simulated seconds,
   * ascending): a challenge's check or a scrape's fit. Run in short turns between the live run's
   * frames; answered by a `trial` (or `trialError`) reply with the same id, loaded run or not.
   */
  | { type: "trial"; requestId: number; query: string; atS: readonly number[] }
  /** Drops a trial whose answer the page no longer wants: no reply comes. */
  | { type: "cancelTrial"; requestId: number }
  /**
   * One point of a sweep (sweep/point.ts), run at once to its end in this worker, apart from any
   * live run: the Sweep dialog's pool (worker/sweep-pool.ts) sends these to workers of its own.
   * Answered by a `sweepPoint` (or `sweepPointError`) reply with the same id.
   */
  | { type: "sweepPoint"; requestId: number; job: PointJob };

export type WorkerReply =
  | {
      type: "snapshot";
      snapshot: SimSnapshot;
      playing: boolean;
      wallPlayedMs: number;
      /** Counts the worker's loads: frames of a new run carry a new number. */
      run: number;
      /** Simulated per wall time over the last seconds of play; null while paused or settling. */
      reachedSpeed?: number | null;
      /** The twin run at the same simulated moment, when there is one. */
      twin?: SimSnapshot;
      /** While a load still replays toward its `startAtS`: where it is going. */
      opening?: { targetNs: number };
    }
  /** The scenario text of the run as it now stands, sent after every change to it. */
  | { type: "scenario"; query: string }
  | { type: "prometheus"; requestId: number; text: string }
  | { type: "window"; requestId: number; scrapes: WindowScrapes }
  | { type: "error"; message: string }
  /** The worker got a command it does not know; the run goes on. */
  | { type: "protocolError"; message: string }
  /**
   * The run so far reaches `furthestNs`; after a live change made while viewing the past,
   * `forkedAtNs` is where the run forked (its later changes were dropped). Also sent when a seek
   * is done.
   */
  | { type: "travel"; furthestNs: number; forkedAtNs: number | null }
  /**
   * The seek checkpoints' builder after a turn: the runs parked, and whether it has nothing left
   * to build. Sent when that changes or after a seek; the page shows nothing of it (the
   * time-travel bench waits on it, scripts/bench-time-travel-browser.mjs).
   */
  | { type: "builder"; checkpoints: number; idle: boolean }
  /**
   * A breakpoint paused the run at `atNs` (the moment the snapshot that follows shows); `reason`
   * says what happened, in plain words.
   */
  | { type: "breakpoint"; reason: string; atNs: number }
  /** A trial's readings, one per moment asked, in order. */
  | { type: "trial"; requestId: number; readings: TrialReading[] }
  /** Why a trial could not run (bad moments, a broken invariant); the live run is not touched. */
  | { type: "trialError"; requestId: number; message: string }
  | { type: "sweepPoint"; requestId: number; result: PointResult }
  | { type: "sweepPointError"; requestId: number; message: string };

/** A trial run read at one moment: its metrics as Prometheus scrapes them, and its counts. */
export interface TrialReading {
  atS: number;
  text: string;
  snapshot: SimSnapshot;
}

/** One scraped sample: simulated seconds since the start, and the value then. */
export interface ScrapedPoint {
  tS: number;
  value: number;
}

/** One run's scrapes in a window; `run` is "A" or "B" in a twin. */
export interface RunScrapes {
  run?: string;
  /** apiserver_watch_cache_read_wait_seconds_bucket: finite bounds, then a series per `le` and +Inf. */
  readWait: { bounds: number[]; points: ScrapedPoint[][]; firstS: number } | null;
  /** apiserver_watch_cache_consistent_read_total, one series per label pair seen. */
  consistentReads: { success: string; fallback: string; points: ScrapedPoint[]; firstS: number }[];
  /** The series the compare view's and the report's figures read over the window (DECISION_FAMILIES). */
  series: ScrapedSeries[];
}

/** One scraped sample line: its name with suffix (`…_bucket`), its own labels (no run, no scenario). */
export interface ScrapedSeries {
  name: string;
  labels: Record<string, string>;
  points: ScrapedPoint[];
}

/** The scrapes in [atS − windowS, atS] of every run, `atS` being the run's moment. */
export interface WindowScrapes {
  atS: number;
  stepS: number;
  windowS: number;
  runs: RunScrapes[];
}

/** Run B of a twin pair: its whole scenario, and the keys it sets apart from run A. */
export interface TwinSpec {
  query: string;
  differing: readonly ScenarioKey[];
}

/** Series buffers travel as transferables: cloning them would cost a copy per frame. */
export function transferablesOf(snapshot: SimSnapshot): ArrayBuffer[] {
  // A buffer listed twice makes postMessage throw, and series may share one buffer.
  const buffers = new Set<ArrayBuffer>();
  for (const array of Object.values(snapshot.series)) {
    if (array.buffer instanceof ArrayBuffer) buffers.add(array.buffer);
  }
  return [...buffers];
}
