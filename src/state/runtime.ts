import { encodeScenario } from "../model/index.ts";
import type { SimulationClient } from "../worker/client.ts";
import type { TrialReading, WindowScrapes } from "../worker/protocol.ts";
import { type AppStore, type AsksFirst, createAppStore } from "./app-store.ts";
import { createProgressStore, type ProgressStore } from "./challenge-progress.ts";
import { type ScheduleFrame, startFrameLoop } from "./frame-loop.ts";
import { createLiveSnapshot, type LiveSnapshot } from "./live-snapshot.ts";
import { createMetricsWindow, type MetricsWindowStore } from "./metrics-window.ts";
import { createPrometheusRequests } from "./prometheus-requests.ts";
import { countScenarioEchoes } from "./scenario-echoes.ts";
import { screenView } from "./snapshot-view.ts";
import { createTravelStore, type TravelStore } from "./travel-store.ts";
import { createTrialRequests } from "./trial-requests.ts";
import { settleTwin } from "./twin-load.ts";
import { scenarioTextOf } from "./url.ts";
import { startUrlSync } from "./url-sync.ts";

// Wires the page together once: the link's scenario into the store, the store's commands to the
// simulation, its replies back into the live snapshot and the store, and the scenario into the
// address. Everything it needs from the browser is passed in, so tests run it in jsdom.

export interface AppRuntime {
  store: AppStore;
  /** The newest frame from the worker, every animation frame: for what watches the run (the
   * tour's triggers, the narration), never for what the page shows. */
  live: LiveSnapshot;
  /**
   * The frame the page shows: every panel's text and canvas, the clock and the scrubber read this
   * one snapshot, so no two of them disagree. It follows `live` a few times a second while
   * playing (numbers change where a reader can read them) and at once when paused.
   */
  shown: LiveSnapshot;
  /** Time travel: the run so far, seeking, breakpoints. */
  travel: TravelStore;
  /** The run's metrics as Prometheus would scrape them (for the copy button). */
  prometheusText(): Promise<string>;
  /** Every run's metrics, a twin's two labelled run="A"|"B" (the Export menu's file). */
  allPrometheusText(): Promise<string>;
  /** Twin run B's metrics, while a twin run is on. */
  twinPrometheusText(): Promise<string>;
  /**
   * The run so far (both runs of a twin) as OpenMetrics for promtool: scraped every `stepS`
   * simulated seconds, simulated second 0 at Unix time `startS`.
   */
  /** The run so far as OpenMetrics, its last sample at Unix second `endS`. */
  openMetricsText(endS: number, stepS: number): Promise<string>;
  /** Every run's scrapes of the last `windowS`, one every `stepS` simulated seconds. */
  windowScrapes(stepS: number, windowS: number): Promise<WindowScrapes>;
  /** The window the metrics are read over, and its newest scrapes. */
  metricsWindow: MetricsWindowStore;
  /** The learner's challenge progress, kept in localStorage. */
  progress: ProgressStore;
  /**
   * A run of `query` apart from the live one, in the worker, from 0 s and read at each of `atS`
   * (simulated seconds, ascending): for a check or a fit that needs other runs than the one on
   * screen. Aborting `signal` cancels it; the promise then rejects with the signal's reason.
   */
  trial(query: string, atS: readonly number[], signal?: AbortSignal): Promise<TrialReading[]>;
  stop(): void;
}

export interface RuntimeDeps {
  client: SimulationClient;
  location: { hash: string; search: string };
  writeQuery: (query: string) => void;
  scheduleFrame: ScheduleFrame;
  wallNowMs: () => number;
  /**
   * Calls back when the address changes under the page (the reader edits it, Back, Forward):
   * `hashchange` and `popstate` in the browser. Returns how to stop listening.
   */
  onAddressChange?: (listener: () => void) => () => void;
  /** Reloads the page: a link that switches between the full page and an embed needs it. */
  reload?: () => void;
  /** Which runs wait, paused at their start, for the page's question to be answered. */
  asksFirst?: AsksFirst;
}

/** A reply outside the protocol (a page and a worker from different builds): said, not fatal. */
function unknownReply(reply: never): string {
  const type = String((reply as { type?: unknown } | null)?.type);
  return `the page got an unknown reply "${type}" from the simulation`;
}

/** How often the shown frame (and the store's copy of its snapshot) follows the run while playing. */
const SHOWN_FRAME_INTERVAL_MS = 250;

export function startApp(deps: RuntimeDeps): AppRuntime {
  const live = createLiveSnapshot();
  const shown = createLiveSnapshot();
  const echoes = countScenarioEchoes(deps.client);
  const client = echoes.client;
  const store = createAppStore(client, live, scenarioTextOf(deps.location), deps.asksFirst);
  let lastCopyMs = Number.NEGATIVE_INFINITY;
  const prometheusRequests = createPrometheusRequests(client);
  const metricsWindow = createMetricsWindow((stepS, windowS) =>
    prometheusRequests.window(stepS, windowS),
  );
  const trials = createTrialRequests(client);
  const travel = createTravelStore(client, () => store.setState({ playing: false }));

  const stopReplies = client.onReply((reply) => {
    const actions = store.getState();
    switch (reply.type) {
      case "snapshot": {
        const { snapshot, wallPlayedMs, twin, reachedSpeed = null, run, opening } = reply;
        const frame = {
          snapshot,
          wallPlayedMs,
          reachedSpeed,
          run,
          ...(twin === undefined ? {} : { twin }),
          ...(opening === undefined ? {} : { opening }),
        };
        live.set(frame);
        const nowMs = deps.wallNowMs();
        if (!reply.playing || nowMs - lastCopyMs >= SHOWN_FRAME_INTERVAL_MS) {
          lastCopyMs = nowMs;
          // One snapshot for the whole page: the store's copy (panels' text) and the shown frame
          // (canvases, clock) change together.
          actions.receiveSnapshot(reply.snapshot, { run, playing: reply.playing });
          shown.set(frame);
          metricsWindow.getState().refresh();
        }
        break;
      }
      case "scenario":
        if (echoes.answered()) actions.receiveScenario(reply.query);
        break;
      case "prometheus":
        prometheusRequests.resolve(reply.requestId, reply.text);
        break;
      case "window":
        prometheusRequests.resolve(reply.requestId, reply.scrapes);
        break;
      case "trial":
        trials.resolve(reply.requestId, reply.readings);
        break;
      case "trialError":
        trials.reject(reply.requestId, reply.message);
        break;
      case "travel":
      case "breakpoint":
        travel.getState().receive(reply);
        break;
      case "builder":
        break; // for the time-travel bench: the page shows nothing of the checkpoints' builder
      case "error":
        prometheusRequests.rejectAll(reply.message);
        trials.rejectAll(reply.message);
        echoes.forget();
        actions.receiveCrash(reply.message);
        break;
      case "protocolError":
        actions.receiveProtocolError(reply.message);
        break;
      case "sweepPoint":
      case "sweepPointError":
        // Only the Sweep dialog's own workers run points (worker/sweep-pool.ts); never this one.
        actions.receiveProtocolError(`the live run's worker answered a sweep's point`);
        break;
      default:
        actions.receiveProtocolError(unknownReply(reply));
    }
  });

  const { scenario, pageKeys, speed, playing } = store.getState();
  const openAtS = Number(pageKeys["t"] ?? "0");
  client.send({
    type: "load",
    query: encodeScenario(scenario),
    startAtS: Number.isFinite(openAtS) && openAtS > 0 ? openAtS : 0,
    ...settleTwin(scenario, pageKeys).load,
  });
  // A run that waits for an answer stays paused (the worker starts so) until the page plays it.
  if (playing) client.send({ type: "play", speed });
  const stopFrames = startFrameLoop(
    client,
    () => screenView(store.getState().selectedRequestId),
    deps.scheduleFrame,
  );
  // The address as the page last wrote or read it: a change to anything else is a new link.
  let addressText = scenarioTextOf(deps.location);
  const stopUrlSync = startUrlSync(store, (query) => {
    addressText = query;
    deps.writeQuery(query);
  });
  const isEmbed = (text: string) => new URLSearchParams(text).get("embed") === "1";
  const stopAddress = deps.onAddressChange?.(() => {
    const text = scenarioTextOf(deps.location);
    if (text === addressText) return;
    if (isEmbed(text) !== isEmbed(addressText)) {
      deps.reload?.();
      return;
    }
    addressText = text;
    store.getState().openLink(text);
  });

  return {
    store,
    live,
    shown,
    travel,
    prometheusText: () => prometheusRequests.request(),
    twinPrometheusText: () => prometheusRequests.request(true),
    allPrometheusText: () => prometheusRequests.both(),
    openMetricsText: (endS, stepS) => prometheusRequests.openMetrics(endS, stepS),
    windowScrapes: (stepS, windowS) => prometheusRequests.window(stepS, windowS),
    metricsWindow,
    progress: createProgressStore(),
    trial: (query, atS, signal) => trials.run(query, atS, signal),
    stop() {
      stopFrames();
      stopUrlSync();
      stopAddress?.();
      stopReplies();
    },
  };
}
