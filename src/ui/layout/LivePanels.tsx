import { Fragment } from "react";
import { useRuntime } from "../../state/runtime-context.ts";
import { FrameSourceContext } from "../panels/shared/frameSource.ts";
import { usePageStatement } from "./pageStatement.ts";
import { PANEL_CATALOG, type PanelEntry } from "./panelCatalog.tsx";
import { useRuntimeFrames } from "./useRuntimeFrames.ts";
import { useStaggeredSnapshots } from "./useStaggeredSnapshots.ts";

/**
 * The panels: their text renders from the store's copy of the snapshot (a few times a second, where
 * numbers can be read; one panel per task), their canvases and rows draw the newest every frame.
 */
export function LivePanels({ panels = PANEL_CATALOG }: { panels?: readonly PanelEntry[] }) {
  const snapshots = useStaggeredSnapshots(panels.length);
  const frames = useRuntimeFrames();
  const { prometheusText } = useRuntime();
  const statement = usePageStatement(snapshots);
  return (
    <FrameSourceContext value={frames}>
      <div className="panel-grid" data-testid="run-panels" {...statement}>
        {panels.map((entry, i) => (
          <Fragment key={entry.id}>
            {entry.render({ snapshot: snapshots[i] ?? null, prometheusText })}
          </Fragment>
        ))}
      </div>
    </FrameSourceContext>
  );
}
