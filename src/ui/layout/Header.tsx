import { useApp } from "../../state/use-app.ts";
import { AccessControls } from "../a11y/AccessControls.tsx";
import { ChallengesMenu } from "../challenges/ChallengesMenu.tsx";
import { ShareButton } from "../controls/ShareButton.tsx";
import { SimulationClock } from "../controls/SimulationClock.tsx";
import { SpeedSlider } from "../controls/SpeedSlider.tsx";
import { TransportControls } from "../controls/TransportControls.tsx";
import { EmbedDialog } from "../embed/EmbedDialog.tsx";
import { ExportMenu } from "../export/ExportMenu.tsx";
import { ObservableWatch } from "../presets/ObservableWatch.tsx";
import { PresetsMenu } from "../presets/PresetsMenu.tsx";
import { ScrapeDialog } from "../scrape/ScrapeDialog.tsx";
import { SweepDialog } from "../sweep/SweepDialog.tsx";
import { CompareButton } from "../twin/CompareButton.tsx";

export function Header() {
  const name = useApp((state) => state.scenario.name);
  return (
    <header className="app-header">
      <div className="app-title">
        <h1>Watch Cache Lab</h1>
        {/* Plain text by construction: React escapes it, and it is never parsed as markup. */}
        <p className="scenario-name" title={name}>
          {name === "" ? "Untitled scenario" : name}
        </p>
      </div>
      <SimulationClock />
      <TransportControls />
      <SpeedSlider />
      <PresetsMenu />
      <ChallengesMenu />
      <ShareButton />
      <CompareButton />
      <SweepDialog />
      <ExportMenu />
      <EmbedDialog />
      <ScrapeDialog />
      <AccessControls />
      <ObservableWatch />
    </header>
  );
}
