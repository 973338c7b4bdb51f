import { Fragment } from "react";
import { useRuntime } from "../../state/runtime-context.ts";
import { useApp } from "../../state/use-app.ts";
import { FrameSourceContext } from "../panels/shared/frameSource.ts";
import { PANEL_CATALOG, type PanelEntry } from "./panelCatalog.tsx";
import { useRuntimeFrames } from "./useRuntimeFrames.ts";

/**
 * The panels: their text renders from the store's copy of the snapshot (a few times a second, where
 * numbers can be read), their canvases and bars draw the newest snapshot every frame.
 */
export function LivePanels({ panels = PANEL_CATALOG }: { panels?: readonly PanelEntry[] }) {
  const snapshot = useApp((state) => state.snapshot);
  const frames = useRuntimeFrames();
  const { prometheusText } = useRuntime();
  return (
    <FrameSourceContext value={frames}>
      <div className="panel-grid">
        {panels.map((entry) => (
          <Fragment key={entry.id}>{entry.render({ snapshot, prometheusText })}</Fragment>
        ))}
      </div>
    </FrameSourceContext>
  );
}
