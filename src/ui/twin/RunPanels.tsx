import { useApp } from "../../state/useApp.ts";
import { LivePanels } from "../layout/LivePanels.tsx";
import { TwinView } from "./TwinView.tsx";

/** One run's panels, or, with a `twin` page key, runs A and B side by side. */
export function RunPanels() {
  const twin = useApp((state) => state.pageKeys["twin"]);
  // Keyed by the override: other knobs are another pair of runs, with a history of their own.
  return twin === undefined ? <LivePanels /> : <TwinView key={twin} twin={twin} />;
}
