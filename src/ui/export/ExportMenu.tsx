import { type KeyboardEvent, useId, useState } from "react";
import { DEFAULT_STEP_S, defaultEndS } from "../../metrics-export/run-export.ts";
import { encodeScenario, toSeconds } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { EMBEDDABLE_PANELS } from "../embed/embeddablePanels.tsx";
import { Later, MOUNT_TURN } from "../layout/MountTurns.tsx";
import { ReportButton } from "../report/ReportDialog.tsx";
import { download } from "./download.ts";
import { findPanel, panelSvg, svgToPng } from "./panelImage.ts";
import { requestHistoryJson } from "./requestLog.ts";
import { seriesCsv } from "./seriesCsv.ts";
import { useRequestLog } from "./useRequestLog.ts";
import "./export.css";

const FILE_PREFIX = "watch-cache-lab";
const PNG_SCALE = 2;

function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  if (event.key !== "Escape" || !event.currentTarget.open) return;
  event.currentTarget.open = false;
  event.currentTarget.querySelector("summary")?.focus();
}

/** The header's Export menu: metrics, time series, request history and panel pictures as files. */
export function ExportMenu() {
  const runtime = useRuntime();
  const log = useRequestLog();
  const panelSelect = useId();
  const [panelId, setPanelId] = useState(EMBEDDABLE_PANELS[0]?.id ?? "");
  const [status, setStatus] = useState("");

  const save = async (filename: string, make: () => Promise<Blob> | Blob) => {
    try {
      download(await make(), `${FILE_PREFIX}-${filename}`);
      setStatus(`Saved ${FILE_PREFIX}-${filename}`);
    } catch (error) {
      setStatus(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const snapshot = () => runtime.live.get()?.snapshot ?? null;
  const text = (content: string, type: string) => new Blob([content], { type });

  const metrics = () =>
    save("metrics.prom", async () =>
      text(await runtime.allPrometheusText(), "text/plain; version=0.0.4; charset=utf-8"),
    );
  const openMetrics = () => {
    setStatus("Replaying the run for the OpenMetrics file…");
    const endS = defaultEndS(Date.now());
    save("run.om", async () =>
      text(
        await runtime.openMetricsText(endS, DEFAULT_STEP_S),
        "application/openmetrics-text; version=1.0.0; charset=utf-8",
      ),
    );
  };
  const series = () => {
    const current = snapshot();
    if (current) save("series.csv", () => text(seriesCsv(current.series), "text/csv"));
  };
  const history = () => {
    const scenario = encodeScenario(runtime.store.getState().scenario);
    const json = requestHistoryJson(scenario, snapshot()?.nowNs ?? 0, log);
    save("requests.json", () => text(json, "application/json"));
  };
  const panelPicture = (format: "svg" | "png") => {
    const entry = EMBEDDABLE_PANELS.find((candidate) => candidate.id === panelId);
    const card = entry ? findPanel(entry.title) : null;
    if (!card) {
      setStatus("That panel is not on the page");
      return;
    }
    const { scenario } = runtime.store.getState();
    const atS = toSeconds(snapshot()?.nowNs ?? 0);
    const named =
      scenario.name === "" ? encodeScenario(scenario) || "default scenario" : scenario.name;
    const picture = panelSvg(card, `${named} · at ${atS.toFixed(1)} s simulated · Watch Cache Lab`);
    save(`${panelId}.${format}`, () =>
      format === "svg" ? text(picture.svg, "image/svg+xml") : svgToPng(picture, PNG_SCALE),
    );
  };

  return (
    <details className="export-menu" onKeyDown={closeOnEscape}>
      <summary aria-keyshortcuts="e">Export</summary>
      <div className="export-list">
        <Later turn={MOUNT_TURN.menus}>
          <ReportButton />
          <button type="button" onClick={metrics}>
            Metrics, Prometheus text
          </button>
          <button
            type="button"
            onClick={openMetrics}
            title={`Every series every ${DEFAULT_STEP_S} simulated seconds, the last sample at the current minute: promtool tsdb create-blocks-from openmetrics backfills it`}
          >
            Run as OpenMetrics, for promtool
          </button>
          <button type="button" onClick={series}>
            Time series, CSV
          </button>
          <button type="button" onClick={history}>
            Request history, JSON
          </button>
          <div className="export-panel">
            <label htmlFor={panelSelect}>Panel</label>
            <select id={panelSelect} value={panelId} onChange={(e) => setPanelId(e.target.value)}>
              {EMBEDDABLE_PANELS.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.title}
                </option>
              ))}
            </select>
            <button type="button" onClick={() => panelPicture("png")}>
              PNG
            </button>
            <button type="button" onClick={() => panelPicture("svg")}>
              SVG
            </button>
          </div>
          <p role="status" className="export-status">
            {status}
          </p>
        </Later>
      </div>
    </details>
  );
}
