import { useMemo, useState } from "react";
import { TWIN_FIRST_IDS } from "../../content/panels.ts";
import type { ScenarioKey } from "../../model/index.ts";
import { SCENARIO_KEYS } from "../../model/index.ts";
import { readTwin } from "../../state/twin-override.ts";
import { useApp } from "../../state/use-app.ts";
import { DecisionTable } from "../decision/DecisionTable.tsx";
import { PANEL_CATALOG } from "../layout/panelCatalog.tsx";
import { DivergenceStrip } from "./DivergenceStrip.tsx";
import { TwinMetricsTable } from "./TwinMetricsTable.tsx";
import { TwinPanels } from "./TwinPanels.tsx";
import { describeSides } from "./twinLabels.ts";
import { useDivergence } from "./useDivergence.ts";
import "./twin.css";

const followsText = (differing: readonly ScenarioKey[]) =>
  `Live changes and faults apply to both runs, except to ${differing
    .map((key) => SCENARIO_KEYS[key].label)
    .join(", ")}: B keeps its own.`;

/**
 * Twin mode: what differs, where the runs part, the key figures, what the difference trades, and
 * the panels side by side.
 */
export function TwinView({ twin }: { twin: string }) {
  const main = useApp((state) => state.scenario);
  const endTwin = useApp((state) => state.endTwin);
  const reading = useMemo(() => readTwin(twin, main), [twin, main]);
  const [chosen, setChosen] = useState<readonly string[]>(TWIN_FIRST_IDS);
  const { log, pair } = useDivergence();
  if (!reading.ok) return null; // the store drops a twin that does not fit before it gets here
  const sides = describeSides(main, reading.scenario, reading.differing);
  const toggle = (id: string) =>
    setChosen(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);

  return (
    <div className="twin-view">
      <header className="twin-header">
        <div>
          <p className="twin-title">
            <strong>Twin run</strong> — same scenario and seed, one clock.{" "}
            <span className="twin-sides">
              A: {sides.a} · B: {sides.b}
            </span>
          </p>
          <p className="twin-note">{followsText(reading.differing)}</p>
        </div>
        <button type="button" onClick={endTwin}>
          End twin run
        </button>
      </header>
      {pair !== null && (
        <div className="twin-summary">
          <DivergenceStrip samples={log.samples} first={log.first} pair={pair} />
          <TwinMetricsTable a={pair[0]} b={pair[1]} />
        </div>
      )}
      {pair !== null && <DecisionTable pair={pair} />}
      <fieldset className="twin-choose">
        <legend>Panels side by side</legend>
        {PANEL_CATALOG.map((entry) => (
          <label key={entry.id}>
            <input
              type="checkbox"
              checked={chosen.includes(entry.id)}
              onChange={() => toggle(entry.id)}
            />
            {entry.title}
          </label>
        ))}
      </fieldset>
      <TwinPanels
        panels={PANEL_CATALOG.filter((entry) => chosen.includes(entry.id))}
        sides={sides}
        pair={pair}
      />
    </div>
  );
}
