import { createStore, type StoreApi } from "zustand/vanilla";
import { numberText } from "../content/number-text.ts";
import type { Fault, Scenario, ScenarioIssue, ScheduleKey, SimSnapshot } from "../model/index.ts";
import { appendToSchedule, encodeScenario, parseScenario } from "../model/index.ts";
import type { SimulationClient } from "../worker/client.ts";
import type { LiveSnapshot } from "./live-snapshot.ts";
import { readOpeningKeys } from "./opening-keys.ts";
import { restartScenario } from "./restart-scenario.ts";
import { clampSpeed } from "./speed.ts";
import { settleTwin } from "./twin-load.ts";

// The page's state: the scenario (what the address records), what the page shows about the run,
// and the actions that send parameters down to the simulation. Observations come back through
// `receive*`, called by the runtime when the worker replies.

export interface AppState {
  scenario: Scenario;
  /**
   * The scenario as the run recorded it: the worker's answer to the page's latest command. A live
   * move is in `scenario` at once, at the page's idea of now; the run records it a moment later,
   * and only this copy says when each move came into force there.
   */
  recorded: Scenario;
  /** Page keys of the link (`t`, `speed`, …): they shape the page, never the run. */
  pageKeys: Readonly<Record<string, string>>;
  /** What was wrong with the link, each with what the page does instead. */
  issues: readonly ScenarioIssue[];
  playing: boolean;
  speed: number;
  /** The snapshot the page shows (the runtime's shown frame): a few times a second, at once when paused. */
  snapshot: SimSnapshot | null;
  /** Where `snapshot` comes from: which of the worker's loads, and whether that run was playing. */
  snapshotFrom: SnapshotSource;
  /** A short note about something the page did on its own (a restart). */
  notice: string | null;
  /** The simulation failed with this message; the page offers a restart. */
  crash: string | null;
  /** The request the code pane and swimlane follow (its trace comes down with each frame). */
  selectedRequestId: number | null;
  /** Links and presets opened since the page loaded (`open`): each opened run is asked afresh. */
  openings: number;
  /**
   * Frames of the worker's loads up to this number come from runs before the newest load (their
   * scenario is no longer the store's): whoever judges a frame against the scenario skips them.
   */
  staleRunsUpTo: number;
}

export interface SnapshotSource {
  /** The worker's load count: a new number is a new run. */
  readonly run: number;
  readonly playing: boolean;
}

export interface AppActions {
  /**
   * Starts a fresh run of a link's scenario text, opened at `startAtS` simulated seconds (by
   * default the link's own `t`). The speed stays as it is. `hold` keeps the run paused at its start
   * (a question waits for its answer); by default the store's `asksFirst` rule decides.
   */
  open(query: string, startAtS?: number, hold?: boolean): void;
  /** Opens a link as a fresh page would (pasted in the address bar, Back, Forward): its speed too. */
  openLink(query: string): void;
  /** Starts over with the default scenario at 1×, from 0 s: the way back from anywhere. */
  resetToDefaults(): void;
  /** A live control move: recorded as `value@now` and applied without a restart. */
  setLive(key: ScheduleKey, value: number): void;
  /** Starts run A again beside a twin run B with the `twin` override (page-key text). */
  compare(twin: string): void;
  /** Ends the twin run; run A goes on alone. */
  endTwin(): void;
  /**
   * A change to keys that cannot change live: the run restarts from 0 s with the live settings in
   * force now, and the page says so.
   */
  restartWith(scenario: Scenario, label: string): void;
  /** The name is only shown, never simulated: it changes without a restart. */
  rename(name: string): void;
  pressFault(fault: Fault): void;
  /** Stops opening a link at its `t`: the run goes on from where the replay got to. */
  cancelOpening(atNs: number): void;
  play(): void;
  pause(): void;
  step(): void;
  /** Starts the scenario, live changes and faults included, again from 0 s. */
  reset(): void;
  setSpeed(speed: number): void;
  restartAfterCrash(): void;
  dismissIssues(): void;
  /** Problems the page found in its own keys (`until`, `panels`, …): shown with the link's. */
  reportIssues(issues: readonly ScenarioIssue[]): void;
  /** The page keys as the page could use them: refused ones go from the address too. */
  settlePageKeys(pageKeys: Readonly<Record<string, string>>): void;
  /** Sets (or, with null, removes) a page key: the page changes, the run does not. */
  setPageKey(key: string, value: string | null): void;
  dismissNotice(): void;
  receiveScenario(query: string): void;
  receiveSnapshot(snapshot: SimSnapshot, from?: SnapshotSource): void;
  receiveCrash(message: string): void;
  /** The page and the worker disagree on a message: the run goes on, the banner says so. */
  receiveProtocolError(message: string): void;
  selectRequest(id: number | null): void;
}

export type AppStore = StoreApi<AppState & AppActions>;

/** Simulated time a single step advances a paused run. */
export const STEP_MS = 100;

/**
 * Whether a run opened with these page keys waits at its start, paused, instead of playing: the
 * page asks a question about it first (src/content/predict/page-question.ts).
 */
export type AsksFirst = (
  scenarioQuery: string,
  pageKeys: Readonly<Record<string, string>>,
) => boolean;

export function createAppStore(
  client: SimulationClient,
  live: LiveSnapshot,
  initialQuery: string,
  asksFirst: AsksFirst = () => false,
): AppStore {
  const initial = parseScenario(initialQuery);
  const opening = readOpeningKeys(initial.page);
  const initialTwin = settleTwin(initial.scenario, opening.pageKeys);
  const initialHold = asksFirst(encodeScenario(initial.scenario), initialTwin.pageKeys);

  return createStore<AppState & AppActions>()((set, get) => {
    const simulatedNowNs = () => live.get()?.snapshot.nowNs ?? 0;
    const load = (scenario: Scenario, startAtS: number) => {
      // A twin that no longer fits the scenario (or never did) is reported and dropped.
      const twin = settleTwin(scenario, get().pageKeys);
      if (twin.pageKeys !== get().pageKeys) {
        set({ pageKeys: twin.pageKeys, issues: [...get().issues, ...twin.issues] });
      }
      set({ staleRunsUpTo: live.get()?.run ?? -1 });
      client.send({ type: "load", query: encodeScenario(scenario), startAtS, ...twin.load });
    };

    return {
      scenario: initial.scenario,
      recorded: initial.scenario,
      pageKeys: initialTwin.pageKeys,
      issues: [...initial.issues, ...opening.issues, ...initialTwin.issues],
      playing: !initialHold,
      speed: opening.speed,
      snapshot: null,
      snapshotFrom: { run: 0, playing: false },
      notice: initial.notices[0] ?? null,
      crash: null,
      selectedRequestId: null,
      openings: 0,
      staleRunsUpTo: -1,

      open(query, startAtS, hold) {
        const parsed = parseScenario(query);
        const keys = readOpeningKeys(parsed.page);
        set({
          scenario: parsed.scenario,
          pageKeys: keys.pageKeys,
          issues: [...parsed.issues, ...keys.issues],
          // How the link was read (an older version, say), or nothing to say.
          notice: parsed.notices[0] ?? null,
          crash: null,
          // Another run: the same id would name some other read.
          selectedRequestId: null,
          openings: get().openings + 1,
        });
        load(parsed.scenario, startAtS ?? keys.openAtS);
        // Paused in the same turn as the load: the worker never plays a moment of the new run.
        if (hold ?? asksFirst(encodeScenario(parsed.scenario), get().pageKeys)) get().pause();
      },
      openLink(query) {
        get().open(query);
        get().setSpeed(readOpeningKeys(parseScenario(query).page).speed);
      },
      resetToDefaults() {
        get().open("");
        get().setSpeed(1);
        if (!get().playing) get().play();
        set({ notice: "Back to the defaults: the default scenario from 0 s at 1×." });
      },
      setLive(key, value) {
        const { scenario } = get();
        const schedule = appendToSchedule(scenario[key], simulatedNowNs(), value);
        set({ scenario: { ...scenario, [key]: schedule } });
        client.send({ type: "set", key, value });
      },
      compare(twin) {
        set({ pageKeys: { ...get().pageKeys, twin } });
        load(get().scenario, 0);
        const started = get().pageKeys["twin"] !== undefined;
        set({ notice: started ? "Twin run: A and B started together from 0 s." : null });
      },
      endTwin() {
        const { twin: _ended, ...pageKeys } = get().pageKeys;
        set({ pageKeys, notice: null });
        client.send({ type: "dropTwin" });
      },
      restartWith(changed, label) {
        const { scenario, kept } = restartScenario(changed, simulatedNowNs());
        set({
          scenario,
          notice: `${label} changed: the run restarted from 0 s${kept}.`,
          selectedRequestId: null,
        });
        load(scenario, 0);
      },
      rename: (name) => set({ scenario: { ...get().scenario, name } }),
      cancelOpening(atNs) {
        client.send({ type: "cancelOpening" });
        const at = `${numberText(atNs / 1e9, 1)} s`;
        set({ notice: `Stopped opening the link at ${at}: the run goes on from there.` });
      },
      pressFault(fault) {
        client.send({ type: "fault", fault });
      },
      play() {
        set({ playing: true });
        client.send({ type: "play", speed: get().speed });
      },
      pause() {
        set({ playing: false });
        client.send({ type: "pause" });
      },
      step() {
        get().pause();
        client.send({ type: "step", simMs: STEP_MS });
      },
      reset() {
        client.send({ type: "reset" });
      },
      setSpeed(speed) {
        set({ speed: clampSpeed(speed) });
        if (get().playing) client.send({ type: "play", speed: get().speed });
      },
      restartAfterCrash() {
        set({ crash: null, playing: true });
        load(get().scenario, 0);
        client.send({ type: "play", speed: get().speed });
      },
      dismissIssues: () => set({ issues: [] }),
      reportIssues(more) {
        const { issues } = get();
        const isNew = (found: ScenarioIssue) =>
          !issues.some((known) => known.key === found.key && known.message === found.message);
        const fresh = more.filter(isNew);
        if (fresh.length > 0) set({ issues: [...issues, ...fresh] });
      },
      settlePageKeys(pageKeys) {
        const current = get().pageKeys;
        const same =
          Object.keys(pageKeys).length === Object.keys(current).length &&
          Object.entries(pageKeys).every(([key, value]) => current[key] === value);
        if (!same) set({ pageKeys });
      },
      setPageKey(key, value) {
        const { [key]: _previous, ...others } = get().pageKeys;
        set({ pageKeys: value === null ? others : { ...others, [key]: value } });
      },
      dismissNotice: () => set({ notice: null }),
      receiveScenario(query) {
        // The name never reaches the simulation (renaming does not restart it): keep the page's.
        const recorded = { ...parseScenario(query).scenario, name: get().scenario.name };
        set({ scenario: recorded, recorded });
      },
      receiveSnapshot: (snapshot, from = { run: 0, playing: false }) =>
        set({ snapshot, snapshotFrom: from }),
      receiveCrash: (message) => set({ crash: message, playing: false }),
      receiveProtocolError: (message) =>
        set({ notice: `Protocol error: ${message}. The run goes on.` }),
      selectRequest: (id) => set({ selectedRequestId: id }),
    };
  });
}
