import { Fragment } from "react";
import { useRuntime } from "../../state/runtime-context.ts";
import { usePageStatement } from "./pageStatement.ts";
import { PANEL_CATALOG, type PanelEntry } from "./panelCatalog.tsx";
import { useStaggeredSnapshots } from "./useStaggeredSnapshots.ts";

/**
 * The panels: each renders its text, lists and canvases from one snapshot, the store's copy (a few
 * times a second while playing, where numbers can be read; at once when paused), handed to one
 * panel per task.
 */
export function LivePanels({ panels = PANEL_CATALOG }: { panels?: readonly PanelEntry[] }) {
  const snapshots = useStaggeredSnapshots(panels.length);
  const { prometheusText } = useRuntime();
  const statement = usePageStatement(snapshots);
  return (
    <div className="panel-grid" data-testid="run-panels" {...statement}>
      {panels.map((entry, i) => (
        <Fragment key={entry.id}>
          {entry.render({ snapshot: snapshots[i] ?? null, prometheusText })}
        </Fragment>
      ))}
    </div>
  );
}
