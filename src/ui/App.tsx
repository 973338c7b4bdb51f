import type { AppRuntime } from "../state/runtime.ts";
import { RuntimeContext } from "../state/runtime-context.ts";
import { CrashBanner } from "./banner/CrashBanner.tsx";
import { IssuesBanner } from "./banner/IssuesBanner.tsx";
import { NoticeBanner } from "./banner/NoticeBanner.tsx";
import { OpeningBanner } from "./banner/OpeningBanner.tsx";
import { ChallengeDock } from "./challenges/ChallengeDock.tsx";
import { useChallengeKey } from "./challenges/useChallengeKey.ts";
import { RequestInspector } from "./code/RequestInspector.tsx";
import { ControlPanel } from "./controls/ControlPanel.tsx";
import { EmbedPlayer } from "./embed/EmbedPlayer.tsx";
import { usePageKeys } from "./embed/usePageKeys.ts";
import { Header } from "./layout/Header.tsx";
import { Later, MOUNT_TURN } from "./layout/MountTurns.tsx";
import { Narration } from "./narration/Narration.tsx";
import { PresetPrediction } from "./presets/PresetPrediction.tsx";
import { Timeline } from "./timeline/Timeline.tsx";
import { TourDock } from "./tour/TourDock.tsx";
import { RunPanels } from "./twin/RunPanels.tsx";

/** The page: header, banners, controls beside the panels. The runtime is made once, outside. */
export function App({ runtime }: { runtime: AppRuntime }) {
  const { embed } = usePageKeys(runtime);
  useChallengeKey(runtime);
  if (embed !== null) {
    return (
      <RuntimeContext value={runtime}>
        <EmbedPlayer options={embed} />
      </RuntimeContext>
    );
  }
  return (
    <RuntimeContext value={runtime}>
      <div className="app">
        <Header />
        <Timeline />
        <CrashBanner />
        <IssuesBanner />
        <OpeningBanner />
        <NoticeBanner />
        <main className="app-main">
          {/* The column is there from the first frame, so that the panels do not move when the
              controls fill it. */}
          <aside className="app-controls">
            {/* The docks watch the run from its first frame (a tour's triggers, a question's
                verdict, the narration's marks): they mount with the shell, small until used. */}
            <ChallengeDock />
            <PresetPrediction />
            <TourDock />
            <Narration />
            <Later turn={MOUNT_TURN.controls}>
              <ControlPanel />
            </Later>
          </aside>
          {/* With the shell: a tour's timing depends on the panels from the run's first frame
              (e2e/tour.spec.ts caught a trigger seen later), and waiting they are small. */}
          <RunPanels />
          <RequestInspector />
        </main>
      </div>
    </RuntimeContext>
  );
}
