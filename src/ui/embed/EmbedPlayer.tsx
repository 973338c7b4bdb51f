import { useMemo } from "react";
import { encodeScenario } from "../../model/index.ts";
import { useApp } from "../../state/useApp.ts";
import { AccessControls } from "../a11y/AccessControls.tsx";
import { CrashBanner } from "../banner/CrashBanner.tsx";
import { IssuesBanner } from "../banner/IssuesBanner.tsx";
import { ChallengeDock } from "../challenges/ChallengeDock.tsx";
import { ControlPanel } from "../controls/ControlPanel.tsx";
import { SimulationClock } from "../controls/SimulationClock.tsx";
import { SpeedSlider } from "../controls/SpeedSlider.tsx";
import { TransportControls } from "../controls/TransportControls.tsx";
import { LivePanels } from "../layout/LivePanels.tsx";
import { EMBEDDABLE_PANELS } from "./embeddablePanels.tsx";
import type { EmbedOptions } from "./embedKeys.ts";
import { PlayPauseButton } from "./PlayPauseButton.tsx";
import { useEmbedWindow } from "./useEmbedWindow.ts";
import "./embed.css";

const windowText = ({ startS, untilS, loop }: EmbedOptions) =>
  untilS === null ? null : `${startS}–${untilS} s${loop ? ", looping" : ""}`;

/** The compact player an iframe shows: the chosen panels, play/pause, and controls if asked. */
export function EmbedPlayer({ options }: { options: EmbedOptions }) {
  useEmbedWindow(options);
  const name = useApp((state) => state.scenario.name);
  const scenario = useApp((state) => state.scenario);
  const panels = useMemo(
    () =>
      EMBEDDABLE_PANELS.filter((entry) => options.panels.includes(entry.id)).sort(
        (a, b) => options.panels.indexOf(a.id) - options.panels.indexOf(b.id),
      ),
    [options.panels],
  );
  const fullPage = `${window.location.pathname}#${encodeScenario(scenario)}`;
  const windowLabel = windowText(options);
  return (
    <div className="embed">
      <header className="embed-bar">
        <h1 className="embed-title">{name === "" ? "Watch Cache Lab" : name}</h1>
        {options.controls ? <TransportControls /> : <PlayPauseButton />}
        {options.controls && <SpeedSlider />}
        <SimulationClock />
        {windowLabel && <span className="embed-window">window {windowLabel}</span>}
        <a className="embed-open" href={fullPage} target="_blank" rel="noopener">
          Open in Watch Cache Lab
        </a>
        <AccessControls themeToggle={false} />
      </header>
      <CrashBanner />
      <IssuesBanner />
      <div className="embed-challenge">
        <ChallengeDock />
      </div>
      <main className={options.controls ? "embed-main embed-main--controls" : "embed-main"}>
        {options.controls && (
          <aside className="app-controls">
            <ControlPanel />
          </aside>
        )}
        <LivePanels panels={panels} />
      </main>
    </div>
  );
}
