import { Fragment, useMemo } from "react";
import type { SimSnapshot } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import type { PanelEntry } from "../layout/panelCatalog.tsx";
import { type FrameSource, FrameSourceContext } from "../panels/shared/frameSource.ts";
import { PanelIdScope } from "../panels/shared/panelIdScope.ts";

interface TwinPanelsProps {
  panels: readonly PanelEntry[];
  sides: { a: string; b: string };
  /** A's and B's snapshots a few times a second, for the panels' text. */
  pair: readonly [SimSnapshot, SimSnapshot] | null;
}

/**
 * The chosen panels twice, A beside B, row by row so each pair lines up. Like the single run's
 * panels, text follows `pair` and canvases draw each side's newest snapshot every frame.
 */
export function TwinPanels({ panels, sides, pair }: TwinPanelsProps) {
  const { live, prometheusText, twinPrometheusText } = useRuntime();
  const frames = useMemo(
    (): readonly [FrameSource, FrameSource] => [
      { get: () => live.get()?.snapshot ?? null, subscribe: live.subscribe },
      { get: () => live.get()?.twin ?? null, subscribe: live.subscribe },
    ],
    [live],
  );
  const side = (entry: PanelEntry, index: 0 | 1) => (
    <div
      className="twin-cell"
      data-side={index === 0 ? "A" : "B"}
      data-testid={`twin-${index === 0 ? "a" : "b"}-${entry.id}`}
    >
      <PanelIdScope value={index === 0 ? "" : "twin-b-"}>
        <FrameSourceContext value={frames[index]}>
          {entry.render({
            snapshot: pair?.[index] ?? null,
            prometheusText: index === 0 ? prometheusText : twinPrometheusText,
            run: index === 0 ? "A" : "B",
          })}
        </FrameSourceContext>
      </PanelIdScope>
    </div>
  );
  return (
    <div className="twin-grid">
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
