import { Fragment } from "react";
import type { SimSnapshot } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { usePageStatement } from "../layout/pageStatement.ts";
import type { PanelEntry } from "../layout/panelCatalog.tsx";
import { PanelIdScope } from "../panels/shared/panelIdScope.ts";

interface TwinPanelsProps {
  panels: readonly PanelEntry[];
  sides: { a: string; b: string };
  /** A's and B's snapshots a few times a second, for the panels' text. */
  pair: readonly [SimSnapshot, SimSnapshot] | null;
}

/**
 * The chosen panels twice, A beside B, row by row so each pair lines up. Like the single run's
 * panels, each side's text and canvases draw its snapshot of `pair`, the page's shown frame.
 */
export function TwinPanels({ panels, sides, pair }: TwinPanelsProps) {
  const { prometheusText, twinPrometheusText } = useRuntime();
  // Both sides render the one pair at once; A's snapshot is the store's, B's is its twin at the
  // same moment (one clock), so the statement names A's.
  const statement = usePageStatement([pair?.[0] ?? null]);
  const side = (entry: PanelEntry, index: 0 | 1) => (
    <div
      className="twin-cell"
      data-side={index === 0 ? "A" : "B"}
      data-testid={`twin-${index === 0 ? "a" : "b"}-${entry.id}`}
    >
      <PanelIdScope value={index === 0 ? "" : "twin-b-"}>
        {entry.render({
          snapshot: pair?.[index] ?? null,
          prometheusText: index === 0 ? prometheusText : twinPrometheusText,
          run: index === 0 ? "A" : "B",
        })}
      </PanelIdScope>
    </div>
  );
  return (
    <div className="twin-grid" data-testid="run-panels" {...statement}>
      <h2 className="twin-side twin-side-a" data-testid="twin-label-a">
        A: {sides.a}
      </h2>
      <h2 className="twin-side twin-side-b" data-testid="twin-label-b">
        B: {sides.b}
      </h2>
      {panels.map((entry) => (
        <Fragment key={entry.id}>
          {side(entry, 0)}
          {side(entry, 1)}
        </Fragment>
      ))}
    </div>
  );
}
